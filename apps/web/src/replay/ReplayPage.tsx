import type { LobbyView, VariantSummary, ViewEvent } from "@maumau/client";
import type { BotLevel, Lang, Progress } from "@maumau/engine";
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BotLevelField } from "../lobby/BotLevelField";
import type { DeckStyle } from "../cards/names";
import { deckStyleOf, effectRuleIdOf, eventLinesOf, FamilyTable, ruleIdOf } from "../families";
import { keepSeat, storedName, storeName } from "../net/seats";
import { OpenTogether, SharedReplay } from "./SharedReplay";
import { server } from "../net/server";
import { refusalOf } from "@maumau/client";
import { followLink, navigate, paths } from "../router";
import { eventText, penaltyRanks, type EventContext } from "../table/eventText";
import { cardName } from "../cards/names";
import { useChartToggle } from "../chart/useChartToggle";
import { ChartLoading } from "../chart/ChartLoading";
import {
  buildReplay,
  moveSoFar,
  nextStop,
  previousStop,
  seatsAt,
  snapshotAt,
  stopIndexOf,
  type Replay,
} from "./replayLog";
import { WithRuleRefs } from "../rules/WithRuleRefs";
import { seatName, typingInField } from "../table/common";
import { chatLines } from "../chat/chatLines";
import { chatLineText, ReplayChat } from "../chat/ReplayChat";
import { Fairness } from "./Fairness";

const ChartPanel = lazy(() => import("../chart/ChartPanel"));

type Loaded =
  | { readonly status: "loading" }
  | { readonly status: "running" }
  | { readonly status: "failed"; readonly message: string }
  | { readonly status: "ready"; readonly replay: Replay };

/** Steps through a finished match move by move, every hand open, with its fairness proof. */
export default function ReplayPage(props: {
  matchId: string;
  at: number | null;
  /** A shared replay's room id: the room's leader drives the position. */
  room: string | null;
  /** Open a shared replay at once (the match-over screen's link). */
  together: boolean;
  variants: readonly VariantSummary[];
  lang: Lang;
}) {
  const { matchId, at, room, together, variants, lang } = props;
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });

  useEffect(() => {
    let live = true;
    server()
      .api.game.history({ matchId })
      .then((history) => {
        if (!live) return;
        if (!history.full) return setLoaded({ status: "running" });
        const events = history.events as readonly ViewEvent[];
        const created = events.find((e) => e.type === "lobby.created")?.data as { variant: string };
        setLoaded({ status: "ready", replay: buildReplay(created.variant, events) });
      })
      .catch(
        (error: unknown) =>
          live && setLoaded({ status: "failed", message: String((error as Error).message) }),
      );
    return () => {
      live = false;
    };
  }, [matchId]);

  if (loaded.status === "loading") return <p className="page loading">…</p>;
  if (loaded.status === "running") return <p className="page">{t("replay.notOver")}</p>;
  if (loaded.status === "failed") return <p className="page error">{loaded.message}</p>;
  const variant = variants.find((v) => v.id === loaded.replay.variant);
  if (variant === undefined) return null;
  const last = loaded.replay.events.length;
  const stepper = (step: number, go: (n: number) => void, aside: ReactNode) => (
    <Stepper
      replay={loaded.replay}
      variant={variant}
      matchId={matchId}
      step={step}
      go={go}
      lang={lang}
      aside={aside}
    />
  );
  if (room !== null) {
    return (
      <SharedReplay
        key={room}
        roomId={room}
        matchId={matchId}
        last={last}
        moveAt={(step) => loaded.replay.moveAt[step] ?? 0}
        lang={lang}
        fair={loaded.replay.fairness.ok}
        render={stepper}
      />
    );
  }
  // #20.8: a replay opens at the first move, complete (or the linked step), not at the end.
  const { stops, moveAt } = loaded.replay;
  const firstMove = stops.find((s) => (moveAt[s] ?? 0) > 0) ?? stops[0] ?? 0;
  const step = Math.min(Math.max(at ?? firstMove, 0), last);
  return stepper(
    step,
    (n) => navigate(paths.replay(matchId, Math.min(Math.max(n, 0), last)), { replace: true }),
    <OpenTogether matchId={matchId} step={step} lang={lang} now={together} />,
  );
}

/**
 * A finished match at one step, on the live game's own table (#20.8): every hand open, no move
 * enabled, the table's log beside it, a caption under it telling the step's move with what it
 * raised so far (and the rule each of those follows, where one is named).
 */
function Stepper(props: {
  replay: Replay;
  variant: VariantSummary;
  matchId: string;
  /**
   * The step shown (0 … the log's length: the state after that many events) and how to show
   * another. The controls step from move to move (`Replay.stops`); a link may name any step.
   */
  step: number;
  go: (n: number) => void;
  lang: Lang;
  /** Beside the board: the shared replay's room, or the offer to open one. */
  aside: ReactNode;
}) {
  const { replay, variant, matchId, step, go, lang, aside } = props;
  const { t } = useTranslation();
  const last = replay.events.length;
  const { board } = replay;
  const style: DeckStyle = board === null ? "noris" : deckStyleOf(board, variant.id);
  // Every seat as it was last held: the names the log and the chat speak of.
  const names = useMemo(
    () => seatsAt(replay.events, replay.events.length).map((s, i) => seatName(s, i, t)),
    [replay.events, t],
  );
  const ctx = useMemo(
    (): EventContext => ({
      t,
      lang,
      style,
      nameOf: (s: number) => names[s] ?? "?",
      // Captions name the rule of a penalty (N-4.2 for a +2, N-4.3 for a +4, N-5.1, …).
      rule: (key: string) => (board === null ? null : ruleIdOf(board, key)),
      effectRule: (rank: string) => (board === null ? null : effectRuleIdOf(board, rank)),
      penaltyRankAt: penaltyRanks(replay.events),
      ...(board === null ? {} : { lines: eventLinesOf(board.family) }),
    }),
    [t, lang, style, names, board, replay.events],
  );
  const table = useMemo(() => snapshotAt(replay, matchId, step), [replay, matchId, step]);
  const [copied, setCopied] = useState(false);
  const [showChart, toggleChart] = useChartToggle();
  const position = replay.chart[step] ?? null;
  const chat = useMemo(() => chatLines(replay.events), [replay.events]);

  const { stops } = replay;
  const back = () => go(previousStop(replay, step));
  const forward = () => go(nextStop(replay, step));
  const first = () => go(stops[0] ?? 0);
  // "Move 12 of 120", or "Game 2: before move 58 of 120" at a game's deal.
  const game = replay.dealOf[step] ?? null;
  const moveNo = replay.moveAt[step] ?? 0;
  const counter =
    game === null
      ? t("replay.stepOf", { step: moveNo, last: replay.moves })
      : t("replay.gameAt", { game, next: moveNo + 1, last: replay.moves });

  // Left/right a move, Home/End jump (the slider keeps its own keys while it has the focus).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typingInField(e)) return;
      if (e.key === "ArrowLeft") back();
      else if (e.key === "ArrowRight") forward();
      else if (e.key === "Home") first();
      else if (e.key === "End") go(last);
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const current = replay.events[step - 1];
  const upTo = current?.version ?? 0;
  const describe = (e: ViewEvent): string => {
    const text = eventText(e, ctx);
    if (text !== null) return text;
    const [line] = chatLines([e]);
    if (line !== undefined) return chatLineText(line, ctx.nameOf, lang, t);
    return bookkeeping(e, ctx) ?? e.type;
  };
  // The step's move as far as this step: "Bot 3 played green 7 — Draw penalty now 4 (N-4.2)".
  const caption =
    current === undefined
      ? t("replay.start")
      : (() => {
          const told = moveSoFar(replay, step)
            .map((e) => eventText(e, ctx))
            .filter((x): x is string => x !== null);
          // A new turn: the move that led to it, then whose turn it is.
          if (current.type === "turn.started" || told.length === 0) told.push(describe(current));
          return told.join(" — ");
        })();
  return (
    <section
      className="page replay match-page"
      aria-labelledby="replay-heading"
      data-step={step}
      data-move={moveNo}
      data-chart={showChart ? "shown" : "hidden"}
    >
      <h2 id="replay-heading">{t("replay.heading", { variant: variant.names[lang] })}</h2>
      {aside}
      <div className="replay-controls">
        <button type="button" onClick={first} aria-label={t("replay.first")}>
          «
        </button>
        <button type="button" onClick={back} aria-label={t("replay.back")}>
          ◀
        </button>
        <input
          type="range"
          min={0}
          max={stops.length - 1}
          value={stopIndexOf(replay, step)}
          aria-label={t("replay.move")}
          aria-valuetext={counter}
          onChange={(e) => go(stops[Number(e.target.value)] ?? last)}
        />
        <button type="button" onClick={forward} aria-label={t("replay.forward")}>
          ▶
        </button>
        <button type="button" onClick={() => go(last)} aria-label={t("replay.last")}>
          »
        </button>
        <button
          type="button"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(new URL(paths.replay(matchId, step), location.origin).href)
              .then(() => setCopied(true))
          }
        >
          {copied ? t("room.copied") : t("replay.share")}
        </button>
        <button
          type="button"
          className="chart-toggle"
          aria-pressed={showChart}
          onClick={toggleChart}
        >
          {showChart ? t("chart.hide") : t("chart.show")}
        </button>
      </div>
      <div className="match-columns">
        <div className="replay-table">
          {table === null ? (
            <p className="replay-before">{t("replay.before")}</p>
          ) : (
            <Suspense fallback={<p className="loading">…</p>}>
              <FamilyTable
                snapshot={table.snapshot}
                view={table.view}
                log={table.log}
                ticket={null}
                variant={variant}
                lang={lang}
                onRematch={noRematch}
                open={table.open}
              />
            </Suspense>
          )}
          <p className="replay-caption" role="status" aria-live="polite">
            <span className="replay-caption-step">{counter}</span> <WithRuleRefs text={caption} />
          </p>
        </div>
        {showChart && replay.rules !== null ? (
          <Suspense fallback={<ChartLoading />}>
            <ChartPanel
              variantId={replay.variant}
              rules={replay.rules}
              {...(position ? { position } : {})}
              title={t("chart.of", { name: variant.names[lang] })}
            />
          </Suspense>
        ) : null}
      </div>
      <ReplayChat lines={chat.filter((l) => l.version <= upTo)} nameOf={ctx.nameOf} lang={lang} />
      <ContinueFrom
        matchId={matchId}
        version={current?.version ?? 0}
        progress={replay.progress[step] ?? null}
        names={names}
        lang={lang}
      />
      <details className="replay-log" open>
        <summary>{t("replay.all", { count: last })}</summary>
        <ol>
          {replay.events.map((e, i) => (
            <li key={e.version} aria-current={i + 1 === step ? "step" : undefined}>
              <a href={paths.replay(matchId, i + 1)} onClick={followLink}>
                {describe(e)}
              </a>
            </li>
          ))}
        </ol>
      </details>
      <Fairness replay={replay} lang={lang} />
    </section>
  );
}

/**
 * The events the table's log leaves out (its bookkeeping), told for the replay's whole log
 * and its captions; null for one it does not know.
 */
function bookkeeping(e: ViewEvent, ctx: EventContext): string | null {
  const { t, nameOf } = ctx;
  const d = (e.data ?? {}) as { seat?: number; card?: string };
  const name = d.seat === undefined ? "?" : nameOf(d.seat);
  const card = d.card ? cardName(ctx.style, d.card, ctx.lang) : "";
  switch (e.type) {
    case "turn.started":
      return t("table.turnOf", { name });
    case "lobby.created":
      return t("events.created");
    case "match.started":
      return t("events.matchStarted");
    case "cards.dealt":
      return t("events.dealt");
    case "pile.dealt":
      return t("events.pileDealt", { name, card });
    case "special.returned":
      return t("events.specialReturned", { card });
    case "colour.requested":
      return t("events.colourRequested", { name });
    case "card.drawn":
      return t("events.drewOne", { name });
    default:
      return null;
  }
}

/** A replay's table offers no rematch: it is read-only. */
const noRematch = () => undefined;

/**
 * "Continue from here": a new practice match from this position, the person at a seat of their
 * choice (the seat to act by default) and bots at the others.
 */
function ContinueFrom(props: {
  matchId: string;
  version: number;
  progress: Progress | null;
  names: readonly string[];
  lang: Lang;
}) {
  const { matchId, version, progress, names, lang } = props;
  const { t } = useTranslation();
  const [name, setName] = useState(storedName);
  const [seat, setSeat] = useState<number | null>(null);
  const [level, setLevel] = useState<BotLevel>("heuristic");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const playable = progress !== null && progress.status !== "matchOver";
  const chosen = seat ?? progress?.toAct ?? 0;
  const start = async () => {
    setError(null);
    if (name.trim() === "") return setError(t("lobby.needName"));
    setBusy(true);
    try {
      storeName(name.trim());
      const ticket = await server().api.lobby.continueFrom({
        matchId,
        at: version,
        name: name.trim(),
        level,
        seat: chosen,
      });
      keepSeat({ matchId: ticket.matchId, seat: ticket.seat, token: ticket.token });
      navigate(paths.match(ticket.matchId));
    } catch (e) {
      setError(refusalOf(e).message[lang]);
      setBusy(false);
    }
  };
  return (
    <section className="continue-from" aria-labelledby="continue-heading">
      <h3 id="continue-heading">{t("replay.continue.heading")}</h3>
      {playable ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void start();
          }}
        >
          <p>{t("replay.continue.about")}</p>
          <label>
            {t("lobby.name")}
            <input value={name} onChange={(e) => setName(e.target.value)} maxLength={40} />
          </label>
          <label>
            {t("replay.continue.seat")}
            <select value={chosen} onChange={(e) => setSeat(Number(e.target.value))}>
              {names.map((n, i) => (
                <option key={i} value={i}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <BotLevelField value={level} onChange={setLevel} />
          <button type="submit" disabled={busy}>
            {t("replay.continue.start")}
          </button>
          {error ? <p role="alert">{error}</p> : null}
        </form>
      ) : (
        <p>{t("replay.continue.unavailable")}</p>
      )}
    </section>
  );
}

export type { LobbyView };

import type { LobbyView, VariantSummary, ViewEvent } from "@maumau/client";
import type { BotLevel, ClassicState, HeulDochState, Lang, Progress } from "@maumau/engine";
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BotLevelField } from "../lobby/BotLevelField";
import { Card } from "../cards/Card";
import { colourName, deckStyleOf, type DeckStyle } from "../cards/names";
import { keepSeat, storedName, storeName } from "../net/seats";
import { OpenTogether, SharedReplay } from "./SharedReplay";
import { server } from "../net/server";
import { RemoteRefusal } from "@maumau/client";
import { followLink, navigate, paths } from "../router";
import { eventText } from "../table/eventText";
import { useChartToggle } from "../chart/useChartToggle";
import { buildReplay, type Replay } from "./replayLog";
import { chatLines } from "../chat/chatLines";
import { chatLineText, ReplayChat } from "../chat/ReplayChat";

const ChartPanel = lazy(() => import("../chart/ChartPanel"));

type Loaded =
  | { readonly status: "loading" }
  | { readonly status: "running" }
  | { readonly status: "failed"; readonly message: string }
  | { readonly status: "ready"; readonly replay: Replay; readonly names: readonly string[] };

/** Seat names from the log's lobby events (the last claim of each seat). */
function namesOf(
  events: readonly ViewEvent[],
  t: (k: string, o?: Record<string, unknown>) => string,
): string[] {
  const created = events.find((e) => e.type === "lobby.created")?.data as
    { seats?: number } | undefined;
  const names = Array.from({ length: created?.seats ?? 0 }, (_, i) => t("seat.seat", { n: i + 1 }));
  for (const e of events) {
    const d = e.data as { seat?: number; name?: string } | null;
    if (d?.seat === undefined) continue;
    if (e.type === "seat.claimed" && d.name) names[d.seat] = d.name;
    if (e.type === "bot.seated") names[d.seat] = `${t("seat.bot")} ${d.seat + 1}`;
  }
  return names;
}

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
        setLoaded({
          status: "ready",
          replay: buildReplay(created.variant, events),
          names: namesOf(events, t),
        });
      })
      .catch(
        (error: unknown) =>
          live && setLoaded({ status: "failed", message: String((error as Error).message) }),
      );
    return () => {
      live = false;
    };
  }, [matchId, t]);

  if (loaded.status === "loading") return <p className="page loading">…</p>;
  if (loaded.status === "running") return <p className="page">{t("replay.notOver")}</p>;
  if (loaded.status === "failed") return <p className="page error">{loaded.message}</p>;
  const variant = variants.find((v) => v.id === loaded.replay.variant);
  if (variant === undefined) return null;
  const last = loaded.replay.events.length;
  const stepper = (step: number, go: (n: number) => void, aside: ReactNode) => (
    <Stepper
      replay={loaded.replay}
      names={loaded.names}
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
        lang={lang}
        fair={loaded.replay.fairness.ok}
        render={stepper}
      />
    );
  }
  // #20.8: a replay opens at the first move (or the linked step), not at the end.
  const firstMove = loaded.replay.events.findIndex((e) => MOVES.has(e.type)) + 1;
  const step = Math.min(Math.max(at ?? firstMove, 0), last);
  return stepper(
    step,
    (n) => navigate(paths.replay(matchId, Math.min(Math.max(n, 0), last)), { replace: true }),
    <OpenTogether matchId={matchId} step={step} lang={lang} now={together} />,
  );
}

/** The events a player's move starts with: where a replay opens (#20.8). */
const MOVES: ReadonlySet<string> = new Set([
  "deck.cut",
  "card.played",
  "special.played",
  "cards.drawn",
  "colour.chosen",
]);

function Stepper(props: {
  replay: Replay;
  names: readonly string[];
  variant: VariantSummary;
  matchId: string;
  /** The move shown (0 … the log's length) and how to show another. */
  step: number;
  go: (n: number) => void;
  lang: Lang;
  /** Beside the board: the shared replay's room, or the offer to open one. */
  aside: ReactNode;
}) {
  const { replay, names, variant, matchId, step, go, lang, aside } = props;
  const { t } = useTranslation();
  const last = replay.events.length;
  const state = replay.states[step] as (ClassicState & HeulDochState) | null;
  const rules = (state as ClassicState | null)?.rules;
  const style: DeckStyle = deckStyleOf(replay.family, rules?.deck, variant.id);
  const ctx = useMemo(
    () => ({
      t,
      lang,
      style,
      nameOf: (s: number) => names[s] ?? "?",
      // Captions name the rule of a penalty (N-4.2, N-5.1, …).
      rule: (key: string) =>
        ((rules as { ruleIds?: Readonly<Record<string, string>> } | undefined)?.ruleIds ?? {})[
          key
        ] ?? null,
    }),
    [t, lang, style, names, rules],
  );
  const [copied, setCopied] = useState(false);
  const [showChart, toggleChart] = useChartToggle();
  const position = replay.chart[step] ?? null;
  const chat = useMemo(() => chatLines(replay.events), [replay.events]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement | null)?.tagName === "INPUT") return;
      if (e.key === "ArrowLeft") go(step - 1);
      else if (e.key === "ArrowRight") go(step + 1);
      else if (e.key === "Home") go(0);
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
    const seat = (e.data as { seat?: number } | null)?.seat;
    return e.type === "turn.started" && seat !== undefined
      ? t("table.turnOf", { name: names[seat] })
      : e.type;
  };
  return (
    <section className="page replay" aria-labelledby="replay-heading" data-step={step}>
      <h2 id="replay-heading">{t("replay.heading", { variant: variant.names[lang] })}</h2>
      {aside}
      <div className="replay-controls">
        <button type="button" onClick={() => go(0)} aria-label={t("replay.first")}>
          «
        </button>
        <button type="button" onClick={() => go(step - 1)} aria-label={t("replay.back")}>
          ◀
        </button>
        <input
          type="range"
          min={0}
          max={last}
          value={step}
          aria-label={t("replay.move")}
          aria-valuetext={t("replay.stepOf", { step, last })}
          onChange={(e) => go(Number(e.target.value))}
        />
        <button type="button" onClick={() => go(step + 1)} aria-label={t("replay.forward")}>
          ▶
        </button>
        <button type="button" onClick={() => go(last)} aria-label={t("replay.last")}>
          »
        </button>
        <span role="status">{t("replay.stepOf", { step, last })}</span>
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
      </div>
      <p className="replay-event" aria-live="polite">
        {current ? describe(current) : t("replay.start")}
      </p>
      {state === null ? (
        <p>{t("replay.before")}</p>
      ) : replay.family === "classic" ? (
        <ClassicBoard state={state} names={names} style={style} lang={lang} variant={variant} />
      ) : (
        <HeulDochBoard state={state} names={names} lang={lang} />
      )}
      <button type="button" className="chart-toggle" aria-pressed={showChart} onClick={toggleChart}>
        {showChart ? t("chart.hide") : t("chart.show")}
      </button>
      {showChart && replay.rules !== null ? (
        <Suspense fallback={<p className="loading">{t("chart.loading")}</p>}>
          <ChartPanel
            variantId={replay.variant}
            rules={replay.rules}
            {...(position ? { position } : {})}
            title={t("chart.of", { name: variant.names[lang] })}
          />
        </Suspense>
      ) : null}
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
      <Fairness replay={replay} />
    </section>
  );
}

function Hand(props: { cards: readonly string[]; style: DeckStyle; lang: Lang; seat: number }) {
  return (
    <ul className="replay-hand" data-hand={props.seat}>
      {props.cards.map((c, i) => (
        <li key={`${c}:${i}`} data-card={c}>
          <Card code={c} style={props.style} lang={props.lang} />
        </li>
      ))}
    </ul>
  );
}

function ClassicBoard(props: {
  state: ClassicState;
  names: readonly string[];
  style: DeckStyle;
  lang: Lang;
  variant: VariantSummary;
}) {
  const { state, names, style, lang, variant } = props;
  const { t } = useTranslation();
  const top = state.discard.at(-1) ?? null;
  return (
    <div className="replay-board">
      <p className="replay-facts">
        {t("table.game", { n: state.game })} · {t("table.direction")}:{" "}
        {state.direction === 1 ? t("table.cw") : t("table.ccw")} ·{" "}
        {t("table.drawPile", { count: state.drawPile.length })}
        {state.wish && ` · ${t("table.wish", { colour: colourName(style, state.wish, lang) })}`}
        {state.pendingDraw > 0 && ` · ${t("table.pending", { count: state.pendingDraw })}`}
      </p>
      <div className="centre">
        {top ? (
          <Card code={top} style={style} lang={lang} />
        ) : (
          <span className="empty">{t("table.noTop")}</span>
        )}
        <Card code={null} style={style} lang={lang} back={variant.theme.cardBack} />
      </div>
      {state.hands.map((hand, seat) => (
        <ReplaySeat key={seat} name={names[seat]} toAct={state.turn === seat} cards={hand.length}>
          <Hand cards={hand} style={style} lang={lang} seat={seat} />
        </ReplaySeat>
      ))}
    </div>
  );
}

/** One seat of the replay board, every hand open: its name, card count and what it holds. */
function ReplaySeat(props: {
  name: string | undefined;
  toAct: boolean;
  cards: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className={`replay-seat ${props.toAct ? "to-act" : ""}`} aria-label={props.name}>
      <h3>
        {props.name} · {t("seat.cards", { count: props.cards })}
      </h3>
      {props.children}
    </section>
  );
}

function HeulDochBoard(props: { state: HeulDochState; names: readonly string[]; lang: Lang }) {
  const { state, names, lang } = props;
  const { t } = useTranslation();
  return (
    <div className="replay-board">
      <p className="replay-facts">
        {t("table.game", { n: state.game })} ·{" "}
        {t("table.drawPile", { count: state.drawPile.length })}
      </p>
      <div className="centre">
        {state.middle.at(-1) ? (
          <Card code={state.middle.at(-1)!} style="heul-doch" lang={lang} />
        ) : null}
      </div>
      {state.hands.map((hand, seat) => (
        <ReplaySeat key={seat} name={names[seat]} toAct={state.turn === seat} cards={hand.length}>
          <Hand cards={hand} style="heul-doch" lang={lang} seat={seat} />
          <ul className="replay-pile" aria-label={t("table.pileOf", { name: names[seat] })}>
            {(state.piles[seat] ?? []).map((c, i) => (
              <li key={i} className={c.faceDown ? "was-onion" : ""} data-card={c.card}>
                <Card code={c.card} style="heul-doch" lang={lang} />
              </li>
            ))}
          </ul>
        </ReplaySeat>
      ))}
    </div>
  );
}

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
      setError(e instanceof RemoteRefusal ? e.refusal.message[lang] : String(e));
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

/** Provable fairness, checked here in the browser from the revealed seed. */
function Fairness({ replay }: { replay: Replay }) {
  const { t } = useTranslation();
  const report = replay.fairness;
  const commitments = replay.events
    .filter((e) => e.type === "game.started")
    .map((e) => e.data as { game: number; commitment?: string });
  return (
    <section className="fairness" aria-labelledby="fairness-heading" data-ok={report.ok}>
      <h3 id="fairness-heading">{t("replay.fairness")}</h3>
      <p role="status">
        {report.ok
          ? t("replay.fair", { checks: report.checks })
          : t("replay.unfair", { problems: report.problems.join("; ") })}
      </p>
      <dl>
        <dt>{t("replay.seed")}</dt>
        <dd>
          <code>{String(report.seed)}</code>
        </dd>
        {commitments.map((c) => (
          <div key={c.game}>
            <dt>{t("replay.commitment", { n: c.game })}</dt>
            <dd>
              <code>{c.commitment ?? "—"}</code>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export type { LobbyView };

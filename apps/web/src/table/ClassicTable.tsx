import {
  turnDeadline,
  wordWith,
  type Calls,
  type MatchSnapshot,
  type SeatTicket,
  type VariantSummary,
  type ViewEvent,
} from "@maumau/client";
import type { ClassicView, Command, Lang, PileCard } from "@maumau/engine";
import { useMemo, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { AtTable } from "../layout/atTable";
import { TableSettings } from "../motion/TableSettings";
import { useTableMotion } from "../motion/useTableMotion";
import { Card } from "../cards/Card";
import { cardName, classicDeckStyle, colourName, splitCard } from "../cards/names";
import { classic } from "../families/classic";
import type { FamilyTableProps } from "../families/WebFamily";
import {
  ChoicePanel,
  digitOf,
  EventLog,
  HandCards,
  KeyHelp,
  OpenHand,
  RefusalBanner,
  SeatBadge,
  TurnStatus,
  seatName,
  useActions,
  useCountdown,
  useKeys,
  type PanelChoice,
} from "./common";
import { CountedCard, GameEnd, ScoreTable, type SeatResult } from "./GameEnd";
import { Control, idleReason } from "./controls";
import { CutPanel, CutResult } from "./CutPanel";
import { has, playableCards, toClientCommand, type Choice } from "./moves";

export interface TableProps {
  readonly snapshot: MatchSnapshot;
  readonly log: readonly ViewEvent[];
  readonly ticket: SeatTicket | null;
  readonly variant: VariantSummary;
  readonly lang: Lang;
  readonly onRematch: () => void;
  /** A replay's table: read-only, every hand open. */
  readonly open?: OpenTable;
}

/**
 * What a replay's table shows beyond a spectator's view (#20.8): every hand open, as the log
 * shows it once the match is over ("Always true" 4). A table given one is read-only: no move
 * is enabled, no card flies, and the end offers no next game or rematch.
 */
export interface OpenTable {
  /** Every seat's hand, by seat. */
  readonly hands: readonly (readonly string[])[];
  /** Heul doch!: every seat's whole pile, bottom first, onions with their cards. */
  readonly piles?: readonly (readonly PileCard[])[];
}

/** The log a read-only table hands its motion: none (a replay steps, nothing flies). */
export const NO_LOG: readonly ViewEvent[] = [];

const NO_CALLS: Calls = { mau: false, mauMau: false };

/** The table of the classic shedding games: noris, tabaluga, french, bavarian, house rules. */
export default function ClassicTable(props: FamilyTableProps<ClassicView>) {
  const { snapshot, view, log, ticket, variant, lang, onRematch, open } = props;
  const { t } = useTranslation();
  const style = classicDeckStyle(view.rules.deck, variant.id);
  const seats = snapshot.lobby.seats;
  const me = typeof snapshot.viewer === "number" ? snapshot.viewer : null;
  const names = seats.map((s, i) => seatName(s, i, t));
  const { send, refusal, dismiss, busy } = useActions(snapshot, ticket);
  const [calls, setCalls] = useState<Calls>(NO_CALLS);
  const [choosing, setChoosing] = useState<{ card: string; choices: Choice[] } | null>(null);
  const [help, setHelp] = useState(false);
  const [cutSeen, setCutSeen] = useState<string | null>(null);
  const playable = useMemo(() => playableCards(snapshot.legal), [snapshot.legal]);
  const secondsLeft = useCountdown(turnDeadline(snapshot));
  const hand = view.hand ?? [];
  const myTurn = me !== null && snapshot.progress?.toAct === me;
  const colourChoices = snapshot.legal.filter(
    (c): c is Extract<Command, { type: "chooseColour" }> => c.type === "chooseColour",
  );
  const mauCall =
    variant.theme.words?.calls?.mau?.[lang] ??
    (style === "french" ? t("table.knock") : t("table.mau"));
  const mauMauCallable = view.rules.calls.mauMau.required;
  const mauCallable = view.rules.calls.mau.required;
  // Each control says why it does not apply (not your turn, the cut, the end), or null.
  const idle =
    open === undefined
      ? idleReason(snapshot, me, view.phase, names, busy, t)
      : t("table.why.replay");
  const why = {
    draw: idle ?? (has(snapshot.legal, "drawCard") ? null : t("table.why.noDraw")),
    pass: idle ?? (has(snapshot.legal, "pass") ? null : t("table.why.noPass")),
    // N-5.1/N-5.2: a call is the player's own, allowed on any play: never hinted by the hand.
    mau: idle,
    mauMau: idle,
  };

  const playCommand = async (command: Command) => {
    setChoosing(null);
    if (await send(toClientCommand(command, calls))) setCalls(NO_CALLS);
  };

  const playCard = (card: string) => {
    const choices = playable.get(card);
    if (choices === undefined) {
      // Not among the legal moves: the server says why, with the rule it breaks.
      void send(toClientCommand({ type: "playCard", seat: me ?? 0, card }, calls));
      return;
    }
    if (choices.length === 1 && choices[0]) void playCommand(choices[0].command);
    else setChoosing({ card, choices });
  };

  const draw = () => {
    const c = has(snapshot.legal, "drawCard") ?? { type: "drawCard", seat: me ?? 0 };
    void send(toClientCommand(c, null));
  };
  const pass = () => void send({ type: "pass" });

  const panel: { title: string; choices: PanelChoice[]; cancel: boolean } | null = choosing
    ? {
        title: t("table.chooseWish"),
        cancel: true,
        choices: choosing.choices.map((c) => ({
          key: c.key,
          label: c.what.kind === "wish" ? colourName(style, c.what.colour, lang) : t("table.play"),
          ...(c.what.kind === "wish" && variant.theme.colours[c.what.colour]
            ? { swatch: variant.theme.colours[c.what.colour]!.css }
            : {}),
          onPick: () => void playCommand(c.command),
        })),
      }
    : colourChoices.length > 0
      ? {
          title: t("table.chooseColour"),
          cancel: false,
          choices: colourChoices.map((c) => ({
            key: c.colour,
            label: colourName(style, c.colour, lang),
            ...(variant.theme.colours[c.colour]
              ? { swatch: variant.theme.colours[c.colour]!.css }
              : {}),
            onPick: () => void send({ type: "chooseColour", colour: c.colour }),
          })),
        }
      : null;

  useKeys((event) => {
    const digit = digitOf(event.key);
    if (panel !== null) {
      if (digit !== null) {
        panel.choices[digit - 1]?.onPick();
        event.preventDefault();
      } else if (event.key === "Escape" && panel.cancel) setChoosing(null);
      return;
    }
    if (digit !== null) {
      const button = document.querySelector<HTMLButtonElement>(`[data-hand-index="${digit - 1}"]`);
      button?.focus();
      event.preventDefault();
      return;
    }
    switch (event.key.toLowerCase()) {
      case "d":
        if (why.draw === null) draw();
        break;
      case "p":
        if (why.pass === null) pass();
        break;
      case "m":
        if (mauCallable && why.mau === null) setCalls((c) => ({ ...c, mau: !c.mau }));
        break;
      case "n":
        if (snapshot.progress?.status === "gameOver" && ticket)
          void send({ type: "startNextGame" });
        break;
      case "?":
        setHelp((h) => !h);
        break;
      case "escape":
        dismiss();
        break;
      default:
        return;
    }
  });

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const card = event.dataTransfer.getData("text/x-maumau-card");
    if (card) playCard(card);
  };

  const over =
    snapshot.progress?.status === "gameOver" || snapshot.progress?.status === "matchOver";
  const toAct = snapshot.progress?.toAct ?? null;
  const order = me === null ? seats.map((_, i) => i) : seats.map((_, i) => (me + i) % seats.length);
  const others = order.filter((s) => s !== me);
  const motion = useTableMotion({
    log: open === undefined ? log : NO_LOG,
    viewer: me,
    myTurn: myTurn && !over,
    style,
    lang,
    back: variant.theme.cardBack,
  });
  // N-6.2/F-6.2/B-6.2: at the end every hand is counted in the open, card by card.
  const results: SeatResult[] = (view.revealedHands ?? []).map((cards, seat) => ({
    seat,
    points: view.scores?.[seat] ?? 0,
    note: null,
    cards:
      cards.length === 0 ? (
        <span className="end-empty">{t("end.noCards")}</span>
      ) : (
        cards.map((card, i) => (
          <CountedCard
            key={`${card}:${i}`}
            points={view.rules.values[splitCard(card).rank] ?? null}
          >
            <Card code={card} style={style} lang={lang} />
          </CountedCard>
        ))
      ),
  }));

  return (
    <section
      ref={motion.ref}
      className={`table classic style-${style}`}
      data-version={snapshot.version}
      aria-label={t("table.label")}
      style={{ "--table": variant.theme.table } as React.CSSProperties}
    >
      <AtTable />
      {motion.layer}
      <div className="status" role="status" aria-live="polite">
        <TurnStatus
          snapshot={snapshot}
          names={names}
          secondsLeft={secondsLeft}
          cutting={view.phase === "cutting"}
        />
        <span>{t("table.game", { n: view.game })}</span>
        <span>
          {t("table.direction")}: {view.direction === "cw" ? t("table.cw") : t("table.ccw")}
        </span>
        {view.wish && (
          <span className="wish" data-wish={view.wish}>
            {wordWith(variant.theme.words?.wish, lang, colourName(style, view.wish, lang)) ??
              t("table.wish", { colour: colourName(style, view.wish, lang) })}
          </span>
        )}
        {view.pendingDraw > 0 && (
          <span className="pending">{t("table.pending", { count: view.pendingDraw })}</span>
        )}
        {view.anyCardAllowed && <span>{t("table.anyCard")}</span>}
      </div>
      <TableSettings motion={open === undefined} />

      {refusal && (
        <RefusalBanner refusal={refusal} variant={variant.id} lang={lang} onDismiss={dismiss} />
      )}

      <GameEnd
        snapshot={snapshot}
        ticket={ticket}
        names={names}
        lang={lang}
        game={view.game}
        gameWinners={view.gameWinner === null ? [] : [view.gameWinner]}
        matchWinners={view.winners}
        results={results}
        history={view.history}
        totals={view.totals}
        resultsTitle={t("end.hands")}
        send={send}
        onRematch={onRematch}
        readOnly={open !== undefined}
      />

      <div className="opponents">
        {others.map((s) => (
          <SeatBadge
            key={s}
            seat={seats[s]!}
            name={names[s]!}
            cards={view.handCounts[s] ?? 0}
            you={false}
            toAct={toAct === s && !over}
            secondsLeft={toAct === s ? secondsLeft : null}
          >
            {open ? (
              <OpenHand
                seat={s}
                name={names[s]!}
                cards={open.hands[s] ?? []}
                style={style}
                lang={lang}
              />
            ) : (
              <div className="mini-hand" aria-hidden="true">
                {Array.from({ length: Math.min(view.handCounts[s] ?? 0, 12) }, (_, i) => (
                  <Card
                    key={i}
                    code={null}
                    style={style}
                    lang={lang}
                    back={variant.theme.cardBack}
                    decorative
                  />
                ))}
              </div>
            )}
          </SeatBadge>
        ))}
      </div>

      <div className="centre">
        {open ? (
          <div
            className="pile draw-pile"
            role="img"
            aria-label={t("table.drawPile", { count: view.drawPile })}
          >
            <Card code={null} style={style} lang={lang} back={variant.theme.cardBack} decorative />
            <span className="pile-count">{view.drawPile}</span>
          </div>
        ) : (
          <button
            type="button"
            className="pile draw-pile"
            onClick={draw}
            disabled={why.draw !== null}
            title={why.draw ?? undefined}
            aria-label={`${t("table.draw")} – ${t("table.drawPile", { count: view.drawPile })}`}
          >
            <Card code={null} style={style} lang={lang} back={variant.theme.cardBack} decorative />
            <span className="pile-count">{view.drawPile}</span>
          </button>
        )}
        <div
          className="pile discard"
          onDragOver={(e) => e.preventDefault()}
          onDrop={onDrop}
          aria-label={
            view.top ? t("table.top", { card: cardName(style, view.top, lang) }) : t("table.noTop")
          }
          role="group"
        >
          {view.top ? (
            <Card
              key={`${view.discardCount}:${view.top}`}
              className="just-played"
              code={view.top}
              style={style}
              lang={lang}
            />
          ) : (
            <span className="empty">{t("table.noTop")}</span>
          )}
        </div>
      </div>

      {view.phase === "cutting" && toAct !== null && (
        <CutPanel
          key={`${view.game}:${toAct}`}
          view={view}
          mine={myTurn}
          cutterName={names[toAct] ?? ""}
          busy={busy}
          onCut={(command) => void send(command)}
        />
      )}
      {view.phase !== "cutting" && view.cut && !over && cutSeen !== `${view.game}` && (
        <CutResult
          view={view}
          style={style}
          lang={lang}
          me={me}
          cutterName={names[view.cut.seat] ?? ""}
          onDismiss={() => setCutSeen(`${view.game}`)}
        />
      )}

      {me !== null && seats[me] ? (
        <SeatBadge
          className="me"
          seat={seats[me]}
          name={names[me]!}
          cards={hand.length}
          you
          toAct={myTurn && !over}
          secondsLeft={myTurn ? secondsLeft : null}
        >
          <div className="controls">
            {mauCallable && (
              <Control
                className="call"
                pressed={calls.mau}
                reason={why.mau}
                title={t("table.callHint")}
                onClick={() => setCalls((c) => ({ ...c, mau: !c.mau }))}
              >
                {mauCall} <kbd>M</kbd>
              </Control>
            )}
            {mauMauCallable && (
              <Control
                className="call"
                pressed={calls.mauMau}
                reason={why.mauMau}
                title={t("table.callHint")}
                onClick={() => setCalls((c) => ({ ...c, mauMau: !c.mauMau }))}
              >
                {t("table.mauMau")}
              </Control>
            )}
            <Control reason={why.draw} onClick={draw}>
              {t("table.draw")} <kbd>D</kbd>
            </Control>
            <Control reason={why.pass} onClick={pass}>
              {t("table.pass")} <kbd>P</kbd>
            </Control>
            <KeyHelp open={help} onToggle={() => setHelp((h) => !h)} />
          </div>
          {/* The colour picker sits beside the hand, never over it (#20.7). */}
          <div className={`hand-row${panel ? " choosing" : ""}`}>
            <HandCards
              hand={hand}
              style={style}
              lang={lang}
              myTurn={myTurn}
              busy={busy}
              playable={playable}
              marked={view.drawnCard}
              markClass="drawn"
              onCard={playCard}
            />
            {panel && (
              <ChoicePanel
                title={panel.title}
                choices={panel.choices}
                {...(panel.cancel ? { onCancel: () => setChoosing(null) } : {})}
              />
            )}
          </div>
        </SeatBadge>
      ) : open ? null : (
        <p className="spectator-note">{t("table.spectator")}</p>
      )}

      {!over && view.history.length > 0 && (
        <ScoreTable
          names={names}
          games={view.history}
          totals={view.totals}
          current={-1}
          winners={[]}
        />
      )}
      <EventLog
        log={log}
        ctx={{
          t,
          lang,
          style,
          nameOf: (s) => names[s] ?? "?",
          rule: (key) => classic.ruleId(view, key),
          effectRule: (rank) => classic.effectRuleId(view, rank),
        }}
      />
    </section>
  );
}

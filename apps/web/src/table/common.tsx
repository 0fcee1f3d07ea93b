import {
  refusalOf,
  seatName as nameOfSeat,
  type ClientCommand,
  type ErrorRefusal,
  type MatchSnapshot,
  type SeatTicket,
  type SeatView,
  type ViewEvent,
} from "@maumau/client";
import type { Lang } from "@maumau/engine";
import type { TFunction } from "i18next";
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import { server } from "../net/server";
import { followLink, paths } from "../router";
import { Card } from "../cards/Card";
import { cardName, type DeckStyle } from "../cards/names";
import { eventText, penaltyRanks, type EventContext } from "./eventText";
import { ReactionBubble } from "../chat/ChatPanel";
import { PresenceTag } from "./presence";
import { WithRuleRefs } from "../rules/WithRuleRefs";

/** A seat's name as the table shows it: the player's name, "Bot 2", or "Seat 3". */
export const seatName = (seat: SeatView | undefined, index: number, t: TFunction): string =>
  nameOfSeat(seat, index, {
    bot: (n) => `${t("seat.bot")} ${n}`,
    seat: (n) => t("seat.seat", { n }),
  });

/** Sends the seat's commands; a refusal is kept to be explained, never swallowed. */
export function useActions(snapshot: MatchSnapshot, ticket: SeatTicket | null) {
  const [refusal, setRefusal] = useState<ErrorRefusal | null>(null);
  const [busy, setBusy] = useState(false);
  const send = useCallback(
    async (command: ClientCommand): Promise<boolean> => {
      if (ticket === null) return false;
      setBusy(true);
      try {
        await server().api.game.command({
          matchId: snapshot.matchId,
          token: ticket.token,
          commandId: crypto.randomUUID(),
          command,
        });
        setRefusal(null);
        return true;
      } catch (error) {
        setRefusal(refusalOf(error));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [snapshot.matchId, ticket],
  );
  return { send, refusal, dismiss: () => setRefusal(null), busy };
}

/** An illegal move, explained: the engine's own message and a link to the rule it broke. */
export function RefusalBanner(props: {
  refusal: ErrorRefusal;
  variant: string;
  lang: Lang;
  onDismiss: () => void;
}) {
  const { refusal, variant, lang, onDismiss } = props;
  const { t } = useTranslation();
  return (
    <div className="refusal" role="alert" data-code={refusal.code}>
      <strong>{t("table.refused")}:</strong> <span>{refusal.message[lang]}</span>
      {refusal.rule && (
        <>
          {" "}
          <a
            href={paths.rules(variant, refusal.rule)}
            onClick={followLink}
            data-rule={refusal.rule}
          >
            {t("table.rule", { id: refusal.rule })}
          </a>
        </>
      )}
      <button type="button" className="link" onClick={onDismiss} aria-label={t("table.dismiss")}>
        ×
      </button>
    </div>
  );
}

/** Seconds left on the turn timer; the server's commit time plus the match's turn time. */
export function useCountdown(deadline: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}

export function SeatBadge(props: {
  seat: SeatView;
  name: string;
  cards: number;
  you: boolean;
  toAct: boolean;
  secondsLeft: number | null;
  children?: ReactNode;
  className?: string;
}) {
  const { seat, name, cards, you, toAct, secondsLeft, children, className } = props;
  const { t } = useTranslation();
  return (
    <section
      className={`seat ${toAct ? "to-act" : ""} ${className ?? ""}`}
      aria-label={name}
      data-seat={seat.seat}
      aria-current={toAct ? "true" : undefined}
    >
      <ReactionBubble seat={seat.seat} />
      <header>
        <span className="seat-name">
          <span className="seat-name-text">{name}</span>
          {you && <span className="tag">{t("seat.you")}</span>}
          {seat.kind === "bot" && (
            <span
              className="tag bot"
              data-level={seat.level ?? undefined}
              title={t("seat.botLevel", { level: t(`lobby.level.${seat.level ?? "heuristic"}`) })}
            >
              {t("seat.bot")} · {t(`seat.levels.${seat.level ?? "heuristic"}`)}
            </span>
          )}
          {seat.away && <span className="tag away">{t("seat.away")}</span>}
          {!you && <PresenceTag seat={seat} />}
        </span>
        <span className="seat-count">{t("seat.cards", { count: cards })}</span>
      </header>
      {toAct && (
        <p className="seat-turn">
          {t("seat.toAct")}
          {secondsLeft !== null && ` · ${t("table.timer", { seconds: secondsLeft })}`}
        </p>
      )}
      {children}
    </section>
  );
}

export function EventLog(props: { log: readonly ViewEvent[]; ctx: EventContext }) {
  const { log } = props;
  const ctx = { ...props.ctx, penaltyRankAt: penaltyRanks(log) };
  const headingId = useId();
  const lines = log
    .map((e) => ({ version: e.version, text: eventText(e, ctx) }))
    .filter((l): l is { version: number; text: string } => l.text !== null)
    .slice(-12)
    .reverse();
  const more = useScrollCue<HTMLUListElement>(`${lines.length}:${lines[0]?.version}`);
  return (
    <aside className="log" aria-labelledby={headingId} data-more={more.edges}>
      <h3 id={headingId}>{ctx.t("table.log")}</h3>
      <ul ref={more.ref} aria-live="polite" tabIndex={0} aria-labelledby={headingId}>
        {lines.map((l) => (
          <li key={l.version}>
            <WithRuleRefs text={l.text} />
          </li>
        ))}
      </ul>
    </aside>
  );
}

/**
 * Which edges of a scrolling box have more behind them ("above", "below", both, or undefined
 * when everything is in view), kept up to date as it scrolls, as it resizes, as its content
 * changes (`content`: a key of its children) and as any child resizes with no change of the
 * box: a line that reflows (a font that arrives late, another language, text zoom) while the
 * box stays at its most height moves what is out of view without a scroll or a move.
 * Only a look (the box's fades): the content itself is untouched for screen readers.
 */
function useScrollCue<E extends HTMLElement>(content: string) {
  const ref = useRef<E>(null);
  const [edges, setEdges] = useState<string | undefined>(undefined);
  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    // A pixel's slack: zoom gives fractional scroll positions.
    const above = box.scrollTop > 1;
    const below = box.scrollTop + box.clientHeight < box.scrollHeight - 1;
    setEdges(above && below ? "above below" : above ? "above" : below ? "below" : undefined);
  }, []);
  useLayoutEffect(measure, [measure, content]);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.addEventListener("scroll", measure, { passive: true });
    return () => box.removeEventListener("scroll", measure);
  }, [measure]);
  // The box and each child it has now (new children come with a new `content`).
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    const resized = new ResizeObserver(measure);
    resized.observe(box);
    for (const child of box.children) resized.observe(child);
    return () => resized.disconnect();
  }, [measure, content]);
  return { ref, edges };
}

export interface PanelChoice {
  readonly key: string;
  readonly label: string;
  readonly swatch?: string;
  readonly onPick: () => void;
}

/** A small dialog of numbered choices (wish colour, where a card goes); 1–9 pick, Esc closes. */
export function ChoicePanel(props: {
  title: string;
  choices: readonly PanelChoice[];
  onCancel?: () => void;
}) {
  const { title, choices, onCancel } = props;
  const { t } = useTranslation();
  const first = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const headingId = useId();
  useEffect(() => {
    first.current?.focus({ preventScroll: true });
    // The whole panel in view, not only its first choice: beside a tall hand it may open
    // below the window's edge.
    panel.current?.scrollIntoView({ block: "nearest" });
  }, [title]);
  // Colours (a swatch each) sit two by two: four choices take two rows beside the hand (under
  // it, as wide as it, on a phone; one under another in the column beside the seat on a
  // desktop's classic table).
  const swatches = choices.every((c) => c.swatch !== undefined);
  return (
    <div
      ref={panel}
      className={swatches ? "choices colour-choices" : "choices"}
      role="dialog"
      aria-labelledby={headingId}
    >
      <h3 id={headingId}>{title}</h3>
      <ol>
        {choices.map((c, i) => (
          <li key={c.key}>
            <button
              type="button"
              ref={i === 0 ? first : undefined}
              onClick={c.onPick}
              data-choice={c.key}
            >
              <kbd>{i + 1}</kbd>
              {c.swatch && (
                <span className="swatch" style={{ background: c.swatch }} aria-hidden="true" />
              )}
              {c.label}
            </button>
          </li>
        ))}
      </ol>
      {onCancel && (
        <button type="button" className="link" onClick={onCancel}>
          {t("table.cancel")} <kbd>Esc</kbd>
        </button>
      )}
    </div>
  );
}

/** Whether a key press is meant for a form field rather than the table. */
export const typingInField = (event: KeyboardEvent): boolean => {
  const target = event.target as HTMLElement | null;
  return (
    target !== null &&
    (target.tagName === "INPUT" ||
      target.tagName === "TEXTAREA" ||
      target.tagName === "SELECT" ||
      target.isContentEditable)
  );
};

/** Keyboard play: one listener per table while it is shown. */
export function useKeys(handler: (event: KeyboardEvent) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const listen = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typingInField(event)) return;
      ref.current(event);
    };
    window.addEventListener("keydown", listen);
    return () => window.removeEventListener("keydown", listen);
  }, []);
}

/** The digit a key stands for (1–9, 0 = 10), or null. */
export const digitOf = (key: string): number | null =>
  /^[0-9]$/.test(key) ? (key === "0" ? 10 : Number(key)) : null;

export function KeyHelp(props: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="key-help">
      <button
        type="button"
        className="link"
        aria-expanded={props.open}
        aria-controls={id}
        onClick={props.onToggle}
      >
        ⌨ {t("table.keys")} <kbd>?</kbd>
      </button>
      <p id={id} hidden={!props.open}>
        {t("table.keysHelp")}
      </p>
    </div>
  );
}

/** Whose turn it is, and the timer; at a game's end the result banner speaks instead. */
export function TurnStatus(props: {
  snapshot: MatchSnapshot;
  names: readonly string[];
  secondsLeft: number | null;
  /** The deck is being cut (B-2.2): the seat to act cuts rather than plays. */
  cutting?: boolean;
}) {
  const { snapshot, names, secondsLeft, cutting = false } = props;
  const { t } = useTranslation();
  const status = snapshot.progress?.status;
  const toAct = snapshot.progress?.toAct ?? null;
  const over = status === "gameOver" || status === "matchOver";
  const mine = toAct !== null && toAct === snapshot.viewer;
  const text = over
    ? ""
    : mine
      ? t(cutting ? "table.yourCut" : "table.yourTurn")
      : toAct !== null
        ? t(cutting ? "table.why.cutting" : "table.turnOf", { name: names[toAct] })
        : "";
  const timer = !over && secondsLeft !== null ? t("table.timer", { seconds: secondsLeft }) : "";
  // Nothing to say (a game's or the match's end): no element, which would leave a gap in the
  // status bar before the next item.
  if (text === "" && timer === "") return null;
  return (
    <span className="status-turn">
      {text === "" || timer === "" ? text + timer : `${text} · ${timer}`}
    </span>
  );
}

/**
 * The viewer's hand fanned: every card a named button (1–9, 0 focus it), playable ones raised
 * and the others dimmed on the viewer's turn, draggable onto a pile.
 */
export function HandCards(props: {
  hand: readonly string[];
  style: DeckStyle;
  lang: Lang;
  myTurn: boolean;
  busy: boolean;
  playable: ReadonlyMap<string, unknown>;
  /** One card shown apart (the card just drawn, or the one selected). */
  marked: string | null;
  markClass: "drawn" | "selected";
  onCard: (card: string) => void;
}) {
  const { hand, style, lang, myTurn, busy, playable, marked, markClass, onCard } = props;
  const { t } = useTranslation();
  return (
    <ul className="hand" aria-label={t("table.yourHand")}>
      {hand.map((card, i) => {
        const ok = playable.has(card);
        return (
          <li key={`${card}:${i}`}>
            <button
              type="button"
              className={`hand-card ${myTurn ? (ok ? "playable" : "dimmed") : ""} ${marked === card ? markClass : ""}`}
              data-hand-index={i}
              data-card={card}
              data-playable={ok}
              {...(markClass === "selected" ? { "aria-pressed": marked === card } : {})}
              aria-label={`${i < 10 ? `${(i + 1) % 10}: ` : ""}${cardName(style, card, lang)}`}
              draggable={myTurn}
              onDragStart={(e) => e.dataTransfer.setData("text/x-maumau-card", card)}
              onClick={() => onCard(card)}
              disabled={busy}
            >
              <Card code={card} style={style} lang={lang} decorative />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A seat's hand shown open (a replay, #20.8): every card face up, small and overlapping, in
 * the order the seat holds them. The list is named after the seat; each card by its name.
 */
export function OpenHand(props: {
  seat: number;
  name: string;
  cards: readonly string[];
  style: DeckStyle;
  lang: Lang;
}) {
  const { seat, name, cards, style, lang } = props;
  const { t } = useTranslation();
  return (
    <ul className="open-hand" data-hand={seat} aria-label={t("table.handOf", { name })}>
      {cards.map((card, i) => (
        <li key={`${card}:${i}`} data-card={card}>
          <Card code={card} style={style} lang={lang} />
        </li>
      ))}
    </ul>
  );
}

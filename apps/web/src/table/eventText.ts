import { PenaltyRanks, type ViewEvent } from "@maumau/client";
import type { Lang } from "@maumau/engine";
import type { TFunction } from "i18next";
import { cardName, colourName, type DeckStyle } from "../cards/names";

export interface EventContext {
  readonly t: TFunction;
  readonly lang: Lang;
  readonly style: DeckStyle;
  /** A seat's name as the table shows it. */
  readonly nameOf: (seat: number) => string;
  /** The rule id the variant gives a rule key (`view.rules.ruleIds`), to name a penalty's rule. */
  readonly rule?: (key: string) => string | null;
  /** The rule id of a rank's effect (`view.rules.effects`): a +4's penalty is N-4.3. */
  readonly effectRule?: (rank: string) => string | null;
  /** The rank whose pending draw a penalty draw at this version took (`penaltyRanks`). */
  readonly penaltyRankAt?: (version: number) => string | null;
  /** The family's own lines (`WebFamily.eventLines`), asked before the shared ones. */
  readonly lines?: EventLines;
}

/** A family's lines of the table's log by event type; null for bookkeeping nobody reads. */
export type EventLines = Readonly<
  Partial<Record<string, (data: EventData, ctx: EventContext) => string | null>>
>;

/** " (N-5.1)" for a rule key the variant names, or "". */
const ruleTag = (ctx: EventContext, key: string): string => {
  const id = ctx.rule?.(key) ?? null;
  return id ? ` (${id})` : "";
};

/**
 * " (N-4.3)": a draw penalty names the rule of the card that raised it (a +2's N-4.2, a +4's
 * N-4.3), or the rule of pending draws when that card is not known.
 */
const penaltyTag = (ctx: EventContext, rank: string | null): string => {
  const id = (rank === null ? null : (ctx.effectRule?.(rank) ?? null)) ?? ctx.rule?.("pending");
  return id ? ` (${id})` : "";
};

/**
 * For each penalty draw of a log (`cards.drawn`, reason `penalty`), the rank that raised it:
 * the last `penalty.raised` before it. A log that starts after the raise knows none.
 */
export function penaltyRanks(log: readonly ViewEvent[]): (version: number) => string | null {
  const ranks = new Map<number, string>();
  const penalties = new PenaltyRanks();
  for (const e of log) {
    const rank = penalties.next(e);
    if (rank !== null) ranks.set(e.version, rank);
  }
  return (version) => ranks.get(version) ?? null;
}

/** An event's data, read field by field. */
export type EventData = Readonly<Record<string, unknown>>;
/** A number field of an event's data, -1 when it has none. */
export const num = (d: EventData, k: string): number => (typeof d[k] === "number" ? d[k] : -1);
/** A text field of an event's data, "" when it has none. */
export const str = (d: EventData, k: string): string => (typeof d[k] === "string" ? d[k] : "");

/** One line of the table's log for an event, or null for bookkeeping nobody needs to read. */
export function eventText(e: ViewEvent, ctx: EventContext): string | null {
  const { t, lang, style, nameOf } = ctx;
  const d = (e.data ?? {}) as EventData;
  const own = ctx.lines?.[e.type];
  if (own !== undefined) return own(d, ctx);
  const name = nameOf(num(d, "seat"));
  const card = (code: string) => cardName(style, code, lang);
  switch (e.type) {
    case "card.played": {
      const played = t("events.played", { name, card: card(str(d, "card")) });
      const wish = str(d, "wish");
      const calls = [d.mau === true ? "Mau!" : "", d.mauMau === true ? "Mau-Mau!" : ""]
        .filter(Boolean)
        .join(" ");
      return [
        played,
        wish
          ? t("events.wished", { name, colour: colourName(style, wish, lang) }) +
            ruleTag(ctx, "wish")
          : "",
        calls,
      ]
        .filter(Boolean)
        .join(" · ");
    }
    case "colour.chosen":
      return (
        t("events.colour", { name, colour: colourName(style, str(d, "colour"), lang) }) +
        ruleTag(ctx, "wish")
      );
    case "cards.drawn": {
      const count = num(d, "count") >= 0 ? num(d, "count") : ((d.cards as unknown[]) ?? []).length;
      const reason = str(d, "reason");
      // A penalty names its rule: the card that raised it (N-4.2, N-4.3), a missed call (N-5.1).
      const tag =
        reason === "penalty"
          ? penaltyTag(ctx, ctx.penaltyRankAt?.(e.version) ?? null)
          : reason === "call"
            ? ruleTag(ctx, "mau")
            : "";
      return t("events.drew", { name, count }) + tag;
    }
    case "card.drawn":
      return null;
    case "penalty.raised":
      return (
        t("events.penalty", { count: num(d, "total") }) + penaltyTag(ctx, str(d, "rank") || null)
      );
    case "player.skipped":
      return t("events.skipped", { name });
    case "direction.reversed":
      return t("events.reversed");
    case "playAgain.required":
      return t("events.again", { name }) + ruleTag(ctx, "playAgain");
    case "call.missed":
      return (
        t("events.missed", { name, call: d.call === "mauMau" ? "Mau-Mau" : "Mau" }) +
        ruleTag(ctx, d.call === "mauMau" ? "mauMau" : "mau")
      );
    case "starter.turned":
      return t("events.starter", { card: card(str(d, "card")) }) + ruleTag(ctx, "starter");
    case "pile.reshuffled":
      return t("events.reshuffled");
    case "game.started":
      return t("events.gameStarted", { n: num(d, "game") });
    case "game.ended": {
      const winner =
        typeof d.winner === "number" ? d.winner : (d.winners as number[] | undefined)?.[0];
      return typeof winner === "number"
        ? t("events.gameEnded", { name: nameOf(winner) })
        : t("events.gameEndedNone");
    }
    case "match.ended": {
      const winners = Array.isArray(d.winners) ? (d.winners as number[]) : [];
      const names = new Intl.ListFormat(lang, { type: "conjunction" }).format(
        winners.map((s) => nameOf(s)),
      );
      return t("events.matchEnded", { names });
    }
    case "deck.cut": {
      // B-2.2: the card reaches only the cutter's events; the others see where and if kept.
      const bottom = str(d, "bottom");
      return [
        t("events.cut", { name, count: num(d, "at") }) + ruleTag(ctx, "cut"),
        bottom ? t("events.cutCard", { card: card(bottom) }) : "",
        d.kept === true ? t("events.cutKept", { name }) : "",
      ]
        .filter(Boolean)
        .join(" · ");
    }
    case "seat.claimed":
      return t("events.joined", { name: str(d, "name") });
    case "seat.released":
      return t("events.left", { n: num(d, "seat") + 1 });
    case "bot.seated":
      return t("events.bot");
    case "seat.botTakenOver":
      return t("events.away", { name });
    case "seat.returned":
      return t("events.back", { name });
    case "seat.timedOut":
      return t("events.timedOut", { name });
    case "lobby.rematched":
      return typeof d.by === "number" ? t("events.rematched", { name: nameOf(d.by) }) : null;
    default:
      return null;
  }
}

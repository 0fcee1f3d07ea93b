import { effectRuleOf, PenaltyRanks, ruleIdOf } from "@maumau/client";
import type { ChalkInstance } from "chalk";
import type { CardStyle } from "./cards.js";
import type { Texts, Who } from "./texts.js";
import { isRecord, numbers } from "./view.js";
import { winnersOf } from "../simulate.js";

export type Ev = { readonly type: string; readonly data?: unknown };

/** What a line of the table's log needs to know: names, texts, the card look. */
export interface EventContext {
  readonly t: Texts;
  readonly style: CardStyle;
  readonly c: ChalkInstance;
  readonly who: (seat: number) => Who;
  /** The game the table is in (for the line that ends it). */
  readonly game: () => number;
  /** Any other value, shown as data. */
  readonly show: (value: unknown) => string;
  /** The rule id the variant gives a rule key (`view.rules.ruleIds`), to name it in a line. */
  readonly rule?: (key: string) => string | null;
  /** The rule id of a rank's effect (`view.rules.effects`): a +4's penalty is N-4.3. */
  readonly effectRule?: (rank: string) => string | null;
  /** The calls the variant has (`callsIn`); unknown: every call made is told. */
  readonly calls?: () => Calls | null;
  /** Kept by the table from line to line: what a line needs of the events before it. */
  readonly memory?: EventMemory;
}

/** The calls a variant has; `knock`: its "mau" is a knock (the French deck, F-5.1). */
export interface Calls {
  readonly mau: boolean;
  readonly mauMau: boolean;
  readonly knock: boolean;
}

/**
 * What the lines remember: which rank raised the pending draw (its penalty names that card's
 * rule: N-4.2 for a +2, N-4.3 for a +4) and the call just missed.
 */
export interface EventMemory {
  readonly penalties: PenaltyRanks;
  missedCall: "mau" | "mauMau" | null;
  /**
   * The game the lines have reached (the last `game.started`'s number), so that a game's end
   * told after the next game began (a late joiner's catch-up, a watcher's first frame) names
   * its own game, not the table's current one; null until the lines know it.
   */
  game: number | null;
}

export const eventMemory = (): EventMemory => ({
  penalties: new PenaltyRanks(),
  missedCall: null,
  game: null,
});

/**
 * Readies `memory` for a batch of events told in order (a catch-up that may begin inside a
 * game): when it does not know the game yet and the batch starts a game, the events before that
 * start belong to the game before it.
 */
export function rememberGameOf(memory: EventMemory, events: readonly Ev[]): void {
  if (memory.game !== null) return;
  const start = events.find((e) => e.type === "game.started");
  const game = isRecord(start?.data) ? Number(start.data.game) : NaN;
  if (Number.isInteger(game) && game > 1) memory.game = game - 1;
}

/** The classic rules of a view, if it has them. */
function rulesIn(view: unknown): Record<string, unknown> | null {
  return isRecord(view) && isRecord(view.rules) ? view.rules : null;
}

/** The calls a view's rules require (N-5, B-5, F-5); null for a view without them. */
export function callsIn(view: unknown): Calls | null {
  const calls = rulesIn(view)?.calls;
  if (!isRecord(calls) || !isRecord(calls.mau) || !isRecord(calls.mauMau)) return null;
  const deck = rulesIn(view)?.deck;
  return {
    mau: calls.mau.required === true,
    mauMau: calls.mauMau.required === true,
    knock: typeof deck === "string" && deck.startsWith("french"),
  };
}

/** The lookups of a table's lines in the variant's rules, read off its current view. */
export function rulesOfView(
  view: () => unknown,
): Required<Pick<EventContext, "rule" | "effectRule" | "calls">> {
  return {
    rule: (key) => ruleIdOf(view(), key),
    effectRule: (rank) => effectRuleOf(view(), rank),
    calls: () => callsIn(view()),
  };
}

/** One line for an event as the viewer sees it, or null for bookkeeping nobody reads. */
export function describeEvent(e: Ev, ctx: EventContext, next?: Ev): string | null {
  const { t, style, c } = ctx;
  const d = isRecord(e.data) ? e.data : {};
  const seat = typeof d.seat === "number" ? d.seat : -1;
  const who = ctx.who(seat);
  const memory = ctx.memory;
  switch (e.type) {
    case "match.started":
    case "match.ended":
    case "turn.started":
      return null;
    case "game.started":
      if (memory) {
        memory.penalties.next(e);
        memory.missedCall = null;
        if (Number.isInteger(d.game)) memory.game = Number(d.game);
      }
      return (
        "\n" +
        c.bold(
          t.gameStarts(
            Number(d.game),
            typeof d.dealer === "number" ? ctx.who(d.dealer) : null,
            typeof d.first === "number" ? ctx.who(d.first) : null,
          ),
        )
      );
    case "cards.dealt":
      return numbers(d.counts) ? t.dealt(numbers(d.counts)!) : null;
    case "starter.turned":
      return t.starter(style.card(String(d.card)), d.anyCard === true);
    case "card.played": {
      // Heul doch!: a card goes onto a pile (H-3.1), face up or as an onion.
      if (typeof d.to === "number") {
        const card = d.faceDown === true || typeof d.card !== "string" ? null : style.card(d.card);
        return t.placed(who, card, d.to === seat ? null : ctx.who(d.to));
      }
      let text = t.played(who, style.card(String(d.card)));
      if (typeof d.wish === "string")
        text += style.word("wished", d.wish) ?? t.wished(who, style.colour(d.wish));
      // Only the calls the variant has (a call it lacks is no call, N-5.2), by their name.
      const calls = ctx.calls?.() ?? null;
      if (d.mau === true && (calls === null || calls.mau))
        text += calls?.knock ? t.knocks(who) : t.saysMau;
      if (d.mauMau === true && (calls === null || calls.mauMau)) text += t.saysMauMau;
      return text + ".";
    }
    case "call.missed":
      if (memory) memory.missedCall = d.call === "mauMau" ? "mauMau" : "mau";
      return c.yellow(
        t.callMissed(
          who,
          d.call === "mauMau" ? "mauMau" : "mau",
          ctx.rule?.(d.call === "mauMau" ? "mauMau" : "mau") ?? null,
        ),
      );
    case "cards.drawn": {
      const why = String(d.reason);
      // A penalty names its rule: the card that raised it (N-4.2 for a +2, N-4.3 for a +4),
      // the call that was missed (N-5.1, B-5.3); a draw that ends the turn says so (N-3.2).
      // Read before the line is made, so that the memory follows every event, told or not.
      const rank = memory?.penalties.next(e) ?? null;
      const rule =
        why === "penalty"
          ? ((rank === null ? null : (ctx.effectRule?.(rank) ?? null)) ??
            ctx.rule?.("pending") ??
            null)
          : why === "call"
            ? (ctx.rule?.(memory?.missedCall ?? "mau") ?? null)
            : why === "playAgain"
              ? (ctx.rule?.("playAgain") ?? null)
              : (ctx.rule?.("drawnCard") ?? null);
      if (memory && why === "call") memory.missedCall = null;
      const reason = t.drawReason(why, why === "turn" ? null : rule);
      const cards = Array.isArray(d.cards) ? (d.cards as string[]) : null;
      const count = cards ? cards.length : Number(d.count);
      if (count === 0) return t.drewNothing(who);
      const text = cards
        ? t.drewCards(who, style.cards(cards), reason)
        : t.drewCount(who, count, reason);
      if (who.you && d.playable === true) return `${text} ${t.mayPlayDrawn}`;
      // N-3.2, F-3.2, B-3.2: the drawn card cannot be played; B-4.4: nor the one drawn
      // after an Ass.
      // C-1.8d/C-3.2: drawing until a card fits is one draw after another in one turn; only
      // the last of them (the cap, or an empty stock) ends it.
      const drawsOn =
        next?.type === "cards.drawn" &&
        isRecord(next.data) &&
        next.data.seat === d.seat &&
        next.data.reason === "turn";
      return who.you && (why === "turn" || why === "playAgain") && !drawsOn
        ? `${text} ${t.turnEnds(rule)}`
        : text;
    }
    case "pile.reshuffled":
      return t.reshuffled(Number(d.size));
    case "penalty.raised":
      memory?.penalties.next(e);
      return t.pendingRaised(Number(d.total));
    case "direction.reversed":
      return t.reversed(d.direction === 1);
    case "player.skipped":
      return t.skipped(who);
    case "playAgain.required":
      return t.playAgain(who);
    case "colour.requested":
      return t.colourRequested(who);
    case "colour.chosen":
      return t.colourChosen(who, style.colour(String(d.colour)));
    case "deck.cut": {
      // B-2.2: `bottom` reaches the cutter's events alone.
      const bottom = typeof d.bottom === "string" ? style.card(d.bottom) : null;
      return t.cut(who, Number(d.at), bottom, d.kept === true);
    }
    case "game.ended": {
      const game = memory?.game ?? ctx.game();
      const winners = winnersOf([e]) ?? [];
      if (winners.length === 0) return c.bold(t.gameStalled(game));
      return c.bold(winners.map((w) => t.gameWon(ctx.who(w), game)).join(" "));
    }
    case "pile.dealt":
      return t.pileStarts(who, style.card(String(d.card)));
    case "turn.passedOver":
      return t.passedOver(who);
    case "card.placed": {
      const to = typeof d.to === "number" ? d.to : seat;
      const card = d.faceDown === true ? null : style.card(String(d.card));
      return t.placed(who, card, to === seat ? null : ctx.who(to));
    }
    case "special.played":
      return t.specialPlayed(
        who,
        style.card(String(d.card)),
        typeof d.target === "number" ? ctx.who(d.target) : null,
        typeof d.direction === "string" ? d.direction : null,
      );
    case "tops.catapulted": {
      const cards = Array.isArray(d.cards)
        ? d.cards.flatMap((x: unknown) =>
            isRecord(x) && typeof x.card === "string" ? [x.card] : [],
          )
        : [];
      return t.topsCatapulted(style.cards(cards));
    }
    case "tops.moved":
      return t.topsMoved;
    case "tops.turned":
      return t.topsTurned;
    case "card.drawn":
      return t.drewOne(who, typeof d.card === "string" ? style.card(d.card) : null);
    default:
      return c.dim(`${e.type} ${ctx.show(e.data)}`);
  }
}

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
}

/** The rule id of `key` in a view's rules, or null. */
export function ruleIdIn(view: unknown, key: string): string | null {
  const rules = isRecord(view) && isRecord(view.rules) ? view.rules : null;
  const ids = rules && isRecord(rules.ruleIds) ? rules.ruleIds : null;
  const id = ids?.[key];
  return typeof id === "string" ? id : null;
}

/** One line for an event as the viewer sees it, or null for bookkeeping nobody reads. */
export function describeEvent(e: Ev, ctx: EventContext): string | null {
  const { t, style, c } = ctx;
  const d = isRecord(e.data) ? e.data : {};
  const seat = typeof d.seat === "number" ? d.seat : -1;
  const who = ctx.who(seat);
  switch (e.type) {
    case "match.started":
    case "match.ended":
    case "turn.started":
      return null;
    case "game.started":
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
      if (typeof d.wish === "string") text += t.wished(who, style.colour(d.wish));
      if (d.mau === true) text += t.saysMau;
      if (d.mauMau === true) text += t.saysMauMau;
      return text + ".";
    }
    case "call.missed":
      return c.yellow(
        t.callMissed(
          who,
          d.call === "mauMau" ? "mauMau" : "mau",
          ctx.rule?.(d.call === "mauMau" ? "mauMau" : "mau") ?? null,
        ),
      );
    case "cards.drawn": {
      const why = String(d.reason);
      // A penalty names its rule (N-4.2, N-5.1, …); a draw that ends the turn says so (N-3.2).
      const reason = t.drawReason(
        why,
        ctx.rule?.(why === "penalty" ? "pending" : why === "call" ? "mau" : "drawnCard") ?? null,
      );
      const cards = Array.isArray(d.cards) ? (d.cards as string[]) : null;
      const count = cards ? cards.length : Number(d.count);
      if (count === 0) return t.drewNothing(who);
      const text = cards
        ? t.drewCards(who, style.cards(cards), reason)
        : t.drewCount(who, count, reason);
      if (who.you && d.playable === true) return `${text} ${t.mayPlayDrawn}`;
      return who.you && why === "turn"
        ? `${text} ${t.turnEnds(ctx.rule?.("drawnCard") ?? null)}`
        : text;
    }
    case "pile.reshuffled":
      return t.reshuffled(Number(d.size));
    case "penalty.raised":
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
      const game = ctx.game();
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

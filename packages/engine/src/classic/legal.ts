import type { Command, Seat } from "../core/types.js";
import { refusalFor } from "./checks.js";
import { deckColours, effectOf, isWishCard } from "./predicates.js";
import { handOf, isOver, type ClassicState } from "./state.js";

/**
 * Every command the seat may send now, each accepted by `decide`. Candidates are built from
 * the seat's own hand and public facts only, then filtered through the same checks as
 * `decide`, so hints, bots and the referee can never disagree. Calls ("mau", "Mau-Mau") are
 * always made correctly here.
 */
export function legalClassicMoves(s: ClassicState, seat: Seat): Command[] {
  if (isOver(s) || s.turn !== seat) return [];
  const out: Command[] = [];
  const accept = (c: Command) => {
    if (refusalFor(s, c) === null) out.push(c);
  };
  const hand = handOf(s, seat);
  switch (s.phase) {
    case "cutting": {
      // B-2.2: `keep` means "keep it if it is an Unter" and is never refused for the card, so
      // both forms are offered for every position and nothing depends on the secret order.
      for (let at = 1; at < s.drawPile.length; at++) {
        accept({ type: "cut", seat, at });
        accept({ type: "cut", seat, at, keep: true });
      }
      return out;
    }
    case "choosingColour":
      for (const colour of deckColours(s.rules)) accept({ type: "chooseColour", seat, colour });
      return out;
    default: {
      const left = hand.length - 1;
      const { rules } = s;
      // Only the calls the variant has, and only where they apply: no "Mau-Mau" on a last
      // card that cannot finish (B-4.4: an Ass played last needs no call).
      const callsFor = (card: string) => ({
        mau: left === 1 && rules.calls.mau.required,
        mauMau:
          left === 0 &&
          rules.calls.mauMau.required &&
          !(rules.playAgainCannotFinish && effectOf(rules, card)?.kind === "playAgain"),
      });
      for (const card of new Set(hand)) {
        const calls = callsFor(card);
        if (isWishCard(s.rules, card) && left > 0)
          for (const wish of deckColours(s.rules))
            accept({ type: "playCard", seat, card, wish, ...calls });
        else accept({ type: "playCard", seat, card, ...calls });
      }
      accept({ type: "drawCard", seat });
      accept({ type: "pass", seat });
      return out;
    }
  }
}

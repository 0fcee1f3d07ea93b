import type { Command, Seat } from "../core/types.js";
import { heulDochRefusal } from "./checks.js";
import { isSpecial, neighboursOf } from "./predicates.js";
import { handOfSeat, isGameOver, type HeulDochState } from "./state.js";

/**
 * Every command the seat may send now, each accepted by `decide`. Candidates are built from
 * the seat's own hand and the seat numbers only, then filtered through the same checks as
 * `decide`, so hints, bots and the referee can never disagree.
 */
export function legalHeulDochMoves(s: HeulDochState, seat: Seat): Command[] {
  if (isGameOver(s) || s.phase !== "playing" || s.turn !== seat) return [];
  const out: Command[] = [];
  const accept = (c: Command) => {
    if (heulDochRefusal(s, c) === null) out.push(c);
  };
  for (const card of new Set(handOfSeat(s, seat))) {
    if (!isSpecial(card)) {
      for (const to of neighboursOf(s.players, seat)) accept({ type: "playCard", seat, card, to });
      accept({ type: "playCard", seat, card });
      accept({ type: "playCard", seat, card, faceDown: true });
    } else if (card === "towel") {
      for (let target = 0; target < s.players; target++)
        accept({ type: "playCard", seat, card, target });
    } else if (card === "carousel") {
      accept({ type: "playCard", seat, card, direction: "left" });
      accept({ type: "playCard", seat, card, direction: "right" });
    } else accept({ type: "playCard", seat, card });
  }
  return out;
}

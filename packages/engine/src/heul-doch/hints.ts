/** Heul doch! hints (H-3) for the table: pure rule functions, light enough for the browser. */
import type { CardCode } from "../cards/codes.js";
import type { RuleId, Seat } from "../core/types.js";
import {
  isClosedTop,
  isNeighbour,
  isSpecial,
  neighboursOf,
  sameColourOrRank,
} from "./predicates.js";

/** A pile's top as a seat sees it (state.ts `PileCard` or view.ts `PileCardView`). */
export interface SeenTop {
  readonly card: CardCode | null;
  readonly faceDown: boolean;
}

/**
 * Why a card may or may not go to a pile (H-3), for newcomers:
 * - `fitsNeighbour`: it fits a neighbour's open top (H-3.1a); `must` when it fits no other way
 *   face up (H-3.2: a card that fits a neighbour may not stay on your own pile face up);
 * - `ownPile`: face up on your own pile (H-3.1b);
 * - `onion`: face down on your own pile, always (H-3.1c);
 * - `givesAway`: it fits a neighbour, so not face up on your own pile (H-3.2);
 * - `noMatch`/`noMatchOwn`: the top takes it not (H-3.1a/b);
 * - `closed`: an onion or an empty pile takes nothing from a neighbour (H-3.3);
 * - `notNeighbour`: piles of players who are not your neighbours never count (H-3.4);
 * - `special`: special cards go to the middle, never onto a pile (H-3.1, H-4).
 */
export type PileReason =
  | "fitsNeighbour"
  | "ownPile"
  | "onion"
  | "givesAway"
  | "noMatch"
  | "noMatchOwn"
  | "closed"
  | "notNeighbour"
  | "special";

export interface PileHint {
  /** The seat whose pile it is. */
  readonly to: Seat;
  readonly faceDown: boolean;
  readonly allowed: boolean;
  readonly reason: PileReason;
  readonly rule: RuleId;
  /** `fitsNeighbour`: the card must leave the hand this way or face down (H-3.2). */
  readonly must: boolean;
  /** The top card the reason speaks of, when it is open. */
  readonly top: CardCode | null;
}

/**
 * H-3: where `card` may go from `seat`'s hand and why, pile by pile, from what the seat sees (the
 * tops): every pile face up, and the seat's own pile face down. The same rule functions as
 * `placements` (predicates.ts), so the hint and the referee agree (hints.test.ts).
 */
export function pileHints(
  players: number,
  tops: readonly (SeenTop | null)[],
  seat: Seat,
  card: CardCode,
): PileHint[] {
  const topOf = (s: Seat): SeenTop | null => tops[s] ?? null;
  const openCard = (s: Seat): CardCode | null => {
    const top = topOf(s);
    return top && !top.faceDown ? top.card : null;
  };
  const fits = (s: Seat): boolean => {
    const top = openCard(s);
    return top !== null && sameColourOrRank(card, top);
  };
  const out: PileHint[] = [];
  const hint = (
    to: Seat,
    faceDown: boolean,
    allowed: boolean,
    reason: PileReason,
    rule: RuleId,
    must = false,
  ) => out.push({ to, faceDown, allowed, reason, rule, must, top: openCard(to) });
  if (isSpecial(card)) {
    for (let s = 0; s < players; s++) hint(s, false, false, "special", "H-3.1");
    return out;
  }
  const fitted = neighboursOf(players, seat).filter(fits);
  for (let s = 0; s < players; s++) {
    if (s === seat) {
      const own = topOf(s);
      const fitsOwn =
        isClosedTop(ownTop(own)) || (own?.card != null && sameColourOrRank(card, own.card));
      if (fitted.length > 0) hint(s, false, false, "givesAway", "H-3.2");
      else if (fitsOwn) hint(s, false, true, "ownPile", "H-3.1");
      else hint(s, false, false, "noMatchOwn", "H-3.1");
      hint(s, true, true, "onion", "H-3.1");
    } else if (!isNeighbour(players, seat, s)) hint(s, false, false, "notNeighbour", "H-3.4");
    else if (fits(s)) hint(s, false, true, "fitsNeighbour", "H-3.1", true);
    else if (isClosedTop(ownTop(topOf(s)))) hint(s, false, false, "closed", "H-3.3");
    else hint(s, false, false, "noMatch", "H-3.1");
  }
  return out;
}

/** `isClosedTop` takes a pile card; a seen top has the same two facts that matter. */
const ownTop = (top: SeenTop | null) =>
  top === null ? null : { card: top.card ?? "", faceDown: top.faceDown };

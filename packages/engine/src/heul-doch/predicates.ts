import { colourOf, rankOf, type CardCode } from "../cards/codes.js";
import { heulDochDeck, HEUL_DOCH_SPECIALS } from "../cards/decks.js";
import type { Seat } from "../core/types.js";
import type { HeulDochRuleSet } from "./ruleSet.js";
import {
  handOfSeat,
  pileTop,
  topOfSeat,
  type CarouselDirection,
  type HeulDochState,
  type PileCard,
  type TopMove,
} from "./state.js";

/**
 * Pure rule functions of heul-doch (rules/heul-doch.md): the checks, the machine's guards,
 * `decide`, `legalMoves` and the bots all call these. No XState, no I/O, no randomness.
 */

const SPECIALS: ReadonlySet<string> = new Set(HEUL_DOCH_SPECIALS);

/** H-1: every card of a game under these rules, in pack order. */
export const fullDeck = (rules: HeulDochRuleSet): CardCode[] => heulDochDeck(rules.specials);

/** H-1.2: `catapult`, `towel`, `carousel`, `werewolf`. */
export const isSpecial = (card: CardCode): boolean => SPECIALS.has(card);

/** H-6.2: the rank of a number card as a number (0 for a special card). */
export const rankValue = (card: CardCode): number => (isSpecial(card) ? 0 : Number(rankOf(card)));

/** Left neighbour: the next seat clockwise. */
export const leftNeighbour = (players: number, seat: Seat): Seat => (seat + 1) % players;
/** Right neighbour: the seat before, anticlockwise. */
export const rightNeighbour = (players: number, seat: Seat): Seat => (seat - 1 + players) % players;

/** H-3.4: your two neighbours (with three players, both other players). */
export const neighboursOf = (players: number, seat: Seat): Seat[] => [
  leftNeighbour(players, seat),
  rightNeighbour(players, seat),
];

export const isNeighbour = (players: number, seat: Seat, other: Seat): boolean =>
  other !== seat && neighboursOf(players, seat).includes(other);

/** Mau Mau's matching rule: same colour or same rank. */
export const sameColourOrRank = (card: CardCode, top: CardCode): boolean =>
  !isSpecial(card) &&
  !isSpecial(top) &&
  (colourOf(card) === colourOf(top) || rankOf(card) === rankOf(top));

/** H-3.3: for the neighbours an onion or an empty pile matches nothing. */
export const fitsFaceUpTop = (card: CardCode, top: PileCard | null): boolean =>
  top !== null && !top.faceDown && sameColourOrRank(card, top.card);

/** H-3.3: an onion or empty pile on top takes no card from a neighbour. */
export const isClosedTop = (top: PileCard | null): boolean => top === null || top.faceDown;

/** H-3.1a/H-3.2: the neighbours (left first) whose top card `card` fits. */
export const neighboursFitted = (s: HeulDochState, seat: Seat, card: CardCode): Seat[] =>
  isSpecial(card)
    ? []
    : neighboursOf(s.players, seat).filter((n) => fitsFaceUpTop(card, topOfSeat(s, n)));

/** H-3.1b: your own top takes `card` face up: it matches, or the top is an onion or nothing. */
export const fitsOwnTop = (s: HeulDochState, seat: Seat, card: CardCode): boolean => {
  if (isSpecial(card)) return false;
  const top = topOfSeat(s, seat);
  return isClosedTop(top) || sameColourOrRank(card, top!.card);
};

/** H-3.1b + H-3.2: may `card` go face up onto the player's own pile? */
export const mayPlaceOnOwnPile = (s: HeulDochState, seat: Seat, card: CardCode): boolean =>
  fitsOwnTop(s, seat, card) && neighboursFitted(s, seat, card).length === 0;

/** Where a card may go: `to` a pile, face up or as an onion. */
export interface Placement {
  readonly to: Seat;
  readonly faceDown: boolean;
}

/** H-3.1: every place a number card may go now (none for a special card: H-4). */
export function placements(s: HeulDochState, seat: Seat, card: CardCode): Placement[] {
  if (isSpecial(card)) return [];
  const out: Placement[] = neighboursFitted(s, seat, card).map((to) => ({ to, faceDown: false }));
  if (mayPlaceOnOwnPile(s, seat, card)) out.push({ to: seat, faceDown: false });
  out.push({ to: seat, faceDown: true });
  return out;
}

/** Seats clockwise starting with `seat`. */
export const clockwiseFrom = (players: number, seat: Seat): Seat[] =>
  Array.from({ length: players }, (_, i) => (seat + i) % players);

/**
 * H-4.1: the face-up tops of the highest rank among all tops go to the middle, in seat order
 * starting with the player of the catapult. Onions and empty piles are not considered.
 */
export function catapultVictims(
  piles: readonly (readonly PileCard[])[],
  seat: Seat,
): { seat: Seat; card: CardCode }[] {
  const faceUp = clockwiseFrom(piles.length, seat).flatMap((s) => {
    const top = pileTop(piles[s]);
    return top && !top.faceDown ? [{ seat: s, card: top.card }] : [];
  });
  const highest = Math.max(0, ...faceUp.map((t) => rankValue(t.card)));
  return faceUp.filter((t) => rankValue(t.card) === highest);
}

/** H-4.2: swap the two tops as they lie; an empty pile just receives. */
export function towelMoves(
  piles: readonly (readonly PileCard[])[],
  seat: Seat,
  target: Seat,
): TopMove[] {
  const mine = pileTop(piles[seat]);
  const theirs = pileTop(piles[target]);
  const moves: TopMove[] = [];
  if (mine) moves.push({ from: seat, to: target, card: mine });
  if (theirs) moves.push({ from: target, to: seat, card: theirs });
  return moves;
}

/** H-4.3: every top moves one seat (`left` = s → s+1); an empty pile passes nothing. */
export function carouselMoves(
  piles: readonly (readonly PileCard[])[],
  direction: CarouselDirection,
): TopMove[] {
  const n = piles.length;
  const step = direction === "left" ? 1 : n - 1;
  return piles.flatMap((pile, from) => {
    const card = pileTop(pile);
    return card ? [{ from, to: (from + step) % n, card }] : [];
  });
}

/** H-4.4: every top card turned over. */
export const werewolfTops = (
  piles: readonly (readonly PileCard[])[],
): { seat: Seat; card: PileCard }[] =>
  piles.flatMap((pile, seat) => {
    const top = pileTop(pile);
    return top ? [{ seat, card: { card: top.card, faceDown: !top.faceDown } }] : [];
  });

/**
 * Applies simultaneous top moves: every moving top is lifted first, then laid down. Used by
 * `evolve`, which takes the moves from the event.
 */
export function applyMoves(
  piles: readonly (readonly PileCard[])[],
  moves: readonly TopMove[],
): PileCard[][] {
  const out = piles.map((p) => p.slice());
  for (const m of moves) out[m.from]!.pop();
  for (const m of moves) out[m.to]!.push(m.card);
  return out;
}

/**
 * H-6.2: the ranks spoiled by `onions` onions. Up to 7 spoil rank n; more than 7 spoil the 7s
 * and rank n − 7 (n mod 7 for n ≤ 14); 15 or more spoil only the 7s.
 */
export function spoiledRanks(onions: number): number[] {
  if (onions <= 0) return [];
  if (onions <= 7) return [onions];
  const extra = onions - 7;
  return extra < 7 ? [7, extra] : [7];
}

export interface PileScore {
  readonly points: number;
  /** Points lost through spoiled cards (the H-6.3 tie-break). */
  readonly spoiled: number;
  readonly onions: number;
}

/** H-6.2: onions score nothing, spoiled ranks score nothing, every other face-up card its rank. */
export function scorePile(pile: readonly PileCard[]): PileScore {
  return scorePileSpoiledBy(pile, pile.filter((c) => c.faceDown).length);
}

/**
 * `scorePile` with the ranks spoiled by `spoiling` onions instead of the pile's own count (the
 * search scores a cut playout with each pile's onions projected to the game's end).
 */
export function scorePileSpoiledBy(pile: readonly PileCard[], spoiling: number): PileScore {
  const onions = pile.filter((c) => c.faceDown).length;
  const spoiledSet = new Set(spoiledRanks(spoiling));
  let points = 0;
  let spoiled = 0;
  for (const c of pile) {
    if (c.faceDown) continue;
    const rank = rankValue(c.card);
    if (spoiledSet.has(rank)) spoiled += rank;
    else points += rank;
  }
  return { points, spoiled, onions };
}

/**
 * H-6.3: the highest score wins; among those tied, whoever lost more points through spoiled
 * cards; still tied, they share the win.
 */
export function bestSeats(scores: readonly number[], spoiled: readonly number[]): Seat[] {
  const top = Math.max(...scores);
  const tied = scores.flatMap((v, seat) => (v === top ? [seat] : []));
  const most = Math.max(...tied.map((seat) => spoiled[seat] ?? 0));
  return tied.filter((seat) => (spoiled[seat] ?? 0) === most);
}

/**
 * H-3.6: who plays after `seat`: the next seat clockwise holding a card (possibly `seat`
 * itself); those passed over on the way. `next` is null when every hand is empty (H-6.1).
 */
export function nextToAct(
  hands: readonly (readonly CardCode[])[],
  seat: Seat,
): { passedOver: Seat[]; next: Seat | null } {
  const n = hands.length;
  const passedOver: Seat[] = [];
  for (let i = 1; i <= n; i++) {
    const s = (seat + i) % n;
    if ((hands[s]?.length ?? 0) > 0) return { passedOver, next: s };
    if (s !== seat) passedOver.push(s);
  }
  return { passedOver: [], next: null };
}

/** H-2.2/H-6.4: game 1 starts at option `first`; each later game one seat further clockwise. */
export const firstOfGame = (rules: HeulDochRuleSet, players: number, game: number): Seat =>
  (rules.first + game - 1) % players;

/**
 * H-2.1: where a special card dealt to a pile goes back into the draw pile (which has `rest`
 * cards without it): any place but the very top, so that the player gets the next card.
 */
export const returnIndex = (random: () => number, rest: number): number =>
  rest <= 0 ? 0 : 1 + Math.floor(random() * rest);

/** Does the seat hold a card? */
export const hasCards = (s: HeulDochState, seat: Seat): boolean => handOfSeat(s, seat).length > 0;

/** A play as the rule checks read it: the card, and where and how it is asked to go. */
export interface PlayRequest {
  readonly seat: Seat;
  readonly card: CardCode;
  /** The pile that gets the card; default the player's own. */
  readonly to?: Seat | null | undefined;
  readonly faceDown?: boolean | null | undefined;
  readonly target?: Seat | null | undefined;
  readonly direction?: string | null | undefined;
}

/** The pile a number card is asked onto: `to`, else the player's own. */
export const destinationOf = (p: PlayRequest): Seat => (typeof p.to === "number" ? p.to : p.seat);

/** A number card asked face up onto another player's pile. */
const givenAway = (p: PlayRequest): boolean =>
  !isSpecial(p.card) && p.faceDown !== true && destinationOf(p) !== p.seat;
/** A number card asked face up onto the player's own pile. */
const keptFaceUp = (p: PlayRequest): boolean =>
  !isSpecial(p.card) && p.faceDown !== true && destinationOf(p) === p.seat;

/** H-3.1: special cards are only played to the middle, never onto a pile. */
export const specialGoesToMiddle = (p: PlayRequest): boolean =>
  !isSpecial(p.card) || (p.faceDown !== true && (p.to === undefined || p.to === null));

/** H-3.1c: an onion goes only onto the player's own pile. */
export const onionStaysHome = (p: PlayRequest): boolean =>
  isSpecial(p.card) || p.faceDown !== true || destinationOf(p) === p.seat;

/** H-3.4: a card goes to your own pile or a neighbour's, never further. */
export const staysWithNeighbours = (s: HeulDochState, p: PlayRequest): boolean =>
  isSpecial(p.card) ||
  destinationOf(p) === p.seat ||
  isNeighbour(s.players, p.seat, destinationOf(p));

/** H-3.3: nothing is given onto another player's onion or empty pile. */
export const givenOntoOpenTop = (s: HeulDochState, p: PlayRequest): boolean =>
  !givenAway(p) || !isClosedTop(topOfSeat(s, destinationOf(p)));

/** H-3.1a: a card given to a neighbour matches their top card. */
export const givenCardFits = (s: HeulDochState, p: PlayRequest): boolean =>
  !givenAway(p) || fitsFaceUpTop(p.card, topOfSeat(s, destinationOf(p)));

/** H-3.1b: a card kept face up matches the own top (or the top is an onion or nothing). */
export const keptCardFits = (s: HeulDochState, p: PlayRequest): boolean =>
  !keptFaceUp(p) || fitsOwnTop(s, p.seat, p.card);

/** H-3.2: a card kept face up fits neither neighbour's top. */
export const keptCardFitsNoNeighbour = (s: HeulDochState, p: PlayRequest): boolean =>
  !keptFaceUp(p) || neighboursFitted(s, p.seat, p.card).length === 0;

/** H-4.2: the towel names another player's pile. */
export const towelHasTarget = (s: HeulDochState, p: PlayRequest): boolean =>
  p.card !== "towel" ||
  (typeof p.target === "number" &&
    Number.isInteger(p.target) &&
    p.target >= 0 &&
    p.target < s.players &&
    p.target !== p.seat);

/** H-4.3: the carousel names `left` or `right`. */
export const carouselHasDirection = (p: PlayRequest): boolean =>
  p.card !== "carousel" || p.direction === "left" || p.direction === "right";

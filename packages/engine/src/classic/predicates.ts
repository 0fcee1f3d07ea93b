import { colourOf, rankOf, type CardCode } from "../cards/codes.js";
import { DECKS } from "../cards/decks.js";
import type { Seat } from "../core/types.js";
import type { ClassicRuleSet, Effect } from "./ruleSet.js";
import { handOf, topCard, type ClassicState } from "./state.js";

/** Pure rule functions of the classic family: the machine's guards and the bots call these. */

export const effectOf = (rules: ClassicRuleSet, card: CardCode): Effect | undefined =>
  rules.effects[rankOf(card)];

export const isWishCard = (rules: ClassicRuleSet, card: CardCode): boolean =>
  effectOf(rules, card)?.kind === "wish";

export const deckColours = (rules: ClassicRuleSet): readonly string[] => DECKS[rules.deck].colours;

/** Every card of a game under these rules, in pack order. */
export function fullDeck(rules: ClassicRuleSet): CardCode[] {
  const one = DECKS[rules.deck].cards;
  return rules.deckCopies === 2 ? [...one, ...one] : [...one];
}

/** N-4.2/F-4.2/B-4.3: may `card` answer the pending draw? */
export function answersPending(s: ClassicState, card: CardCode): boolean {
  const pending = s.pendingRank === null ? undefined : s.rules.effects[s.pendingRank];
  const mine = effectOf(s.rules, card);
  if (pending?.kind !== "draw" || mine?.kind !== "draw") return false;
  if (pending.stack === "same-rank") return rankOf(card) === s.pendingRank;
  return pending.stack === "any-draw";
}

/** N-3.1/N-4.5/F-4.1/B-4.1: does `card` fit the top card, the wish, or lie on anything? */
export function matchesTop(s: ClassicState, card: CardCode): boolean {
  if (s.anyCardAllowed) return true;
  const top = topCard(s);
  if (top === null) return false;
  const effect = effectOf(s.rules, card);
  if (effect?.kind === "wish") return effect.onWish || !isWishCard(s.rules, top);
  if (s.wish !== null) return colourOf(card) === s.wish;
  return colourOf(card) === colourOf(top) || rankOf(card) === rankOf(top);
}

/** May `card` be played now (ignoring whose turn it is)? */
export function canPlay(s: ClassicState, card: CardCode): boolean {
  if (s.phase === "drawnCard") return card === s.drawnCard;
  if (s.pendingDraw > 0) return answersPending(s, card);
  return matchesTop(s, card);
}

/** Does the seat hold any card it may play now? */
export const hasPlayableCard = (s: ClassicState, seat: Seat): boolean =>
  handOf(s, seat).some((c) => canPlay(s, c));

/** N-3.3/B-3.2: may the seat draw now? */
export function mayDraw(s: ClassicState, seat: Seat): boolean {
  if (s.phase === "drawnCard") return false;
  if (s.pendingDraw > 0 || s.rules.voluntaryDraw) return true;
  return !hasPlayableCard(s, seat);
}

/** Does a draw card just drawn fit so that it may be played at once? */
export const drawnCardFits = (s: ClassicState, card: CardCode): boolean =>
  s.pendingDraw === 0 && matchesTop(s, card);

/** C-3.1: the cards each player is dealt at a table of `players`. */
export const handSizeFor = (
  rules: Pick<ClassicRuleSet, "handSize" | "handSizeByPlayers">,
  players: number,
): number => rules.handSizeByPlayers?.[String(players)] ?? rules.handSize;

/** C-3.2: the most cards a draw-until-playable turn draws. */
export const drawLimit = (rules: ClassicRuleSet): number => rules.drawCap ?? Infinity;

/** N-3.5/C-3.4: is the discard pile reshuffled when the draw pile runs out? */
export const reshufflesStock = (rules: ClassicRuleSet): boolean =>
  (rules.emptyStock ?? "reshuffle") === "reshuffle";

/** C-3.3: does the winner collect the points of the other hands (highest total wins)? */
export const winnerCollects = (rules: ClassicRuleSet): boolean => rules.points === "winner";

/** C-3.5: is this card, turned up as the starter, buried in the draw pile instead? */
export const buriesStarter = (rules: ClassicRuleSet, card: CardCode): boolean =>
  rules.buryStarter?.includes(rankOf(card)) ?? false;

/** N-6.2/F-6.2/B-6.2: the points of a hand. */
export const handValue = (rules: ClassicRuleSet, hand: readonly CardCode[]): number =>
  hand.reduce((sum, c) => sum + (rules.values[rankOf(c)] ?? 0), 0);

/**
 * The scores of a finished game: the winner 0, everyone else their hand; or (C-3.3) the
 * winner the sum of the other hands, everyone else 0 (a stalled game: 0 for all).
 */
export function gameScores(
  rules: ClassicRuleSet,
  hands: readonly (readonly CardCode[])[],
  winner: Seat | null,
): number[] {
  const own = hands.map((h, seat) => (seat === winner ? 0 : handValue(rules, h)));
  if (!winnerCollects(rules)) return own;
  const pot = winner === null ? 0 : own.reduce((a, b) => a + b, 0);
  return own.map((_, seat) => (seat === winner ? pot : 0));
}

/** N-6.3/F-6.3/B-6.3: is the match over after these totals, and who won or lost it? */
export function matchResult(
  rules: ClassicRuleSet,
  gamesPlayed: number,
  totals: readonly number[],
): { over: false } | { over: true; winners: Seat[]; losers: Seat[] } {
  const end = rules.matchEnd;
  let over: boolean;
  let losers: Seat[] = [];
  if (end.kind === "games") over = gamesPlayed >= end.games;
  else if (end.kind === "target") over = totals.some((t) => t >= end.target);
  else {
    losers = totals.flatMap((t, seat) => (t > end.limit ? [seat] : []));
    over = losers.length > 0;
  }
  if (!over) return { over: false };
  // C-3.3: when the winner collects, the highest total wins; else the lowest.
  const best = winnerCollects(rules) ? Math.max(...totals) : Math.min(...totals);
  return { over: true, winners: totals.flatMap((t, seat) => (t === best ? [seat] : [])), losers };
}

/** The seats in dealing order: from the dealer's left neighbour, clockwise. */
export const dealingOrder = (players: number, dealer: Seat): Seat[] =>
  Array.from({ length: players }, (_, i) => (dealer + 1 + i) % players);

/**
 * N-2.3/F-2.2/B-2.3: deals from the top of `pile`. `start` holds cards already in hand (the
 * kept Unter). Returns the dealt cards by seat and how many were taken from the pile.
 */
export function deal(
  rules: ClassicRuleSet,
  players: number,
  dealer: Seat,
  pile: readonly CardCode[],
  start: readonly (readonly CardCode[])[],
): { hands: CardCode[][]; used: number } {
  const hands: CardCode[][] = Array.from({ length: players }, () => []);
  const order = dealingOrder(players, dealer);
  const size = handSizeFor(rules, players);
  const want = (seat: Seat) => size - (start[seat]?.length ?? 0);
  let used = 0;
  const give = (seat: Seat) => {
    const card = pile[used];
    if (card === undefined || hands[seat]!.length >= want(seat)) return;
    hands[seat]!.push(card);
    used++;
  };
  if (rules.dealing === "blocks-3-2") {
    const first = Math.min(3, size);
    for (const seat of order) for (let i = 0; i < first; i++) give(seat);
    for (const seat of order)
      while (hands[seat]!.length < want(seat) && used < pile.length) give(seat);
  } else {
    for (let round = 0; round < size; round++) for (const seat of order) give(seat);
  }
  return { hands, used };
}

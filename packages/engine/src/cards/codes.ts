/** A card code `<colour>/<rank>` or a colourless code (`wild`, `catapult`, …), as in rules/README.md. */
export type CardCode = string;

export interface Card {
  readonly code: CardCode;
  /** `null` for colourless cards (noris `wild`, heul-doch special cards). */
  readonly colour: string | null;
  readonly rank: string;
}

const cache = new Map<CardCode, Card>();

/** Splits a code into colour and rank; colourless codes use the code itself as rank. */
export function parseCard(code: CardCode): Card {
  let card = cache.get(code);
  if (card === undefined) {
    const slash = code.indexOf("/");
    card =
      slash < 0
        ? { code, colour: null, rank: code }
        : { code, colour: code.slice(0, slash), rank: code.slice(slash + 1) };
    cache.set(code, card);
  }
  return card;
}

export const colourOf = (code: CardCode): string | null => parseCard(code).colour;
export const rankOf = (code: CardCode): string => parseCard(code).rank;

/** Every colour × rank, each `copies` times, colour-major (the order a new pack lies in). */
export function suitedCards(
  colours: readonly string[],
  ranks: readonly string[],
  copies = 1,
): CardCode[] {
  const out: CardCode[] = [];
  for (const colour of colours)
    for (const rank of ranks) for (let i = 0; i < copies; i++) out.push(`${colour}/${rank}`);
  return out;
}

/** Counts codes: the multiset view of a deck or hand. */
export function countCards(cards: Iterable<CardCode>): Map<CardCode, number> {
  const counts = new Map<CardCode, number>();
  for (const c of cards) counts.set(c, (counts.get(c) ?? 0) + 1);
  return counts;
}

/** True when `cards` is a permutation of `deck` (same multiset). */
export function isPermutationOf(cards: readonly CardCode[], deck: readonly CardCode[]): boolean {
  if (cards.length !== deck.length) return false;
  const counts = countCards(deck);
  for (const c of cards) {
    const n = counts.get(c);
    if (!n) return false;
    counts.set(c, n - 1);
  }
  return true;
}

/** Removes one copy of `card` from `cards`, returning a new array (or the same one if absent). */
export function withoutOne(cards: readonly CardCode[], card: CardCode): CardCode[] {
  const i = cards.indexOf(card);
  if (i < 0) return cards.slice();
  return [...cards.slice(0, i), ...cards.slice(i + 1)];
}

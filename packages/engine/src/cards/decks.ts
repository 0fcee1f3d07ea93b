import { suitedCards, type CardCode } from "./codes.js";

export const NORIS_COLOURS = ["green", "blue", "red", "yellow"] as const;
export const NORIS_RANKS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;
export const NORIS_SPECIALS = ["reverse", "draw2", "draw4", "stop"] as const;

export const FRENCH_SUITS = ["clubs", "diamonds", "hearts", "spades"] as const;
export const FRENCH_RANKS = [
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "10",
  "j",
  "q",
  "k",
  "a",
] as const;

export const BAVARIAN_SUITS = ["eichel", "gras", "herz", "schellen"] as const;
export const BAVARIAN_RANKS = ["7", "8", "9", "10", "u", "o", "k", "a"] as const;

export const HEUL_DOCH_COLOURS = [
  "red",
  "orange",
  "yellow",
  "green",
  "blue",
  "purple",
  "black",
] as const;
export const HEUL_DOCH_RANKS = ["1", "2", "3", "4", "5", "6", "7"] as const;
export const HEUL_DOCH_SPECIALS = ["catapult", "towel", "carousel", "werewolf"] as const;

export type DeckId = "noris-110" | "french-52" | "french-32" | "bavarian-32";

export interface DeckSpec {
  readonly id: DeckId;
  readonly colours: readonly string[];
  /** Every rank of the deck, including colourless ones such as `wild`. */
  readonly ranks: readonly string[];
  readonly cards: readonly CardCode[];
}

const freeze = <T>(x: T): T => Object.freeze(x);

/** N-1: 110 noris cards. */
export const NORIS_110: DeckSpec = freeze({
  id: "noris-110",
  colours: NORIS_COLOURS,
  ranks: [...NORIS_RANKS, ...NORIS_SPECIALS, "wild"],
  cards: freeze([
    ...suitedCards(NORIS_COLOURS, NORIS_RANKS, 2),
    ...suitedCards(NORIS_COLOURS, NORIS_SPECIALS, 2),
    ...Array<CardCode>(6).fill("wild"),
  ]),
});

/** F-1: 52 French cards. */
export const FRENCH_52: DeckSpec = freeze({
  id: "french-52",
  colours: FRENCH_SUITS,
  ranks: FRENCH_RANKS,
  cards: freeze(suitedCards(FRENCH_SUITS, FRENCH_RANKS)),
});

/** C-1.1: the 32-card piquet pack (7…a) of French suits. */
export const FRENCH_32: DeckSpec = freeze({
  id: "french-32",
  colours: FRENCH_SUITS,
  ranks: FRENCH_RANKS.slice(5),
  cards: freeze(suitedCards(FRENCH_SUITS, FRENCH_RANKS.slice(5))),
});

/** B-1: 32 Bavarian cards. */
export const BAVARIAN_32: DeckSpec = freeze({
  id: "bavarian-32",
  colours: BAVARIAN_SUITS,
  ranks: BAVARIAN_RANKS,
  cards: freeze(suitedCards(BAVARIAN_SUITS, BAVARIAN_RANKS)),
});

export const DECKS: Readonly<Record<DeckId, DeckSpec>> = freeze({
  "noris-110": NORIS_110,
  "french-52": FRENCH_52,
  "french-32": FRENCH_32,
  "bavarian-32": BAVARIAN_32,
});

/** H-1: 98 number cards, plus 3 of each special card with the `specials` option. */
export function heulDochDeck(specials: boolean): CardCode[] {
  const cards = suitedCards(HEUL_DOCH_COLOURS, HEUL_DOCH_RANKS, 2);
  if (specials) for (const s of HEUL_DOCH_SPECIALS) cards.push(s, s, s);
  return cards;
}

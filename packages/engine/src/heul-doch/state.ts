import type { CardCode } from "../cards/codes.js";
import type { Seed } from "../cards/rng.js";
import type { Seat } from "../core/types.js";
import type { HeulDochRuleSet } from "./ruleSet.js";

/** One card of a personal pile; face down = an onion (Heul doch!-Zwiebel). */
export interface PileCard {
  readonly card: CardCode;
  readonly faceDown: boolean;
}

export type HeulDochPhase = "idle" | "playing" | "gameOver" | "matchOver";

export type CarouselDirection = "left" | "right";

/** A pile's top card moving to another pile (towel, carousel), face up or down as it lay. */
export interface TopMove {
  readonly from: Seat;
  readonly to: Seat;
  readonly card: PileCard;
}

/** Facts of a heul-doch game, past tense. Every random outcome is inside an event. */
export type HeulDochEvent =
  | {
      type: "match.started";
      data: {
        variant: string;
        rules: HeulDochRuleSet;
        players: number;
        dealer: Seat;
        seed: Seed;
      };
    }
  /** `deck`: the order after shuffling, top first. */
  | {
      type: "game.started";
      data: { game: number; first: Seat; deck: CardCode[]; commitment?: string };
    }
  /** H-2.1: the top card of the draw pile starts `seat`'s pile, face up. */
  | { type: "pile.dealt"; data: { seat: Seat; card: CardCode } }
  /** H-2.1: a special card dealt to a pile goes back into the draw pile at index `at`. */
  | { type: "special.returned"; data: { seat: Seat; card: CardCode; at: number } }
  /** H-2.1: hand cards, by seat, taken from the top of the draw pile. */
  | { type: "cards.dealt"; data: { hands: CardCode[][] } }
  | { type: "turn.started"; data: { seat: Seat } }
  /** H-3.6: a player with an empty hand is passed over. */
  | { type: "turn.passedOver"; data: { seat: Seat } }
  /** H-3.1: a number card onto a pile (`to`), face up or as an onion. */
  | { type: "card.played"; data: { seat: Seat; card: CardCode; to: Seat; faceDown: boolean } }
  /** H-4: a special card onto the middle pile, with the choice it was played with. */
  | {
      type: "special.played";
      data: {
        seat: Seat;
        card: CardCode;
        target: Seat | null;
        direction: CarouselDirection | null;
      };
    }
  /** H-4.1: these tops go onto the middle pile, in this order. */
  | { type: "tops.catapulted"; data: { cards: { seat: Seat; card: CardCode }[] } }
  /** H-4.2, H-4.3: tops change piles, all at the same time. */
  | { type: "tops.moved"; data: { cause: "towel" | "carousel"; moves: TopMove[] } }
  /** H-4.4: every top card turned over; `tops` are the cards as they now lie. */
  | { type: "tops.turned"; data: { tops: { seat: Seat; card: PileCard }[] } }
  /** H-3.6: one card from the draw pile. */
  | { type: "card.drawn"; data: { seat: Seat; card: CardCode } }
  /** H-6.2/H-6.3: the piles are revealed and scored. */
  | {
      type: "game.ended";
      data: {
        scores: number[];
        spoiled: number[];
        onions: number[];
        winners: Seat[];
        piles: PileCard[][];
      };
    }
  | { type: "match.ended"; data: { winners: Seat[]; totals: number[] } };

export type HeulDochEventType = HeulDochEvent["type"];
export type HeulDochEventOf<T extends HeulDochEventType> = Extract<HeulDochEvent, { type: T }>;

/** The result of one game: points and the points lost to onions (H-6.3 tie-break). */
export interface GameResult {
  readonly scores: readonly number[];
  readonly spoiled: readonly number[];
}

/** The fold of a heul-doch event stream. Never stored: the log is the truth. */
export interface HeulDochState {
  readonly variant: string;
  readonly rules: HeulDochRuleSet;
  readonly players: number;
  readonly dealer: Seat;
  /** Secret: drives the shuffles and re-insertions. Never leaves the engine through a view. */
  readonly seed: Seed;
  readonly phase: HeulDochPhase;
  readonly game: number;
  /** The seat that started this game. */
  readonly first: Seat;
  readonly turn: Seat;
  readonly hands: readonly (readonly CardCode[])[];
  /** Index 0 is the top card. */
  readonly drawPile: readonly CardCode[];
  /** Personal piles by seat, bottom first. */
  readonly piles: readonly (readonly PileCard[])[];
  /** The shared middle pile: played special cards and catapulted cards, bottom first. */
  readonly middle: readonly CardCode[];
  /** Random outcomes taken in this game so far: the stream number of the next one. */
  readonly randomDraws: number;
  readonly scores: readonly number[] | null;
  readonly spoiled: readonly number[] | null;
  readonly gameWinners: readonly Seat[];
  readonly totals: readonly number[];
  readonly spoiledTotals: readonly number[];
  readonly history: readonly GameResult[];
  /** Match winners, once the match is over. */
  readonly winners: readonly Seat[];
  /** Number of events folded: the stream version. */
  readonly version: number;
}

export const EMPTY_PILE: readonly PileCard[] = Object.freeze([]);

export const pileTop = (pile: readonly PileCard[] | undefined): PileCard | null =>
  pile?.[pile.length - 1] ?? null;

export const topOfSeat = (s: HeulDochState, seat: Seat): PileCard | null => pileTop(s.piles[seat]);

export const handOfSeat = (s: HeulDochState, seat: Seat): readonly CardCode[] =>
  s.hands[seat] ?? [];

export const isGameOver = (s: HeulDochState): boolean =>
  s.phase === "gameOver" || s.phase === "matchOver";

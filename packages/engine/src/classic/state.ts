import type { CardCode } from "../cards/codes.js";
import type { Seed } from "../cards/rng.js";
import type { Seat } from "../core/types.js";
import type { ClassicRuleSet } from "./ruleSet.js";

export type Phase =
  | "idle"
  | "cutting"
  | "choosingColour"
  | "playing"
  | "drawnCard"
  | "playAgain"
  | "gameOver"
  | "matchOver";

export type DrawReason = "turn" | "penalty" | "call" | "playAgain";

/** Facts of a classic game, past tense. Every random outcome is inside an event. */
export type ClassicEvent =
  | {
      type: "match.started";
      data: { variant: string; rules: ClassicRuleSet; players: number; dealer: Seat; seed: Seed };
    }
  /** `commitment`: `commitmentOf(seed, game)` (absent in logs from before it existed). */
  | {
      type: "game.started";
      data: { game: number; dealer: Seat; deck: CardCode[]; commitment?: string };
    }
  | { type: "deck.cut"; data: { seat: Seat; at: number; bottom: CardCode; kept: boolean } }
  | { type: "cards.dealt"; data: { hands: CardCode[][] } }
  /** C-3.5: the card turned up went to the bottom of the draw pile; another is turned. */
  | { type: "starter.buried"; data: { card: CardCode } }
  | { type: "starter.turned"; data: { card: CardCode; anyCard: boolean } }
  | { type: "colour.requested"; data: { seat: Seat } }
  | { type: "colour.chosen"; data: { seat: Seat; colour: string } }
  | {
      type: "card.played";
      data: { seat: Seat; card: CardCode; wish: string | null; mau: boolean; mauMau: boolean };
    }
  | { type: "call.missed"; data: { seat: Seat; call: "mau" | "mauMau"; card: CardCode } }
  | {
      type: "cards.drawn";
      data: { seat: Seat; cards: CardCode[]; reason: DrawReason; playable: boolean };
    }
  | { type: "pile.reshuffled"; data: { order: CardCode[] } }
  | { type: "penalty.raised"; data: { total: number; rank: string } }
  | { type: "direction.reversed"; data: { direction: 1 | -1 } }
  | { type: "player.skipped"; data: { seat: Seat } }
  | { type: "playAgain.required"; data: { seat: Seat } }
  | { type: "turn.started"; data: { seat: Seat } }
  | {
      type: "game.ended";
      data: { winner: Seat | null; scores: number[]; reason: "won" | "stalled" };
    }
  | { type: "match.ended"; data: { winners: Seat[]; losers: Seat[]; totals: number[] } };

export type ClassicEventType = ClassicEvent["type"];

/** The fold of a classic event stream. Never stored: the log is the truth. */
export interface ClassicState {
  readonly variant: string;
  readonly rules: ClassicRuleSet;
  readonly players: number;
  /** Secret: drives later shuffles. Never leaves the engine through a view. */
  readonly seed: Seed;
  readonly phase: Phase;
  readonly game: number;
  readonly dealer: Seat;
  readonly turn: Seat;
  readonly direction: 1 | -1;
  readonly hands: readonly (readonly CardCode[])[];
  /** Index 0 is the top card. */
  readonly drawPile: readonly CardCode[];
  /** The last card is the top card. */
  readonly discard: readonly CardCode[];
  readonly wish: string | null;
  readonly pendingDraw: number;
  readonly pendingRank: string | null;
  /** N-2.4: the wild starter lets the first player play anything. */
  readonly anyCardAllowed: boolean;
  /** The card that may still be played after a draw (F-3.2, B-3.2). */
  readonly drawnCard: CardCode | null;
  readonly shuffles: number;
  /** N-6.4: consecutive turns in which no card was played or drawn. */
  readonly idleTurns: number;
  readonly turnActive: boolean;
  /** B-2.2: this game's cut; `bottom` is the cutter's secret (view.ts). */
  readonly cut: {
    readonly seat: Seat;
    readonly at: number;
    readonly bottom: CardCode;
    readonly kept: boolean;
  } | null;
  readonly scores: readonly number[] | null;
  readonly totals: readonly number[];
  readonly history: readonly (readonly number[])[];
  readonly gameWinner: Seat | null;
  readonly winners: readonly Seat[];
  readonly losers: readonly Seat[];
  /** Number of events folded: the stream version. */
  readonly version: number;
}

export const topCard = (s: ClassicState): CardCode | null =>
  s.discard[s.discard.length - 1] ?? null;

export const handOf = (s: ClassicState, seat: Seat): readonly CardCode[] => s.hands[seat] ?? [];

/** The seat `steps` places on from `seat` in the current direction. */
export const seatAfter = (s: ClassicState, seat: Seat, steps = 1): Seat =>
  (((seat + steps * s.direction) % s.players) + s.players) % s.players;

export const leftOf = (players: number, seat: Seat): Seat => (seat + 1) % players;
export const rightOf = (players: number, seat: Seat): Seat => (seat - 1 + players) % players;

export const isOver = (s: ClassicState): boolean =>
  s.phase === "gameOver" || s.phase === "matchOver";

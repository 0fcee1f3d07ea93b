import type { FastRng } from "../fast/rng.js";
import type { Seat } from "./types.js";

/** Why a position or rule set cannot run on a fast path: the caller uses the engine. */
export interface FastUnsupported {
  readonly supported: false;
  readonly reason: string;
}

export const isFastUnsupported = (x: unknown): x is FastUnsupported =>
  typeof x === "object" && x !== null && (x as { supported?: unknown }).supported === false;

/**
 * One game of a family's fast path (fast/classic.ts for the classic family): a specialised
 * interpreter for simulations and search, whose moves are integers. What a caller may rely on
 * whatever the family; family-specific parts (encoding, sampling) stay on the family's class.
 */
export interface FastGame {
  readonly players: number;
  /** The fast generator of this game: deals, reshuffles and random policies draw from it. */
  readonly rng: FastRng;
  /** A scratch buffer big enough for every position's legal moves. */
  readonly moves: Int32Array;
  readonly over: boolean;
  /** The game's winner; `null` while it runs or when it ended without one. */
  readonly winner: Seat | null;
  /** Every winner of a shared win (Heul doch! H-6.3), where the family has them. */
  readonly winners?: readonly Seat[];
  /** The seat to act, `null` once the game is over. */
  readonly toAct: Seat | null;
  /** Writes every legal move of the seat to act into `out`; returns how many. */
  legalMoves(out: Int32Array): number;
  apply(move: number): void;
  /** A fresh game on the same table, shuffled and dealt from `rng` (for simulations). */
  deal(dealer?: Seat): void;
}

/** Options of loading an engine state onto a fast path. */
export interface FastLoadOptions {
  /**
   * Reshuffle the discard pile exactly as the engine does (from the match's seed), so that
   * positions stay equal to the engine's. Off by default: reshuffles use the fast generator.
   */
  readonly exactShuffles?: boolean;
  /** Seed of the fast generator (playouts, reshuffles, deals). Default 1. */
  readonly rngSeed?: number;
}

/** A family's fast path: loads a dealt engine state, or says why it cannot. */
export interface FastPath<S> {
  load(state: S, options?: FastLoadOptions): FastGame | FastUnsupported;
}

/**
 * A bot level's policy on a fast path, where the level has one: the move the seat to act
 * makes (the game must not be over).
 */
export type FastPolicy = (game: FastGame) => number;

/**
 * `random` on a fast path: any legal move, uniformly, one draw a move as the engine's random
 * bot (so both choose alike under the same numbers and legal moves in the same order).
 */
export const randomFastPolicy: FastPolicy = (game) => {
  const n = game.legalMoves(game.moves);
  return game.moves[game.rng.below(n)]!;
};

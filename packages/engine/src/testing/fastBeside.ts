import type { ClassicState } from "../classic/state.js";
import type { GameDriver } from "../core/driver.js";
import { isFastUnsupported, type FastUnsupported } from "../core/fast.js";
import type { Command, Seat } from "../core/types.js";
import type { FastSnapshot } from "../fast/classic.js";
import type { FastHeulDochSnapshot } from "../fast/heulDoch.js";
import type { HeulDochState } from "../heul-doch/state.js";

/** How often the fast row judged a step itself, and how often it left one to decide. */
export interface FastRowStats {
  judged: number;
  left: number;
}

/** The engine's table in the fast path's terms (hands sorted: their order means nothing). */
export function fastSnapshotOf(s: ClassicState): FastSnapshot {
  const over = s.phase === "gameOver" || s.phase === "matchOver";
  return {
    phase: over ? "over" : (s.phase as FastSnapshot["phase"]),
    turn: s.turn,
    direction: s.direction,
    hands: s.hands.map((h) => [...h].sort()),
    drawPile: [...s.drawPile],
    discard: [...s.discard],
    wish: s.wish,
    pendingDraw: s.pendingDraw,
    pendingRank: s.pendingRank,
    anyCardAllowed: s.anyCardAllowed,
    drawnCard: s.drawnCard,
    idleTurns: s.idleTurns,
    turnActive: s.turnActive,
    shuffles: s.shuffles,
    winner: over ? s.gameWinner : null,
    scores: over ? [...(s.scores ?? [])] : null,
  };
}

/**
 * The engine's Heul doch! table in the fast path's terms (`FastHeulDoch.snapshot`). Hands keep
 * their order: the fast path keeps the engine's, and the order decides which copy leaves.
 */
export function fastHeulDochSnapshotOf(s: HeulDochState): FastHeulDochSnapshot {
  const over = s.phase === "gameOver" || s.phase === "matchOver";
  return {
    over,
    turn: s.turn,
    hands: s.hands.map((h) => [...h]),
    drawPile: [...s.drawPile],
    piles: s.piles.map((p) => p.map((c) => ({ card: c.card, faceDown: c.faceDown }))),
    middle: [...s.middle],
    scores: over ? [...(s.scores ?? [])] : null,
    spoiled: over ? [...(s.spoiled ?? [])] : null,
    winners: over ? [...s.gameWinners] : [],
  };
}

/** What the fast row asks of a family's fast game (`FastClassic`, `FastHeulDoch`). */
interface BesideGame {
  readonly toAct: Seat | null;
  readonly moves: Int32Array;
  accepts(command: unknown): boolean | "unsupported";
  encode(command: unknown): number;
  apply(move: number): void;
  legalMoves(out: Int32Array): number;
  decode(move: number): Command;
  snapshot(): object;
}

/** A family's fast path as the fast row drives it: load decide's state, read its table. */
/** What the fast row needs of a family with a fast path (registered in `families.ts`). */
export interface FastRowFamily {
  load(state: unknown): BesideGame | FastUnsupported;
  /** Decide's table in the terms of the game's `snapshot()`. */
  expected(state: unknown): object;
}

const differences = (a: object, b: object): string[] => {
  const fast = a as Record<string, unknown>;
  const decide = b as Record<string, unknown>;
  return [...new Set([...Object.keys(decide), ...Object.keys(fast)])]
    .filter((k) => JSON.stringify(fast[k]) !== JSON.stringify(decide[k]))
    .map((k) => `${k}: fast ${JSON.stringify(fast[k])}, decide ${JSON.stringify(decide[k])}`);
};

/**
 * The fast path beside a `decide` driver: it keeps its own game (loaded from decide's state
 * where a step left to decide ended) and judges and plays each command before decide does.
 */
export class FastBeside {
  private game: BesideGame | null = null;
  private readonly family: FastRowFamily;

  /** `family`: its entry in `FAST_ROW_FAMILIES` (`families.ts`), or a test's own. */
  constructor(
    private readonly stats: FastRowStats,
    family: FastRowFamily,
  ) {
    this.family = family;
  }

  /**
   * Sends `command` to `driver` (decide) and to the fast path; throws when the fast path's
   * verdict, its table or (after an accepted command) the legal moves of the seat to act
   * differ from decide's.
   */
  send(driver: GameDriver, command: Command, dispatch: () => boolean): void {
    let game = this.game;
    if (game === null) {
      const loaded = this.family.load(driver.state);
      if (!isFastUnsupported(loaded)) game = this.game = loaded;
    }
    const verdict = game === null ? "unsupported" : game.accepts(command);
    const accepted = dispatch();
    if (game === null || verdict === "unsupported") {
      // REFEREE_EXCEPTIONS.fast.scope: decide alone; the fast path reloads after it.
      this.stats.left++;
      this.game = null;
      return;
    }
    this.stats.judged++;
    const said = JSON.stringify(command);
    if (verdict !== accepted)
      throw new Error(
        `the fast path ${verdict ? "accepts" : "refuses"} ${said}, decide ${accepted ? "accepts" : "refuses"} it`,
      );
    if (!accepted) return;
    game.apply(game.encode(command));
    const diff = differences(game.snapshot(), this.family.expected(driver.state));
    if (diff.length > 0)
      throw new Error(
        `after ${said} the fast path's table differs from decide's:\n  ${diff.join("\n  ")}`,
      );
    const toAct = game.toAct;
    if (toAct === null) return;
    const key = (c: Command) => JSON.stringify(c, Object.keys(c).sort());
    const engine = driver.legalMoves(toAct).map(key).sort();
    const n = game.legalMoves(game.moves);
    const fast = Array.from(game.moves.subarray(0, n), (m) => key(game.decode(m))).sort();
    if (engine.join("\n") !== fast.join("\n"))
      throw new Error(
        `after ${said} the fast path's legal moves differ from decide's:\n  fast ${fast.join(", ")}\n  decide ${engine.join(", ")}`,
      );
  }
}

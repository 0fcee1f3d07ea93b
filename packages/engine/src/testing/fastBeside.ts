import type { ClassicState } from "../classic/state.js";
import type { GameDriver } from "../core/driver.js";
import type { Command } from "../core/types.js";
import { FastClassic, isFastUnsupported, type FastSnapshot } from "../fast/classic.js";

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

const differences = (a: FastSnapshot, b: FastSnapshot): string[] =>
  (Object.keys(b) as (keyof FastSnapshot)[])
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((k) => `${String(k)}: fast ${JSON.stringify(a[k])}, decide ${JSON.stringify(b[k])}`);

/**
 * The fast path beside a `decide` driver: it keeps its own game (loaded from decide's state
 * where a step left to decide ended) and judges and plays each command before decide does.
 */
export class FastBeside {
  private game: FastClassic | null = null;

  constructor(private readonly stats: FastRowStats) {}

  /**
   * Sends `command` to `driver` (decide) and to the fast path; throws when the fast path's
   * verdict, its table or (after an accepted command) the legal moves of the seat to act
   * differ from decide's.
   */
  send(driver: GameDriver, command: Command, dispatch: () => boolean): void {
    let game = this.game;
    if (game === null) {
      const loaded = FastClassic.load(driver.state as ClassicState, { exactShuffles: true });
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
    const diff = differences(game.snapshot(), fastSnapshotOf(driver.state as ClassicState));
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

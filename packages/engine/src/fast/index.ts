/**
 * The fast path (see classic.ts and docs/architecture.md). A search bot uses it like this:
 *
 *   const root = FastClassic.load(state, { rngSeed });   // or FastUnsupported: use the engine
 *   if (isFastUnsupported(root)) return engineBot(...);
 *   const sim = root.clone(rngSeed);
 *   const n = root.legalMoves(root.moves);                // moves as integers
 *   for (let i = 0; i < n; i++) {
 *     sim.copyFrom(root);
 *     sim.shuffleUnseen(seat);                            // or lay out a sampled deal yourself
 *     sim.apply(root.moves[i]!);
 *     sim.playout();                                      // random moves to the game's end
 *     // sim.winner, sim.score(seat)
 *   }
 *   return root.decode(best);                             // back to an engine Command
 *
 * `encode(command)` / `accepts(command)` read an engine command; nothing here allocates per
 * move but `decode`, `snapshot` and `load`.
 */
export {
  FastClassic,
  compileClassic,
  isFastUnsupported,
  maxMovesOf,
  moveCard,
  moveKind,
  moveWish,
  MOVE_CHOOSE,
  MOVE_DRAW,
  MOVE_MAU,
  MOVE_MAU_MAU,
  MOVE_PASS,
  MOVE_PLAY,
  type FastLoadOptions,
  type FastSnapshot,
  type FastTables,
  type FastUnsupported,
} from "./classic.js";
export { FastRng } from "./rng.js";
export { randomFastPolicy, type FastGame, type FastPath, type FastPolicy } from "../core/fast.js";
export {
  FastHeulDoch,
  fastHeulDochPath,
  HD_LEFT,
  HD_ONION,
  HD_OWN,
  HD_RIGHT,
  hdMoveArg,
  hdMoveCard,
  heulDochTables,
  type FastHeulDochSnapshot,
  type HeulDochTables,
} from "./heulDoch.js";
export { heuristicHeulDochFastPolicy } from "./heulDochBots.js";
export { heuristicClassicFastPolicy } from "./classicBots.js";

/** heul-doch's public surface: the engine and the parts a variant, a client or a test needs. */
export { HEUL_DOCH_DEFAULTS, heulDochRuleSetOf, type HeulDochRuleSet } from "./ruleSet.js";
export type {
  CarouselDirection,
  GameResult as HeulDochGameResult,
  HeulDochEvent,
  HeulDochEventOf,
  HeulDochEventType,
  HeulDochPhase,
  HeulDochState,
  PileCard,
  TopMove,
} from "./state.js";
export { pileTop, topOfSeat } from "./state.js";
export * as heulDochPredicates from "./predicates.js";
export {
  HEUL_DOCH_CHECKS,
  heulDochGuardName,
  heulDochRefusal,
  type HeulDochCheck,
} from "./checks.js";
export { carryOutHeulDoch, startHeulDochMatch } from "./decide.js";
export { evolveHeulDoch } from "./evolve.js";
export { legalHeulDochMoves } from "./legal.js";
export { pileHints, type PileHint, type PileReason, type SeenTop } from "./hints.js";
export {
  createHeulDochMachine,
  heulDochChartPosition,
  heulDochRaised,
  heulDochMachineEvents,
  type HeulDochMachine,
  type HeulDochMachineContext,
} from "./machine.js";
export { heulDochScriptState, type HeulDochScriptState } from "./script.js";
export {
  eventForHeulDoch,
  viewHeulDoch,
  type HeulDochEventView,
  type HeulDochView,
  type PileCardView,
  type PileView,
} from "./view.js";
export { heuristicHeulDochBot, randomHeulDochBot } from "./bots.js";
export { heulDochEngine } from "./engine.js";
export { heulDochDeterminizer } from "./determinize.js";

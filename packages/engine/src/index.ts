/** @maumau/engine: pure TypeScript, no I/O. Nothing else is imported from outside. */
export * from "./cards/codes.js";
export * from "./cards/decks.js";
export * from "./cards/rng.js";
export * from "./core/types.js";
export { commandSchemaOf, engineCommandSchema, type CommandParts } from "./commands.js";
export * from "./core/engine.js";
export * from "./core/variant.js";
export * from "./core/issuePlaces.js";
export * from "./core/driver.js";
export * from "./core/checks.js";
export * from "./core/fold.js";
export * from "./core/setup.js";
export * from "./core/events.js";
export * from "./core/family.js";
export type { FamilyName, FamilyView, ViewOf } from "./families.js";
export type { ClassicRuleSet, Effect, EffectKind, MatchEnd, RuleKey } from "./classic/ruleSet.js";
export { freezeRuleSet } from "./classic/ruleSet.js";
export type {
  ClassicEvent,
  ClassicEventType,
  ClassicState,
  Phase,
  DrawReason,
} from "./classic/state.js";
export { topCard, seatAfter, leftOf, rightOf } from "./classic/state.js";
export * as classicPredicates from "./classic/predicates.js";
export { CHECKS, guardName, refusalFor, type Check } from "./classic/checks.js";
export { carryOutClassic, startClassicMatch } from "./classic/decide.js";
export { CLASSIC_BRANCHES, type ClassicBranch } from "./classic/branches.js";
export { evolveClassic } from "./classic/evolve.js";
export { legalClassicMoves } from "./classic/legal.js";
export {
  createClassicMachine,
  classicChartPosition,
  classicRaised,
  classicMachineEvents,
  type ClassicMachine,
  type ClassicMachineContext,
} from "./classic/machine.js";
export { classicScriptState, type ClassicScriptState } from "./classic/script.js";
export {
  viewClassic,
  eventForViewer,
  type ClassicView,
  type ClassicEventView,
} from "./classic/view.js";
export { classicEngine } from "./classic/engine.js";
export { heuristicClassicBot, randomClassicBot } from "./bots/classic.js";
export * from "./machine/chart.js";
export {
  createTableMachine,
  accept,
  stateValueOf,
  dottedOf,
  REFUSED,
  type Emitted,
  type RefusedEvent,
  type TableContext,
  type TableMachineSpec,
  type MachineEvent,
  type NamedCheck,
} from "./machine/table.js";
export * from "./core/runtime.js";
export {
  DEFAULT_CONFIDENCE,
  DEFAULT_SEARCH_BUDGET,
  enginePlayout,
  FAST_PLAYOUT_COST,
  HEUL_DOCH_DEPTH,
  heulDochSearchRounds,
  heulDochStanding,
  search,
  searchBotMove,
  searchRng,
  type Playout,
  type PlayoutPolicy,
  type SearchOptions,
  type SearchResult,
  type SeatKnowledge,
} from "./bots/search.js";
export { prepareSampler, SamplerError, type Evidence, type Sampler } from "./bots/determinize.js";
export { isPlaceholder } from "./bots/placeholder.js";
export { classicDeterminizer } from "./classic/determinize.js";
export * from "./heul-doch/index.js";
export {
  fairnessProblemDe,
  verifyFairness,
  type FairnessReport,
  type GameCheck,
} from "./fairness.js";
export * from "./fast/index.js";

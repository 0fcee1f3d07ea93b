/**
 * @maumau/engine/testing: a small DSL for rule tests of any variant built on `GameDriver`.
 *
 *   given(table(noris, { players: 3, hands: { 1: ["red/draw2"] }, starter: "red/9" }))
 *     .when(play(1, "red/draw2"))
 *     .then(pendingDraw(2), turn(2));
 */
export { classicDealingSequence, stackDeck, type StackSpec } from "./deck.js";
export { choose, cut, draw, nextGame, pass, play, raw, type PlayExtra } from "./commands.js";
export {
  bots,
  given,
  repeat,
  table,
  tableOf,
  Scenario,
  type BotOptions,
  type DriverMode,
  type Expectation,
  type Outcome,
  type ScenarioReferee,
  type Setup,
  type Step,
  type StepRecord,
  type Table,
  type TableSpec,
  type TableOverrides,
} from "./scenario.js";
export {
  check,
  dealer,
  direction,
  drawPile,
  drawPileOf,
  game,
  hand,
  handSize,
  holds,
  logged,
  loggedInOrder,
  notLogged,
  ok,
  pendingDraw,
  refused,
  results,
  scores,
  seen,
  status,
  tableHas,
  top,
  totals,
  turn,
  winners,
  wish,
  type EventMatcher,
} from "./expect.js";
export { botMatchLog } from "./fairness.js";
export * from "./leaks/index.js";
export { formatPrecedenceSuite, type FormatFixture } from "./formatSuite.js";
export {
  addStats,
  differentialRun,
  emptyStats,
  faultyCommand,
  type DifferentialRun,
  type DifferentialStats,
} from "./differential.js";
export {
  forEachReferee,
  REFEREE_EXCEPTIONS,
  REFEREES,
  rowException,
  BRANCHES_OFF_ENV,
  type RefereeName,
  type RefereeRow,
} from "./referees.js";
export { FAST_ROW_FAMILIES } from "./families.js";
export { fastHeulDochSnapshotOf, fastSnapshotOf, type FastRowStats } from "./fastBeside.js";
export { ruleBranch, withBranchProbe, type BranchKey, type BranchProbe } from "../core/branches.js";

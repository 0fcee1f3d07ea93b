import { familyEngine } from "../core/family.js";
import { fastHeulDochPath } from "../fast/heulDoch.js";
import { heuristicHeulDochFastPolicy } from "../fast/heulDochBots.js";
import type { Engine } from "../core/engine.js";
import { heulDochDeterminizer } from "./determinize.js";
import { heuristicHeulDochBot, randomHeulDochBot } from "./bots.js";
import { heulDochRefusal } from "./checks.js";
import { carryOutHeulDoch, startHeulDochMatch } from "./decide.js";
import { evolveHeulDoch } from "./evolve.js";
import { legalHeulDochMoves } from "./legal.js";
import { createHeulDochMachine, heulDochChartPosition, heulDochMachineEvents } from "./machine.js";
import type { HeulDochRuleSet } from "./ruleSet.js";
import { heulDochProgress, heulDochScriptState } from "./script.js";
import type { HeulDochEvent, HeulDochState } from "./state.js";
import {
  eventForHeulDoch,
  viewHeulDoch,
  type HeulDochEventView,
  type HeulDochView,
} from "./view.js";

/** The engine of "Heul doch! Mau Mau": personal piles, the neighbour rule, onions. */
export const heulDochEngine: Engine<
  HeulDochRuleSet,
  HeulDochState,
  HeulDochEvent,
  HeulDochView,
  HeulDochEventView
> = familyEngine({
  family: "heul-doch",
  start: startHeulDochMatch,
  refusalFor: heulDochRefusal,
  carryOut: carryOutHeulDoch,
  evolve: evolveHeulDoch,
  view: viewHeulDoch,
  eventFor: eventForHeulDoch,
  legalMoves: legalHeulDochMoves,
  progress: heulDochProgress,
  scriptState: (s) => ({ ...heulDochScriptState(s) }),
  cardsInPlay: (s) => [
    ...s.hands.flat(),
    ...s.piles.flat().map((c) => c.card),
    ...s.middle,
    ...s.drawPile,
  ],
  machine: (rules) => createHeulDochMachine(rules),
  ruleSetOf: (s) => s.rules,
  chartPosition: (s) => ({ state: heulDochChartPosition(s) }),
  machineEvents: heulDochMachineEvents,
  determinizer: heulDochDeterminizer,
  viewBots: { random: randomHeulDochBot, heuristic: heuristicHeulDochBot },
  fast: fastHeulDochPath,
  fastHeuristic: heuristicHeulDochFastPolicy,
});

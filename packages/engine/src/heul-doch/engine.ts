import type { Engine } from "../core/engine.js";
import { searchBotMove } from "../bots/search.js";
import { heulDochDeterminizer } from "./determinize.js";
import { heuristicHeulDochBot, randomHeulDochBot } from "./bots.js";
import { decideHeulDoch, startHeulDochMatch } from "./decide.js";
import { evolveHeulDoch, replayHeulDoch } from "./evolve.js";
import { legalHeulDochMoves } from "./legal.js";
import { createHeulDochMachine, heulDochChartPosition, heulDochMachineEvents } from "./machine.js";
import type { HeulDochRules } from "./ruleset.js";
import { heulDochProgress, heulDochScriptState } from "./script.js";
import type { HeulDochEvent, HeulDochState } from "./state.js";
import {
  eventForHeulDoch,
  viewHeulDoch,
  type HeulDochEventView,
  type HeulDochView,
} from "./view.js";

const bots = { random: randomHeulDochBot, heuristic: heuristicHeulDochBot } as const;

/** The engine of "Heul doch! Mau Mau": personal piles, the neighbour rule, onions. */
export const heulDochEngine: Engine<
  HeulDochRules,
  HeulDochState,
  HeulDochEvent,
  HeulDochView,
  HeulDochEventView
> = {
  family: "heul-doch",
  start: startHeulDochMatch,
  decide: decideHeulDoch,
  evolve: evolveHeulDoch,
  replay: replayHeulDoch,
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
  machine: createHeulDochMachine,
  rulesOf: (s) => s.rules,
  chartPosition: (s) => ({ state: heulDochChartPosition(s) }),
  machineEvents: heulDochMachineEvents,
  botMove: (s, seat, level, random, log, budget) =>
    level === "search"
      ? searchBotMove(heulDochEngine, s, seat, random, log, budget)
      : bots[level](viewHeulDoch(s, seat), legalHeulDochMoves(s, seat), random),
  determinizer: heulDochDeterminizer,
};

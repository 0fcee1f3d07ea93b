import type { Engine } from "../core/engine.js";
import { searchBotMove } from "../bots/search.js";
import { classicDeterminizer } from "./determinize.js";
import { heuristicClassicBot, randomClassicBot } from "../bots/classic.js";
import { applyClassic, decideClassic, replayClassic, startClassicMatch } from "./decide.js";
import { evolveClassic } from "./evolve.js";
import { legalClassicMoves } from "./legal.js";
import { classicChartPosition, classicMachineEvents, createClassicMachine } from "./machine.js";
import type { ClassicRules } from "./ruleset.js";
import { classicProgress, classicScriptState } from "./script.js";
import type { ClassicEvent, ClassicState } from "./state.js";
import { eventForViewer, viewClassic, type ClassicEventView, type ClassicView } from "./view.js";

const bots = { random: randomClassicBot, heuristic: heuristicClassicBot } as const;

/** The engine of the classic shedding family: noris, tabaluga, french, bavarian, custom. */
export const classicEngine: Engine<
  ClassicRules,
  ClassicState,
  ClassicEvent,
  ClassicView,
  ClassicEventView
> = {
  family: "classic",
  start: (setup) => startClassicMatch(setup),
  decide: decideClassic,
  apply: applyClassic,
  evolve: evolveClassic,
  replay: replayClassic,
  view: viewClassic,
  eventFor: eventForViewer,
  legalMoves: legalClassicMoves,
  progress: classicProgress,
  scriptState: (s) => ({ ...classicScriptState(s) }),
  cardsInPlay: (s) => [...s.hands.flat(), ...s.drawPile, ...s.discard],
  machine: createClassicMachine,
  rulesOf: (s) => s.rules,
  chartPosition: (s) => ({ state: classicChartPosition(s) }),
  machineEvents: (_before, events) => classicMachineEvents(events),
  botMove: (s, seat, level, random, log, budget) =>
    level === "search"
      ? searchBotMove(classicEngine, s, seat, random, log, budget)
      : bots[level](viewClassic(s, seat), legalClassicMoves(s, seat), random),
  determinizer: classicDeterminizer,
};

import { familyEngine } from "../core/family.js";
import type { Engine } from "../core/engine.js";
import { FastClassic } from "../fast/classic.js";
import { heuristicClassicFastPolicy } from "../fast/classicBots.js";
import { classicDeterminizer } from "./determinize.js";
import { heuristicClassicBot, randomClassicBot } from "../bots/classic.js";
import { refusalFor } from "./checks.js";
import { carryOutClassic, startClassicMatch } from "./decide.js";
import { evolveClassic } from "./evolve.js";
import { legalClassicMoves } from "./legal.js";
import { classicChartPosition, classicMachineEvents, createClassicMachine } from "./machine.js";
import type { ClassicRuleSet } from "./ruleSet.js";
import { classicProgress, classicScriptState } from "./script.js";
import type { ClassicEvent, ClassicState } from "./state.js";
import { eventForViewer, viewClassic, type ClassicEventView, type ClassicView } from "./view.js";

/** The engine of the classic shedding family: noris, tabaluga, french, bavarian, custom. */
export const classicEngine: Engine<
  ClassicRuleSet,
  ClassicState,
  ClassicEvent,
  ClassicView,
  ClassicEventView
> = familyEngine({
  family: "classic",
  start: startClassicMatch,
  refusalFor,
  carryOut: carryOutClassic,
  evolve: evolveClassic,
  view: viewClassic,
  eventFor: eventForViewer,
  legalMoves: legalClassicMoves,
  progress: classicProgress,
  scriptState: (s) => ({ ...classicScriptState(s) }),
  cardsInPlay: (s) => [...s.hands.flat(), ...s.drawPile, ...s.discard],
  machine: createClassicMachine,
  ruleSetOf: (s) => s.rules,
  chartPosition: (s) => ({ state: classicChartPosition(s) }),
  machineEvents: (_before, events) => classicMachineEvents(events),
  determinizer: classicDeterminizer,
  fast: { load: (state, options) => FastClassic.load(state, options) },
  viewBots: { random: randomClassicBot, heuristic: heuristicClassicBot },
  fastHeuristic: heuristicClassicFastPolicy,
});

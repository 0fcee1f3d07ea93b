import { createCheckMachine, type CheckMachineContext } from "../machine/checkMachine.js";
import { CHECKS, guardName, refusalOf } from "./checks.js";
import { outcomeClassic, replayClassic } from "./decide.js";
import { evolveClassic } from "./evolve.js";
import type { ClassicRules } from "./ruleset.js";
import type { ClassicEvent, ClassicState, Phase } from "./state.js";

export type ClassicMachineContext = CheckMachineContext<ClassicState, ClassicEvent>;

/** Phases the statechart names, with what they mean at the table. */
const PHASE_DESCRIPTIONS: Record<Phase, string> = {
  idle: "No game dealt yet",
  cutting: "B-2.2: the dealer's right neighbour cuts the deck",
  choosingColour: "F-2.3: the dealer names a suit for a wish-card starter",
  playing: "A turn: play a matching card or draw",
  drawnCard: "F-3.2/B-3.2: play the card just drawn, or pass",
  playAgain: "B-4.4: the same player must play again",
  gameOver: "The game is over; the match goes on",
  matchOver: "The match is over",
};

/** The classic family's statechart for one rule set: guard names carry its rule ids. */
export const createClassicMachine = (rules: ClassicRules) =>
  createCheckMachine({
    id: "classic",
    checks: CHECKS,
    phaseOf: (s: ClassicState) => s.phase,
    descriptions: PHASE_DESCRIPTIONS,
    resolving: "Carry out the accepted move and its effects, then route to the next phase",
    guardName: (check) => guardName(check, rules.ruleIds),
    refusal: refusalOf,
    outcome: outcomeClassic,
    evolve: evolveClassic,
    replay: replayClassic,
  });

export type ClassicMachine = ReturnType<typeof createClassicMachine>;

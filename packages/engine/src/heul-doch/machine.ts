import { createCheckMachine, type CheckMachineContext } from "../machine/checkMachine.js";
import type { HeulDochRules } from "./ruleset.js";
import { HEUL_DOCH_CHECKS, heulDochGuardName, refusalOf } from "./checks.js";
import { outcomeHeulDoch } from "./decide.js";
import { evolveHeulDoch, replayHeulDoch } from "./evolve.js";
import type { HeulDochEvent, HeulDochPhase, HeulDochState } from "./state.js";

export type HeulDochMachineContext = CheckMachineContext<HeulDochState, HeulDochEvent>;

/** Phases the statechart names, with what they mean at the table. */
const PHASE_DESCRIPTIONS: Record<HeulDochPhase, string> = {
  idle: "No game dealt yet",
  playing:
    "H-3: play one hand card: onto a neighbour's pile, your own pile, face down as an onion, or a special card to the middle",
  gameOver: "H-6.2: the piles are scored; the match goes on (H-6.4)",
  matchOver: "H-6.3/H-6.4: the match is over",
};

/** heul-doch's statechart; its guards are named after the H- rules (the rule set adds none). */
export const createHeulDochMachine = (_rules?: HeulDochRules) =>
  createCheckMachine({
    id: "heulDoch",
    checks: HEUL_DOCH_CHECKS,
    phaseOf: (s: HeulDochState) => s.phase,
    descriptions: PHASE_DESCRIPTIONS,
    resolving:
      "Carry out the accepted move: place the card or the special card's effect (H-4), draw (H-3.6), pass the turn on or score (H-6), then route to the next phase",
    guardName: heulDochGuardName,
    refusal: (check) => refusalOf(check),
    outcome: outcomeHeulDoch,
    evolve: evolveHeulDoch,
    replay: replayHeulDoch,
  });

export type HeulDochMachine = ReturnType<typeof createHeulDochMachine>;

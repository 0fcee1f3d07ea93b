import { assign, not, setup } from "xstate";
import type { Command, CommandType, Refusal } from "../core/types.js";
import { HEUL_DOCH_CHECKS, heulDochGuardName, refusalOf, type HeulDochCheck } from "./checks.js";
import { outcomeHeulDoch } from "./decide.js";
import { evolveHeulDoch, replayHeulDoch } from "./evolve.js";
import type { HeulDochRules } from "./ruleset.js";
import type { HeulDochEvent, HeulDochPhase, HeulDochState } from "./state.js";

export interface HeulDochMachineContext {
  game: HeulDochState;
  /** What the last command did: the events it caused, or why it was refused. */
  outcome: HeulDochEvent[] | Refusal | null;
}

export interface HeulDochMachineInput {
  /** The log so far (at least `match.started` and the first deal): the actor replays it. */
  readonly events: readonly HeulDochEvent[];
}

const COMMANDS: readonly CommandType[] = [
  "playCard",
  "drawCard",
  "pass",
  "chooseColour",
  "cut",
  "startNextGame",
];
const PHASES = Object.keys(HEUL_DOCH_CHECKS) as HeulDochPhase[];

/** Phases the statechart names, with what they mean at the table. */
const PHASE_DESCRIPTIONS: Record<HeulDochPhase, string> = {
  idle: "No game dealt yet",
  playing:
    "H-3: play one hand card: onto a neighbour's pile, your own pile, face down as an onion, or a special card to the middle",
  gameOver: "H-6.2: the piles are scored; the match goes on (H-6.4)",
  matchOver: "H-6.3/H-6.4: the match is over",
};

/**
 * heul-doch's statechart, generated from the same check table as `decide`: its states are
 * the phases, each command event tries the phase's rule checks in order as named guards (a
 * failed check refuses the command and changes nothing), and `resolving` carries out the
 * accepted move (placing the card or the special card's effect, the draw, the next turn or
 * the scoring) and routes to the phase it leads to. Guards and actions call the pure rule
 * functions; randomness comes only from the seed inside the state.
 */
export function createHeulDochMachine(_rules?: HeulDochRules) {
  const guards: Record<
    string,
    (args: { context: HeulDochMachineContext; event: Command }) => boolean
  > = {};
  const guardOf = (check: HeulDochCheck): string => {
    const name = heulDochGuardName(check);
    guards[name] = ({ context, event }) => check.passes(context.game, event);
    return name;
  };
  for (const phase of PHASES)
    guards[`phase is ${phase}`] = ({ context }) => context.game.phase === phase;

  const onCommand = (phase: HeulDochPhase) =>
    Object.fromEntries(
      COMMANDS.map((type) => [
        type,
        [
          ...HEUL_DOCH_CHECKS[phase][type].map((check) => ({
            guard: not(guardOf(check)),
            actions: { type: "refuse" as const, params: { refusal: refusalOf(check) } },
          })),
          { target: "#heulDoch.resolving", actions: "carry out the move" as const },
        ],
      ]),
    );

  const states = Object.fromEntries(
    PHASES.map((phase) => [
      phase,
      { description: PHASE_DESCRIPTIONS[phase], on: onCommand(phase) },
    ]),
  );

  return setup({
    types: {
      context: {} as HeulDochMachineContext,
      events: {} as Command,
      input: {} as HeulDochMachineInput,
    },
    guards,
    actions: {
      // A fresh object per refusal, so a caller can tell this command's outcome from the last one.
      refuse: assign((_, params: { refusal: Refusal }) => ({ outcome: { ...params.refusal } })),
      "carry out the move": assign(({ context, event }) => {
        const events = outcomeHeulDoch(context.game, event);
        let game = context.game;
        for (const e of events) game = evolveHeulDoch(game, e);
        return { game, outcome: events };
      }),
    },
  }).createMachine({
    id: "heulDoch",
    context: ({ input }) => ({ game: replayHeulDoch(input.events), outcome: null }),
    initial: "resolving",
    states: {
      resolving: {
        description:
          "Carry out the accepted move: place the card or the special card's effect (H-4), draw (H-3.6), pass the turn on or score (H-6), then route to the next phase",
        always: PHASES.map((phase) => ({ guard: `phase is ${phase}`, target: phase })),
      },
      ...states,
    },
  });
}

export type HeulDochMachine = ReturnType<typeof createHeulDochMachine>;

import { assign, not, setup } from "xstate";
import type { Command, CommandType, Refusal } from "../core/types.js";
import { CHECKS, guardName, refusalOf, type Check } from "./checks.js";
import { outcomeClassic, replayClassic } from "./decide.js";
import { evolveClassic } from "./evolve.js";
import type { ClassicRules } from "./ruleset.js";
import type { ClassicEvent, ClassicState, Phase } from "./state.js";

export interface ClassicMachineContext {
  game: ClassicState;
  /** What the last command did: the events it caused, or why it was refused. */
  outcome: ClassicEvent[] | Refusal | null;
}

export interface ClassicMachineInput {
  /** The log so far (at least `match.started` and the first deal): the actor replays it. */
  readonly events: readonly ClassicEvent[];
}

const COMMANDS: readonly CommandType[] = [
  "playCard",
  "drawCard",
  "pass",
  "chooseColour",
  "cut",
  "startNextGame",
];
const PHASES = Object.keys(CHECKS) as Phase[];

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

/**
 * The classic family's statechart, generated from the same check table as `decide`: its
 * states are the turn phases, each command event tries the phase's rule checks in order as
 * named guards (a failed check refuses the command and changes nothing), and `resolving`
 * carries out the accepted move and routes to the phase it leads to. Guards and actions call
 * the pure rule functions; the machine holds no clock and no randomness.
 */
export function createClassicMachine(rules: ClassicRules) {
  const guards: Record<
    string,
    (args: { context: ClassicMachineContext; event: Command }) => boolean
  > = {};
  const named = new Map<string, Check>();
  const guardOf = (check: Check): string => {
    const name = guardName(check, rules.ruleIds);
    const known = named.get(name);
    if (known !== undefined && known !== check) throw new Error(`two checks share the guard name "${name}"`);
    named.set(name, check);
    guards[name] = ({ context, event }) => check.passes(context.game, event);
    return name;
  };
  for (const phase of PHASES) {
    guards[`phase is ${phase}`] = ({ context }) => context.game.phase === phase;
  }

  const onCommand = (phase: Phase) =>
    Object.fromEntries(
      COMMANDS.map((type) => [
        type,
        [
          ...CHECKS[phase][type].map((check) => ({
            guard: not(guardOf(check)),
            actions: { type: "refuse" as const, params: { check } },
          })),
          { target: "#classic.resolving", actions: "carry out the move" as const },
        ],
      ]),
    );

  const states = Object.fromEntries(
    PHASES.map((phase) => [
      phase,
      {
        description: PHASE_DESCRIPTIONS[phase],
        on: onCommand(phase),
      },
    ]),
  );

  return setup({
    types: {
      context: {} as ClassicMachineContext,
      events: {} as Command,
      input: {} as ClassicMachineInput,
    },
    guards,
    actions: {
      // A fresh object per refusal, so a caller can tell this command's outcome from the last one.
      refuse: assign(({ context }, params: { check: Check }) => ({
        outcome: refusalOf(params.check, context.game),
      })),
      "carry out the move": assign(({ context, event }) => {
        const events = outcomeClassic(context.game, event);
        let game = context.game;
        for (const e of events) game = evolveClassic(game, e);
        return { game, outcome: events };
      }),
    },
  }).createMachine({
    id: "classic",
    context: ({ input }) => ({ game: replayClassic(input.events), outcome: null }),
    initial: "resolving",
    states: {
      resolving: {
        description: "Carry out the accepted move and its effects, then route to the next phase",
        always: PHASES.map((phase) => ({ guard: `phase is ${phase}`, target: phase })),
      },
      ...states,
    },
  });
}

export type ClassicMachine = ReturnType<typeof createClassicMachine>;

import { assign, not, setup } from "xstate";
import { COMMAND_TYPES, type Command, type CommandType, type Refusal } from "../core/types.js";

/** A rule check as the machine needs it: a name and a pure predicate. */
export interface GuardCheck<S> {
  readonly label: string;
  readonly passes: (state: S, command: Command) => boolean;
}

export interface CheckMachineContext<S, E> {
  game: S;
  /** What the last command did: the events it caused, or why it was refused. */
  outcome: E[] | Refusal | null;
}

export interface CheckMachineInput<E> {
  /** The log so far (at least the opening events): the actor replays it. */
  readonly events: readonly E[];
}

export interface CheckMachineSpec<S, E, P extends string, C extends GuardCheck<S>> {
  readonly id: string;
  /** For every phase and command: the checks in order of precedence. */
  readonly checks: Readonly<Record<P, Readonly<Record<CommandType, readonly C[]>>>>;
  readonly phaseOf: (state: S) => P;
  readonly descriptions: Readonly<Record<P, string>>;
  readonly resolving: string;
  /** The guard's name: the rule id, then what it checks. Must be unique per check. */
  readonly guardName: (check: C) => string;
  /** The refusal a failed check gives in this state (a fresh object each time). */
  readonly refusal: (check: C, state: S) => Refusal;
  /** The events of a command that passed every check. */
  readonly outcome: (state: S, command: Command) => E[];
  readonly evolve: (state: S, event: E) => S;
  readonly replay: (events: readonly E[]) => S;
}

/**
 * A game family's statechart, generated from the same check table as its `decide`: the
 * states are the phases, each command event tries the phase's checks in order as named
 * guards (a failed check refuses the command and changes nothing), and `resolving` carries
 * out the accepted move and routes to the phase it leads to. Guards and actions call the
 * pure rule functions; the machine holds no clock and no randomness of its own.
 */
export function createCheckMachine<S, E, P extends string, C extends GuardCheck<S>>(
  spec: CheckMachineSpec<S, E, P, C>,
) {
  type Context = CheckMachineContext<S, E>;
  const phases = Object.keys(spec.checks) as P[];
  const guards: Record<string, (args: { context: Context; event: Command }) => boolean> = {};
  const named = new Map<string, C>();
  const guardOf = (check: C): string => {
    const name = spec.guardName(check);
    const known = named.get(name);
    if (known !== undefined && known !== check)
      throw new Error(`two checks share the guard name "${name}"`);
    named.set(name, check);
    guards[name] = ({ context, event }) => check.passes(context.game, event);
    return name;
  };
  for (const phase of phases)
    guards[`phase is ${phase}`] = ({ context }) => spec.phaseOf(context.game) === phase;

  const onCommand = (phase: P) =>
    Object.fromEntries(
      COMMAND_TYPES.map((type) => [
        type,
        [
          ...spec.checks[phase][type].map((check) => ({
            guard: not(guardOf(check)),
            actions: { type: "refuse" as const, params: { check } },
          })),
          { target: `#${spec.id}.resolving`, actions: "carry out the move" as const },
        ],
      ]),
    );

  return setup({
    types: {
      context: {} as Context,
      events: {} as Command,
      input: {} as CheckMachineInput<E>,
    },
    guards,
    actions: {
      refuse: assign(({ context }, params: { check: C }) => ({
        outcome: spec.refusal(params.check, context.game),
      })),
      "carry out the move": assign(({ context, event }) => {
        const events = spec.outcome(context.game, event);
        let game = context.game;
        for (const e of events) game = spec.evolve(game, e);
        return { game, outcome: events };
      }),
    },
  }).createMachine({
    id: spec.id,
    context: ({ input }) => ({ game: spec.replay(input.events), outcome: null }),
    initial: "resolving",
    states: {
      resolving: {
        description: spec.resolving,
        always: phases.map((phase) => ({ guard: `phase is ${phase}`, target: phase })),
      },
      ...Object.fromEntries(
        phases.map((phase) => [phase, { description: spec.descriptions[phase], on: onCommand(phase) }]),
      ),
    },
  });
}

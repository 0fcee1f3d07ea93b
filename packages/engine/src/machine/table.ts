import {
  and,
  enqueueActions,
  setup,
  type AnyStateMachine,
  type EventObject,
  type MachineSnapshot,
} from "xstate";
import { COMMAND_TYPES, type Command, type Refusal } from "../core/types.js";

/**
 * The parts both game families build their statecharts from. A family machine is a real
 * chart (states a player would name, transitions with real targets); this module only holds
 * what every family machine shares:
 *
 * - the context: the folded game and the machine events the last command took;
 * - the accept transition: a command passes its rule checks (named guards, combined with
 *   `and`), the move is carried out once (the family's pure `carryOut`, folding each event
 *   once), its events are emitted (XState `emit`: the decision, handed over as actions of the
 *   transition, never kept in the context), and its effects are raised as machine events
 *   (`effect.draw`, …) that the chart routes to where they lead;
 * - the refusal: a command no transition of the current state accepts bubbles to the root,
 *   where the family's check table names the first failed check (FORMAT precedence), emitted
 *   as one `command.refused`. The context does not change.
 */
export interface TableContext<S> {
  readonly game: S;
  /** The machine events the last accepted command took: the command, then the events it raised. */
  readonly taken: readonly string[];
}

/** What a table machine emits for a refused command (never a game event: nothing is stored). */
export const REFUSED = "command.refused";
export interface RefusedEvent {
  readonly type: typeof REFUSED;
  readonly refusal: Refusal;
}

/**
 * What a table machine emits while taking one command: the events the command caused, in
 * order (the family's past-tense game events), or one `command.refused`.
 */
export type Emitted<E> = E | RefusedEvent;

/** A machine event: a command, or an event the machine raised while carrying one out. */
export type MachineEvent = Command | { readonly type: string };

/** A named rule check of a family's table, as a guard. */
export interface NamedCheck<S> {
  readonly name: string;
  readonly passes: (game: S, command: Command) => boolean;
}

export interface TableMachineSpec<S, E> {
  readonly id: string;
  readonly description: string;
  /** Every check a guard names (unique names). */
  readonly checks: readonly NamedCheck<S>[];
  /** Further guards on the game after a raised event (e.g. "a wish is in force"). */
  readonly stateGuards: Readonly<Record<string, (game: S) => boolean>>;
  /** The first failed check of the command in this game; null when none fails. */
  readonly refusalFor: (game: S, command: Command) => Refusal | null;
  /** Carries out an accepted command: its events and the state after them (one fold). */
  readonly carryOut: (game: S, command: Command) => { events: E[]; state: S };
  /** The machine events a carried-out command raises, in order (effects, game end, …). */
  readonly raised: (before: S, events: readonly E[], after: S) => string[];
  /** The chart's states (XState config), built from the variant's rules. */
  readonly states: Record<string, unknown>;
  readonly initial: string;
}

/** The XState config of an accept transition: every named check must pass. */
export const accept = (
  checks: readonly string[],
  target: string,
  description?: string,
): Record<string, unknown> => ({
  guard: and(checks.map((name) => ({ type: name }))),
  target,
  actions: "carry out the move",
  ...(description === undefined ? {} : { description }),
});

const internalError: Refusal = {
  code: "INVALID_COMMAND",
  message: {
    en: "The command was not accepted, and no rule says why.",
    de: "Der Befehl wurde nicht angenommen, und keine Regel sagt warum.",
  },
};

/** Builds a family's machine from its spec. Guards and actions call the pure rule functions. */
export function createTableMachine<S, E extends EventObject>(
  spec: TableMachineSpec<S, E>,
): AnyStateMachine {
  type Ctx = TableContext<S>;
  type Args = { context: Ctx; event: MachineEvent };
  const guards: Record<string, (args: Args) => boolean> = {};
  for (const check of spec.checks) {
    if (guards[check.name] !== undefined)
      throw new Error(`two checks share the guard name "${check.name}"`);
    guards[check.name] = ({ context, event }) => check.passes(context.game, event as Command);
  }
  for (const [name, test] of Object.entries(spec.stateGuards)) {
    if (guards[name] !== undefined) throw new Error(`two guards share the name "${name}"`);
    guards[name] = ({ context }) => test(context.game);
  }
  const refuseOn = Object.fromEntries(
    COMMAND_TYPES.map((type) => [
      type,
      {
        actions: "refuse",
        description:
          "No transition of this state accepts the command: the first failed check refuses it",
      },
    ]),
  );
  return setup({
    types: {
      context: {} as Ctx,
      events: {} as MachineEvent,
      emitted: {} as Emitted<E>,
      input: {} as { game: S },
    },
    guards,
    actions: {
      refuse: enqueueActions(({ context, event, enqueue }) => {
        const refusal = spec.refusalFor(context.game, event as Command) ?? internalError;
        const refused: Emitted<E> = { type: REFUSED, refusal };
        enqueue.emit(refused);
      }),
      "carry out the move": enqueueActions(({ context, event, enqueue }) => {
        const before = context.game;
        const { events, state } = spec.carryOut(before, event as Command);
        const raised = spec.raised(before, events, state);
        enqueue.assign({ game: state, taken: [event.type, ...raised] });
        for (const e of events) enqueue.emit(e);
        for (const type of raised) enqueue.raise({ type });
      }),
    },
  }).createMachine({
    id: spec.id,
    description: spec.description,
    context: ({ input }: { input: { game: S } }) => ({ game: input.game, taken: [] }),
    initial: spec.initial,
    on: refuseOn,
    states: spec.states,
  } as never) as unknown as AnyStateMachine;
}

export type TableSnapshot<S> = MachineSnapshot<
  TableContext<S>,
  MachineEvent,
  never,
  never,
  string,
  never,
  never,
  never
>;

/** "turn.underPenalty" → { turn: "underPenalty" }: a dotted chart position as a state value. */
export function stateValueOf(dotted: string): string | Record<string, unknown> {
  const parts = dotted.split(".");
  let value: string | Record<string, unknown> = parts.pop()!;
  while (parts.length) value = { [parts.pop()!]: value };
  return value;
}

/** { turn: "underPenalty" } → "turn.underPenalty". */
export function dottedOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object") {
    const [key, inner] = Object.entries(value)[0] ?? [];
    if (key === undefined) return "";
    const rest = dottedOf(inner);
    return rest === "" ? key : `${key}.${rest}`;
  }
  return "";
}

import {
  createActor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type ExecutableActionObject,
} from "xstate";
import {
  dottedOf,
  REFUSED,
  stateValueOf,
  type Emitted,
  type RefusedEvent,
  type TableContext,
} from "../machine/table.js";
import { mutating } from "./branches.js";
import type { AnyEngine } from "./engine.js";
import { UNKNOWN_COMMAND } from "./checks.js";
import { COMMAND_TYPES, type Command, type Refusal } from "./types.js";

/** Where a game stands on its family's chart: a dotted state path such as `turn.underPenalty`. */
export interface ChartPosition {
  readonly state: string;
}

/**
 * One command carried out by the machine: the events it decided (what the machine emitted) and
 * the snapshot after them.
 */
export interface MachineStep<S = unknown, E = { type: string }> {
  /** The decision: the events the machine emitted, in order (taken from the transition's actions). */
  readonly events: E[];
  readonly snapshot: AnyMachineSnapshot;
  /** The game in `snapshot`: the machine's own fold of `events` (it decided on it step by step). */
  readonly state: S;
  /** The machine events the command took: the command type, then every event it raised. */
  readonly taken: readonly string[];
  /** The dotted chart state after the command. */
  readonly position: string;
}

const KNOWN_TYPES: ReadonlySet<string> = new Set<string>(COMMAND_TYPES);

/** Only known command types reach a machine: XState reserves other event types for itself. */
export const isCommand = (c: unknown): c is Command =>
  typeof c === "object" && c !== null && KNOWN_TYPES.has((c as { type?: unknown }).type as string);

/**
 * The decision among a transition's actions (what XState's `transition()` returns besides the
 * next snapshot): the events the machine emitted, or the refusal it emitted; null when it
 * emitted nothing (no transition took the command).
 */
export function decisionOf<E extends { type: string }>(
  actions: readonly ExecutableActionObject[],
): E[] | Refusal | null {
  let events: E[] | null = null;
  for (const action of actions) {
    if (action.type !== "xstate.emit") continue;
    const event = (action.params as { event: Emitted<E> }).event;
    if (event.type === REFUSED) return (event as RefusedEvent).refusal;
    (events ??= []).push(event as E);
  }
  return events;
}

/**
 * Runs a family's machine as the referee: XState's pure `transition(machine, snapshot,
 * command)` (the machine's own `transition` with one inert actor scope) on a snapshot, which
 * returns the next snapshot and the actions to execute; the decided events are the machine's
 * `emit` actions among them (`decisionOf`). Nothing is executed and nothing is kept: a caller
 * folds the events it commits as it folds any others. The snapshot is never the truth:
 * `snapshotOf` rebuilds it from a state folded from the log (its chart position is a function
 * of that state), so a match loaded from its log gets the same snapshot as the one that played on.
 */
export class MachineRuntime<S = unknown, E extends { type: string } = { type: string }> {
  /**
   * XState's `transition(machine, snapshot, event)` builds a throw-away actor scope on every
   * call (most of its cost); this one is built once. Like XState's, its `actionExecutor`
   * executes nothing: it collects the actions of the transition under way (`actions`).
   */
  private readonly scope: Parameters<AnyStateMachine["transition"]>[2];
  private actions: ExecutableActionObject[] = [];
  /** The resolved snapshot of each chart position reached so far (a chart has a handful). */
  private readonly positions = new Map<string, AnyMachineSnapshot>();

  constructor(
    readonly machine: AnyStateMachine,
    private readonly position: (state: S) => ChartPosition,
  ) {
    const self = createActor(machine, { input: { game: null } });
    this.scope = {
      self,
      defer: () => {},
      id: "",
      logger: () => {},
      sessionId: "",
      stopChild: () => {},
      system: self.system,
      emit: () => {},
      actionExecutor: (action: ExecutableActionObject) => this.actions.push(action),
    };
  }

  /**
   * XState's pure `transition(machine, snapshot, event)` on the cached scope: the next
   * snapshot and the actions to execute, none of them executed.
   */
  transition(
    snapshot: AnyMachineSnapshot,
    command: Command,
  ): [AnyMachineSnapshot, ExecutableActionObject[]] {
    const actions: ExecutableActionObject[] = [];
    this.actions = actions;
    const next = this.machine.transition(snapshot, command, this.scope) as AnyMachineSnapshot;
    this.actions = [];
    return [next, actions];
  }

  /**
   * The machine snapshot of a folded game state: the snapshot of its chart position (resolved
   * once per position by `machine.resolveState`) with the game as its context. A snapshot is
   * immutable data (XState's own `cloneMachineSnapshot` copies it with a new context the same
   * way), so one position's copies share its state nodes; resolving the position again on
   * every command cost as much as folding the command's events.
   */
  snapshotOf(game: S): AnyMachineSnapshot {
    const state = this.position(game).state;
    let at = this.positions.get(state);
    if (at === undefined) {
      at = this.machine.resolveState({
        value: stateValueOf(state) as never,
        context: { game: null, taken: [] },
      });
      this.positions.set(state, at);
    }
    const context: TableContext<S> = { game, taken: [] };
    return { ...at, context } as AnyMachineSnapshot;
  }

  /**
   * Decides `command` on `snapshot`: the events the machine emitted and the snapshot after
   * them, or the refusal it emitted. Pure: `snapshot` is left as it was.
   */
  step(snapshot: AnyMachineSnapshot, command: Command): MachineStep<S, E> | Refusal {
    if (!isCommand(command)) return UNKNOWN_COMMAND;
    const [next, actions] = this.transition(snapshot, command);
    const decision = decisionOf<E>(actions);
    if (decision === null) return UNKNOWN_COMMAND;
    if (!Array.isArray(decision)) return decision;
    const context = next.context as TableContext<S>;
    return {
      events: decision,
      state: context.game,
      snapshot: next,
      taken: context.taken,
      position: dottedOf(next.value),
    };
  }
}

const runtimes = new WeakMap<AnyEngine, WeakMap<object, MachineRuntime>>();

/** Distinct rule sets whose machines are remembered per engine by text (the oldest go first). */
const SHARED_RULE_SETS = 64;
const byText = new WeakMap<AnyEngine, Map<string, MachineRuntime>>();

/**
 * The engine's machine for these rules: one per rules object, and one per distinct rule set.
 * Every match and every game folds its own copy of its rules (from its log or its setup), and a
 * machine with its actor is ~40 KB and a tenth of a short game's time to build (a CPU profile
 * of whole noris games on the machine path: `createMachine` ~10 % before this cache). Rules are
 * JSON data, so equal text means the same machine; the last `SHARED_RULE_SETS` are kept.
 */
export function runtimeOf(engine: AnyEngine, rules: unknown): MachineRuntime {
  // A test that switches a rule branch off (core/branches.ts) gets a machine built under it.
  if (mutating()) return new MachineRuntime(engine.machine(rules), (s) => engine.chartPosition(s));
  let byRules = runtimes.get(engine);
  if (!byRules) runtimes.set(engine, (byRules = new WeakMap()));
  const key = rules as object;
  let runtime = byRules.get(key);
  if (runtime) return runtime;
  let shared = byText.get(engine);
  if (!shared) byText.set(engine, (shared = new Map<string, MachineRuntime>()));
  const text = JSON.stringify(rules) ?? "null";
  runtime = shared.get(text);
  if (!runtime) {
    runtime = new MachineRuntime(engine.machine(rules), (s) => engine.chartPosition(s));
    shared.set(text, runtime);
    if (shared.size > SHARED_RULE_SETS) shared.delete(shared.keys().next().value!);
  }
  byRules.set(key, runtime);
  return runtime;
}

/** The dotted state path of a snapshot. */
export const positionOf = (snapshot: AnyMachineSnapshot): string => dottedOf(snapshot.value);

export type { AnyMachineSnapshot };

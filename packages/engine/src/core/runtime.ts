import { createActor, type AnyMachineSnapshot, type AnyStateMachine } from "xstate";
import { dottedOf, stateValueOf, type TableContext } from "../machine/table.js";
import type { AnyEngine } from "./engine.js";
import { UNKNOWN_COMMAND } from "./checks.js";
import { COMMAND_TYPES, type Command, type Refusal } from "./types.js";

/** Where a game stands on its family's chart: a dotted state path such as `turn.underPenalty`. */
export interface ChartPosition {
  readonly state: string;
}

/** One command carried out by the machine: its events, the state after them, the new snapshot. */
export interface MachineStep<S = unknown, E = { type: string }> {
  readonly events: E[];
  readonly state: S;
  readonly snapshot: AnyMachineSnapshot;
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
 * Runs a family's machine as the referee: XState's pure `transition(machine, snapshot,
 * command)` (the machine's own `transition` with one inert actor scope) on a cached snapshot. The snapshot is never the truth: `snapshotOf` rebuilds it
 * from a state folded from the log (its chart position is a function of that state), so a
 * match loaded from its log gets the same snapshot as the one that played on.
 */
export class MachineRuntime<S = unknown, E extends { type: string } = { type: string }> {
  /**
   * XState's `transition(machine, snapshot, event)` builds a throw-away actor scope on every
   * call (most of its cost); this one is built once. It executes nothing: our machines only
   * assign and raise, which `machine.transition` carries out inside the snapshot.
   */
  private readonly scope: Parameters<AnyStateMachine["transition"]>[2];

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
      actionExecutor: () => {},
    };
  }

  /** The machine snapshot of a folded game state. */
  snapshotOf(game: S): AnyMachineSnapshot {
    const context: TableContext<S, E> = { game, outcome: null, taken: [] };
    return this.machine.resolveState({
      value: stateValueOf(this.position(game).state) as never,
      context,
    });
  }

  /** Decides `command` once and folds its events once; a refusal leaves `snapshot` as it was. */
  step(snapshot: AnyMachineSnapshot, command: Command): MachineStep<S, E> | Refusal {
    if (!isCommand(command)) return UNKNOWN_COMMAND;
    const next = this.machine.transition(snapshot, command, this.scope) as AnyMachineSnapshot;
    const context = next.context as TableContext<S, E>;
    const outcome = context.outcome;
    if (outcome === null) return UNKNOWN_COMMAND;
    if (!Array.isArray(outcome)) return outcome;
    return {
      events: outcome,
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

import { and, not, type AnyStateMachine } from "xstate";

/** One transition of a chart. */
export interface ChartTransition {
  /** The machine event: a command (`playCard`), or an event raised inside (`effect.draw`). */
  readonly event: string;
  /** The guard as one text: the named checks joined by " ∧ " (each begins with its rule id). */
  readonly guard: string | null;
  /** The named checks of the guard, in order (empty without a guard). */
  readonly checks: readonly string[];
  /** Dotted path of the target state; null: the state stays (a refusal). */
  readonly target: string | null;
  readonly actions: readonly string[];
  readonly description: string | null;
}

/** One state of a chart; nested states name their parent. */
export interface ChartState {
  /** Dotted path, e.g. `turn.underPenalty`. */
  readonly id: string;
  readonly parent: string | null;
  /** Dotted path of the initial child of a compound state; null for a leaf. */
  readonly initial: string | null;
  readonly description: string | null;
  readonly transitions: readonly ChartTransition[];
}

/** A statechart as plain data: what `maumau viz` prints and the web client draws. */
export interface ChartJson {
  readonly id: string;
  readonly description: string | null;
  /** Dotted path of the initial top-level state. */
  readonly initial: string | null;
  /** Every state, parents before their children. */
  readonly states: readonly ChartState[];
  /** Transitions of the root (taken from any state): the refusals. */
  readonly transitions: readonly ChartTransition[];
}

interface NodeLike {
  key: string;
  path: string[];
  description?: string;
  initial?: { target?: NodeLike[] } | undefined;
  states: Record<string, NodeLike>;
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
}
interface TransitionLike {
  eventType: string;
  guard?: unknown;
  target?: NodeLike[] | undefined;
  actions?: unknown[];
  description?: string;
}

const AND_CHECK = (and([]) as unknown as { check: unknown }).check;
const NOT_CHECK = (not("x") as unknown as { check: unknown }).check;

function guardNames(guard: unknown): string[] {
  if (guard === undefined || guard === null) return [];
  if (typeof guard === "string") return [guard];
  if (typeof guard === "object" && "type" in guard && typeof guard.type === "string")
    return [guard.type];
  if (typeof guard === "function") {
    const g = guard as unknown as { check?: unknown; guards?: unknown[] };
    if (g.check === AND_CHECK && Array.isArray(g.guards)) return g.guards.flatMap(guardNames);
    if (g.check === NOT_CHECK && Array.isArray(g.guards))
      return g.guards.flatMap(guardNames).map((n) => `not ${n}`);
  }
  return ["guard"];
}

function actionText(action: unknown): string {
  if (typeof action === "string") return action;
  if (action && typeof action === "object" && "type" in action) return String(action.type);
  return "action";
}

const transitionOf = (t: TransitionLike): ChartTransition => {
  const checks = guardNames(t.guard);
  return {
    event: t.eventType === "" ? "always" : t.eventType,
    guard: checks.length ? checks.join(" ∧ ") : null,
    checks,
    target: t.target?.[0]?.path.join(".") ?? null,
    actions: (t.actions ?? []).map(actionText),
    description: t.description ?? null,
  };
};

const transitionsOf = (node: NodeLike): ChartTransition[] =>
  [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map(transitionOf);

/** Walks the machine's states (nested ones too) and their transitions. */
export function chartOf(machine: AnyStateMachine): ChartJson {
  const root = machine.root as unknown as NodeLike;
  const states: ChartState[] = [];
  const walk = (node: NodeLike, parent: string | null) => {
    for (const child of Object.values(node.states)) {
      const id = child.path.join(".");
      states.push({
        id,
        parent,
        initial: Object.keys(child.states).length
          ? (child.initial?.target?.[0]?.path.join(".") ?? null)
          : null,
        description: child.description ?? null,
        transitions: transitionsOf(child),
      });
      walk(child, id);
    }
  };
  walk(root, null);
  return {
    id: machine.id,
    description: root.description ?? null,
    initial: root.initial?.target?.[0]?.path.join(".") ?? null,
    states,
    transitions: transitionsOf(root),
  };
}

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
  if (typeof guard === "object" && "type" in guard && typeof guard.type === "string") return [guard.type];
  if (typeof guard === "function") {
    const g = guard as unknown as { check?: unknown; guards?: unknown[] };
    if (g.check === AND_CHECK && Array.isArray(g.guards)) return g.guards.flatMap(guardNames);
    if (g.check === NOT_CHECK && Array.isArray(g.guards)) return g.guards.flatMap(guardNames).map((n) => `not ${n}`);
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
        initial: Object.keys(child.states).length ? (child.initial?.target?.[0]?.path.join(".") ?? null) : null,
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

const RULE_ID = /^[A-Z]+-\d+(?:\.\d+)*[a-z]?\b/;

/**
 * A short edge label: the event, then the rule ids of its checks and any named condition
 * without one (e.g. "a wish is in force"); the generic checks (well-formed, on turn, in hand)
 * are left out.
 */
export function edgeLabel(t: ChartTransition): string {
  const ids: string[] = [];
  for (const check of t.checks) {
    const id = RULE_ID.exec(check)?.[0];
    if (GENERIC.has(check.replace(RULE_ID, "").trim())) continue;
    if (id !== undefined) {
      if (!ids.includes(id)) ids.push(id);
    } else ids.push(check);
  }
  return ids.length ? `${t.event} [${ids.join(", ")}]` : t.event;
}

/** Checks every command passes first (FORMAT: well-formed, on turn, in hand): not drawn per edge. */
const GENERIC = new Set([
  "is a well-formed command",
  "it is the player's turn",
  "the card is in the hand",
  "the game is still running",
  "a game has been dealt",
]);

const mermaidId = (s: string) => s.replace(/[^A-Za-z0-9_]/g, "_");
const quote = (s: string) => s.replace(/"/g, "'").replace(/[:;]/g, ",");

/**
 * Mermaid `stateDiagram-v2`: compound states drawn as nested boxes, every transition with a
 * target as an arrow labelled with its event and rule ids. Refusals (the root's transitions
 * without a target) are one note.
 */
export function toMermaid(chart: ChartJson): string {
  const lines = ["stateDiagram-v2"];
  const children = (parent: string | null) => chart.states.filter((s) => s.parent === parent);
  const leaf = (id: string) => id.split(".").at(-1)!;
  const declare = (parent: string | null, indent: string) => {
    for (const state of children(parent)) {
      const id = mermaidId(state.id);
      if (state.initial !== null) {
        lines.push(`${indent}state "${leaf(state.id)}" as ${id} {`);
        lines.push(`${indent}  [*] --> ${mermaidId(state.initial)}`);
        declare(state.id, indent + "  ");
        lines.push(`${indent}}`);
      } else lines.push(`${indent}state "${leaf(state.id)}" as ${id}`);
      if (state.description) lines.push(`${indent}${id} : ${quote(state.description)}`);
    }
  };
  declare(null, "  ");
  if (chart.initial) lines.push(`  [*] --> ${mermaidId(chart.initial)}`);
  for (const state of chart.states)
    for (const t of state.transitions) {
      if (!t.target) continue;
      lines.push(`  ${mermaidId(state.id)} --> ${mermaidId(t.target)} : ${quote(edgeLabel(t))}`);
    }
  const last = chart.states.find((s) => s.id === "matchOver");
  if (last) lines.push(`  ${mermaidId(last.id)} --> [*]`);
  const refusals = chart.transitions.filter((t) => !t.target);
  if (refusals.length) {
    const first = children(null)[0];
    if (first) {
      lines.push(`  note right of ${mermaidId(first.id)}`);
      lines.push(`    Any other ${refusals.map((t) => t.event).join(", ")}: refused by the first failed check`);
      lines.push("    (FORMAT order), and nothing changes");
      lines.push("  end note");
    }
  }
  return lines.join("\n") + "\n";
}

/** Graphviz DOT: compound states as clusters, each with its own entry point. */
export function toDot(chart: ChartJson): string {
  const lines = [
    `digraph "${chart.id}" {`,
    "  rankdir=LR; compound=true;",
    '  node [shape=box, style=rounded, fontname="Helvetica"]; edge [fontname="Helvetica", fontsize=10];',
  ];
  const children = (parent: string | null) => chart.states.filter((s) => s.parent === parent);
  const anchor = (id: string) => `${id}.__entry`;
  const leaf = (id: string) => id.split(".").at(-1)!;
  const isCompound = (id: string) => chart.states.some((s) => s.id === id && s.initial !== null);
  const declare = (parent: string | null, indent: string) => {
    for (const state of children(parent)) {
      if (state.initial !== null) {
        lines.push(`${indent}subgraph "cluster_${state.id}" {`);
        lines.push(`${indent}  label="${quote(leaf(state.id))}${state.description ? `\\n${quote(state.description)}` : ""}"; style=rounded;`);
        lines.push(`${indent}  "${anchor(state.id)}" [shape=point, width=0.08];`);
        lines.push(`${indent}  "${anchor(state.id)}" -> "${state.initial}";`);
        declare(state.id, indent + "  ");
        lines.push(`${indent}}`);
      } else {
        const label = [leaf(state.id), ...(state.description ? [state.description] : [])].map(quote).join("\\n");
        lines.push(`${indent}"${state.id}" [label="${label}"];`);
      }
    }
  };
  declare(null, "  ");
  if (chart.initial) {
    lines.push("  __start [shape=point];");
    const to = isCompound(chart.initial) ? `"${anchor(chart.initial)}" [lhead="cluster_${chart.initial}"]` : `"${chart.initial}"`;
    lines.push(`  __start -> ${to};`);
  }
  for (const state of chart.states)
    for (const t of state.transitions) {
      if (!t.target) continue;
      const from = isCompound(state.id) ? anchor(state.id) : state.id;
      const to = isCompound(t.target) ? anchor(t.target) : t.target;
      const attrs = [`label="${quote(edgeLabel(t))}"`];
      if (isCompound(state.id)) attrs.push(`ltail="cluster_${state.id}"`);
      if (isCompound(t.target)) attrs.push(`lhead="cluster_${t.target}"`);
      if (t.event.startsWith("effect.")) attrs.push("style=dashed", "color=darkorange");
      lines.push(`  "${from}" -> "${to}" [${attrs.join(", ")}];`);
    }
  lines.push("}");
  return lines.join("\n") + "\n";
}

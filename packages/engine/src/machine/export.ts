import type { AnyStateMachine } from "xstate";

/** A statechart as plain data: what `maumau viz` prints and the web client draws. */
export interface ChartJson {
  readonly id: string;
  readonly initial: string | null;
  readonly states: readonly {
    readonly id: string;
    readonly description: string | null;
    readonly transitions: readonly {
      readonly event: string;
      readonly guard: string | null;
      readonly target: string | null;
      readonly actions: readonly string[];
    }[];
  }[];
}

interface NodeLike {
  key: string;
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
}

function guardText(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === "string") return guard;
  if (typeof guard === "object" && "type" in guard && typeof guard.type === "string")
    return guard.type;
  if (typeof guard === "function") {
    const g = guard as unknown as { check?: unknown; guards?: unknown[] };
    if (Array.isArray(g.guards) && g.guards.length === 1) return `not ${guardText(g.guards[0])}`;
    return "guard";
  }
  return null;
}

function actionText(action: unknown): string {
  if (typeof action === "string") return action;
  if (action && typeof action === "object" && "type" in action) return String(action.type);
  return "action";
}

/** Walks the machine's top-level states and their transitions. */
export function chartOf(machine: AnyStateMachine): ChartJson {
  const root = machine.root as unknown as NodeLike;
  const initial = root.initial?.target?.[0]?.key ?? null;
  return {
    id: machine.id,
    initial,
    states: Object.values(root.states).map((node) => ({
      id: node.key,
      description: node.description ?? null,
      transitions: [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map((t) => ({
        event: t.eventType === "" ? "always" : t.eventType,
        guard: guardText(t.guard),
        target: t.target?.[0]?.key ?? null,
        actions: (t.actions ?? []).map(actionText),
      })),
    })),
  };
}

const mermaidId = (s: string) => s.replace(/[^A-Za-z0-9_]/g, "_");
const quote = (s: string) => s.replace(/"/g, "'");

/** Mermaid `stateDiagram-v2`. Refusals (transitions without a target) are listed as notes. */
export function toMermaid(chart: ChartJson): string {
  const lines = ["stateDiagram-v2"];
  if (chart.initial) lines.push(`  [*] --> ${mermaidId(chart.initial)}`);
  for (const state of chart.states) {
    if (state.description) lines.push(`  ${mermaidId(state.id)} : ${quote(state.description)}`);
    for (const t of state.transitions) {
      if (!t.target) continue;
      const label = t.guard ? `${t.event} [${quote(t.guard)}]` : t.event;
      lines.push(`  ${mermaidId(state.id)} --> ${mermaidId(t.target)} : ${label}`);
    }
    const refusals = state.transitions.filter((t) => !t.target && t.guard);
    if (refusals.length) {
      lines.push(`  note right of ${mermaidId(state.id)}`);
      for (const t of refusals)
        lines.push(`    ${t.event} refused unless ${quote(t.guard!.replace(/^not /, ""))}`);
      lines.push("  end note");
    }
    if (state.id === "matchOver") lines.push(`  ${mermaidId(state.id)} --> [*]`);
  }
  return lines.join("\n") + "\n";
}

/** Graphviz DOT. */
export function toDot(chart: ChartJson): string {
  const lines = [`digraph "${chart.id}" {`, "  rankdir=LR;", "  node [shape=box, style=rounded];"];
  if (chart.initial) lines.push("  __start [shape=point];", `  __start -> "${chart.initial}";`);
  for (const state of chart.states) {
    const checks = state.transitions
      .filter((t) => !t.target && t.guard)
      .map((t) => `${t.event}: ${t.guard!.replace(/^not /, "")}`);
    const label = [state.id, ...(state.description ? [state.description] : []), ...checks]
      .map(quote)
      .join("\\n");
    lines.push(`  "${state.id}" [label="${label}"];`);
    for (const t of state.transitions) {
      if (!t.target) continue;
      const edge = t.guard ? `${t.event} [${t.guard}]` : t.event;
      lines.push(`  "${state.id}" -> "${t.target}" [label="${quote(edge)}"];`);
    }
  }
  lines.push("}");
  return lines.join("\n") + "\n";
}

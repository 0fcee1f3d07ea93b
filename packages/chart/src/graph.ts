import type { ChartJson } from "@maumau/engine";

/** A state of the chart: `id` is its dotted path (`turn.underPenalty`), `label` its own name. */
export interface ChartNode {
  readonly id: string;
  readonly label: string;
  readonly parent: string | null;
  readonly description: string | null;
  /** The child entered first, for compound states. */
  readonly initial: string | null;
  readonly children: readonly string[];
  /** Checks that refuse a command in this state without leaving it (guard names). */
  readonly checks: readonly string[];
}

/** One arrow: every transition from `source` to `target` on `event`, whatever its guard. */
export interface ChartEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string;
  readonly event: string;
  /** Guard names (the rule id first, e.g. `N-4.2 matches the top card`), in chart order. */
  readonly guards: readonly string[];
}

export interface ChartGraph {
  readonly id: string;
  readonly initial: string | null;
  readonly nodes: readonly ChartNode[];
  readonly edges: readonly ChartEdge[];
}

/** A rule id at the start of a guard name (`B-4.4 …`, `not N-6.1 …`), or null. */
export function ruleIdOf(guard: string): string | null {
  const m = /^(?:not\s+)?([A-Z]{1,3}-\d+(?:\.\d+)*[a-z]?)\b/.exec(guard);
  return m?.[1] ?? null;
}

/** The rule ids a guard list names, in order, each once. */
export function ruleIdsOf(guards: readonly string[]): string[] {
  const ids: string[] = [];
  for (const g of guards) {
    const id = ruleIdOf(g);
    if (id !== null && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

const lastSegment = (path: string) => path.slice(path.lastIndexOf(".") + 1);

/** The path of `id` and every state that contains it, innermost first. */
export function ancestry(id: string): string[] {
  const out: string[] = [];
  let at = id;
  for (;;) {
    out.push(at);
    const dot = at.lastIndexOf(".");
    if (dot < 0) return out;
    at = at.slice(0, dot);
  }
}

/**
 * The chart as a graph to draw: states nested by their dotted paths, transitions with a target
 * merged into one arrow per (source, event, target) with their guards, and target-less
 * transitions (a refused command stays where it is) listed as the state's checks.
 */
export function graphOf(chart: ChartJson): ChartGraph {
  const states = chart.states as readonly (ChartJson["states"][number] & {
    readonly parent?: string | null;
    readonly initial?: string | null;
  })[];
  const known = new Set(states.map((s) => s.id));
  const parentOf = (s: (typeof states)[number]): string | null => {
    if (s.parent !== undefined) return s.parent;
    const dot = s.id.lastIndexOf(".");
    return dot < 0 ? null : s.id.slice(0, dot);
  };
  const edges = new Map<
    string,
    { source: string; target: string; event: string; guards: string[] }
  >();
  const nodes: ChartNode[] = states.map((s) => {
    const checks: string[] = [];
    for (const t of s.transitions) {
      const guard = t.guard === null ? null : t.guard.replace(/^not\s+/, "");
      if (t.target === null) {
        if (guard !== null && !checks.includes(guard)) checks.push(guard);
        continue;
      }
      if (!known.has(t.target))
        throw new Error(`chart ${chart.id}: ${s.id} leads to unknown state ${t.target}`);
      const key = `${s.id}\u0000${t.event}\u0000${t.target}`;
      let edge = edges.get(key);
      if (edge === undefined)
        edges.set(key, (edge = { source: s.id, target: t.target, event: t.event, guards: [] }));
      if (guard !== null && !edge.guards.includes(guard)) edge.guards.push(guard);
    }
    return {
      id: s.id,
      label: lastSegment(s.id),
      parent: parentOf(s),
      description: s.description,
      initial: s.initial ?? null,
      children: states.filter((c) => parentOf(c) === s.id).map((c) => c.id),
      checks,
    };
  });
  return {
    id: chart.id,
    initial: chart.initial,
    nodes,
    edges: [...edges.values()].map((e, i) => ({ id: `e${i}`, ...e })),
  };
}

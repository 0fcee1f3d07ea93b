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

/** One way along an arrow: the event and the checks its guard makes (rule id first). */
export interface ChartMove {
  readonly event: string;
  /**
   * The words an arrow shows for the event (a page's language); the event key when absent.
   * `event` stays the key that the highlight and `data-event` match.
   */
  readonly label?: string;
  readonly guards: readonly string[];
  /** What the transition means at the table, when the machine says. */
  readonly description: string | null;
}

/** One arrow from `source` to `target`: every transition between the two, one per event. */
export interface ChartEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string;
  readonly moves: readonly ChartMove[];
}

export interface ChartGraph {
  readonly id: string;
  readonly initial: string | null;
  readonly nodes: readonly ChartNode[];
  readonly edges: readonly ChartEdge[];
  /** Commands refused at the root, whatever the state, by the first check they fail. */
  readonly refused: readonly string[];
}

/** A rule id at the start of a guard name (`B-4.4 …`, `not N-6.1 …`), or null. */
export function ruleIdOf(guard: string): string | null {
  const m = /^(?:not\s+)?([A-Z]{1,3}-\d+(?:\.\d+)*[a-z]?)\b/.exec(guard);
  return m?.[1] ?? null;
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

type LooseTransition = ChartJson["states"][number]["transitions"][number] & {
  readonly checks?: readonly string[];
  readonly description?: string | null;
};
type LooseState = Omit<ChartJson["states"][number], "transitions"> & {
  readonly parent?: string | null;
  readonly initial?: string | null;
  readonly transitions: readonly LooseTransition[];
};

/** The checks of a transition: its named checks, or its guard split at "∧". */
const checksOf = (t: LooseTransition): string[] =>
  t.checks !== undefined
    ? [...t.checks]
    : t.guard === null
      ? []
      : t.guard.split(" ∧ ").map((g) => g.replace(/^not\s+/, "").trim());

/**
 * The chart as a graph to draw: states nested by their dotted paths, transitions with a target
 * merged into one arrow per (source, target), and target-less transitions (a refused command
 * stays where it is) listed as the state's checks.
 */
export function graphOf(chart: ChartJson): ChartGraph {
  const states = chart.states as readonly LooseState[];
  const known = new Set(states.map((s) => s.id));
  const parentOf = (s: LooseState): string | null => {
    if (s.parent !== undefined) return s.parent;
    const dot = s.id.lastIndexOf(".");
    return dot < 0 ? null : s.id.slice(0, dot);
  };
  const edges = new Map<string, { source: string; target: string; moves: ChartMove[] }>();
  const nodes: ChartNode[] = states.map((s) => {
    const checks: string[] = [];
    for (const t of s.transitions) {
      const guards = checksOf(t);
      if (t.target === null) {
        for (const g of guards) if (!checks.includes(g)) checks.push(g);
        continue;
      }
      if (!known.has(t.target))
        throw new Error(`chart ${chart.id}: ${s.id} leads to unknown state ${t.target}`);
      const key = `${s.id}\u0000${t.target}`;
      let edge = edges.get(key);
      if (edge === undefined)
        edges.set(key, (edge = { source: s.id, target: t.target, moves: [] }));
      const same = edge.moves.find((m) => m.event === t.event);
      if (same === undefined)
        edge.moves.push({ event: t.event, guards, description: t.description ?? null });
      else for (const g of guards) if (!same.guards.includes(g)) (same.guards as string[]).push(g);
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
  const refused = ((chart as { transitions?: readonly LooseTransition[] }).transitions ?? [])
    .filter((t) => t.target === null)
    .map((t) => t.event)
    .filter((e, i, all) => all.indexOf(e) === i);
  return {
    id: chart.id,
    initial: chart.initial,
    nodes,
    edges: [...edges.values()].map((e, i) => ({ id: `e${i}`, ...e })),
    refused,
  };
}

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
        lines.push(`${indent}state ${id} {`);
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

/** The input graph of an ELK layout (elkjs), as plain data: the engine itself lays nothing out. */
export interface ElkGraph {
  id: string;
  width?: number;
  height?: number;
  x?: number;
  y?: number;
  layoutOptions?: Record<string, string>;
  labels?: { text: string; width?: number; height?: number; x?: number; y?: number }[];
  children?: ElkGraph[];
  edges?: ElkEdge[];
}
export interface ElkEdge {
  id: string;
  sources: string[];
  targets: string[];
  labels?: { text: string; width: number; height: number; x?: number; y?: number }[];
  sections?: {
    startPoint: { x: number; y: number };
    endPoint: { x: number; y: number };
    bendPoints?: { x: number; y: number }[];
  }[];
  container?: string;
}

const CHAR = 6.4; // px per character at the 11px label font
const LEAF_W = 210;
const LEAF_H = 58;

/** Splits a description into at most `lines` lines of about `width` characters. */
function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if ((line + " " + word).trim().length > width) {
      out.push(line.trim());
      line = word;
      if (out.length === lines) break;
    } else line = `${line} ${word}`;
  }
  if (out.length < lines && line.trim()) out.push(line.trim());
  if (out.length === lines && out.join(" ").length < text.length) out[lines - 1] = out[lines - 1]!.replace(/.{0,1}$/, "…");
  return out;
}

/**
 * The chart as an ELK graph: compound states are nested nodes, every transition with a target
 * an edge labelled as in `edgeLabel` (refusals stay out: one note in the page says what they
 * do). Lay it out with elkjs (`new ELK().layout(elkGraphOf(chart))`) and draw it with `toSvg`.
 */
export function elkGraphOf(chart: ChartJson): ElkGraph {
  const node = (state: ChartState): ElkGraph => {
    const kids = chart.states.filter((s) => s.parent === state.id);
    if (kids.length === 0) return { id: state.id, width: LEAF_W, height: LEAF_H };
    return {
      id: state.id,
      layoutOptions: { "elk.padding": "[top=34,left=14,bottom=14,right=14]" },
      children: kids.map(node),
    };
  };
  const edges: ElkEdge[] = [];
  for (const state of chart.states)
    for (const t of state.transitions) {
      if (!t.target) continue;
      const text = edgeLabel(t);
      edges.push({
        id: `e${edges.length}`,
        sources: [state.id],
        targets: [t.target],
        labels: [{ text, width: Math.ceil(text.length * CHAR) + 6, height: 14 }],
      });
    }
  return {
    id: "root",
    layoutOptions: {
      "elk.algorithm": "layered",
      "elk.direction": "RIGHT",
      "elk.hierarchyHandling": "INCLUDE_CHILDREN",
      "elk.layered.spacing.nodeNodeBetweenLayers": "70",
      "elk.spacing.nodeNode": "40",
      "elk.spacing.edgeLabel": "4",
      "elk.edgeLabels.placement": "CENTER",
      "elk.padding": "[top=20,left=20,bottom=20,right=20]",
    },
    children: chart.states.filter((s) => s.parent === null).map(node),
    edges,
  };
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * A laid-out chart (the result of elkjs on `elkGraphOf(chart)`) as a standalone SVG: states as
 * rounded boxes with their descriptions, compound states as frames around their sub-states,
 * transitions as arrows; effect events (`effect.*`) drawn dashed in orange.
 */
export function toSvg(chart: ChartJson, laid: ElkGraph): string {
  const byId = new Map(chart.states.map((s) => [s.id, s]));
  const offsets = new Map<string, { x: number; y: number }>([["root", { x: 0, y: 0 }]]);
  const boxes: string[] = [];
  const walk = (n: ElkGraph, ox: number, oy: number, depth: number) => {
    for (const c of n.children ?? []) {
      const x = ox + (c.x ?? 0);
      const y = oy + (c.y ?? 0);
      offsets.set(c.id, { x, y });
      const state = byId.get(c.id);
      const name = c.id.split(".").at(-1)!;
      const title = `<title>${esc(c.id)}${state?.description ? `: ${esc(state.description)}` : ""}</title>`;
      if (c.children?.length) {
        boxes.push(
          `<g class="compound">${title}<rect x="${x}" y="${y}" width="${c.width}" height="${c.height}" rx="14" fill="${depth % 2 ? "#fff" : "#f4f6fb"}" stroke="#7a88a8"/>` +
            `<text x="${x + 12}" y="${y + 20}" class="name">${esc(name)}</text>` +
            (state?.description ? `<text x="${x + 12 + name.length * 8 + 10}" y="${y + 20}" class="desc">${esc(state.description)}</text>` : "") +
            `</g>`,
        );
        walk(c, x, y, depth + 1);
      } else {
        const lines = state?.description ? wrap(state.description, 36, 2) : [];
        boxes.push(
          `<g class="state">${title}<rect x="${x}" y="${y}" width="${c.width}" height="${c.height}" rx="10" fill="#fff" stroke="#34405c" stroke-width="1.4"/>` +
            `<text x="${x + 10}" y="${y + 19}" class="name">${esc(name)}</text>` +
            lines.map((l, i) => `<text x="${x + 10}" y="${y + 35 + i * 13}" class="desc">${esc(l)}</text>`).join("") +
            `</g>`,
        );
      }
    }
  };
  walk(laid, 0, 0, 0);
  const arrows: string[] = [];
  for (const e of laid.edges ?? []) {
    const o = offsets.get(e.container ?? "root") ?? { x: 0, y: 0 };
    const effect = e.labels?.[0]?.text.startsWith("effect.") ?? false;
    for (const s of e.sections ?? []) {
      const pts = [s.startPoint, ...(s.bendPoints ?? []), s.endPoint].map((p) => `${p.x + o.x},${p.y + o.y}`);
      arrows.push(
        `<polyline points="${pts.join(" ")}" fill="none" stroke="${effect ? "#d9730d" : "#34405c"}"${effect ? ' stroke-dasharray="5 3"' : ""} marker-end="url(#${effect ? "arrowE" : "arrow"})"/>`,
      );
    }
    for (const l of e.labels ?? [])
      arrows.push(
        `<text x="${(l.x ?? 0) + o.x + 3}" y="${(l.y ?? 0) + o.y + 11}" class="edge${effect ? " effect" : ""}">${esc(l.text)}</text>`,
      );
  }
  const w = Math.ceil(laid.width ?? 800);
  const h = Math.ceil(laid.height ?? 600);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="Helvetica, Arial, sans-serif">`,
    "<defs>",
    '<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#34405c"/></marker>',
    '<marker id="arrowE" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#d9730d"/></marker>',
    "<style>.name{font-size:13px;font-weight:bold;fill:#1d2435}.desc{font-size:10px;fill:#4a5573}.edge{font-size:11px;fill:#1d2435}.edge.effect{fill:#b35a00}</style>",
    "</defs>",
    `<rect width="${w}" height="${h}" fill="#fff"/>`,
    ...boxes,
    ...arrows,
    "</svg>",
  ].join("\n") + "\n";
}

/** A standalone HTML page around `toSvg`: the chart's name, the drawing, and how to read it. */
export function toHtml(chart: ChartJson, laid: ElkGraph, title = chart.id): string {
  const refused = chart.transitions.filter((t) => !t.target).map((t) => t.event);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)} statechart</title>
<style>body{font-family:Helvetica,Arial,sans-serif;margin:24px;color:#1d2435}p,li{max-width:60em}svg{max-width:100%;height:auto;border:1px solid #dde}</style>
</head><body>
<h1>${esc(title)}</h1>
${chart.description ? `<p>${esc(chart.description)}</p>` : ""}
<ul>
<li>Boxes are the states a player names; a framed group is a state with sub-states (its first sub-state is where it begins).</li>
<li>Arrows are transitions: a command (<code>playCard</code>, <code>drawCard</code>, …) with the rule ids its guard checks in brackets, or an event the machine raised while carrying a command out.</li>
<li><span style="color:#b35a00">Dashed orange arrows</span> are special-card effects (<code>effect.draw</code>, <code>effect.wish</code>, …): where the game goes after a card with that effect.</li>
<li>Any other ${esc(refused.join(", "))} is refused with the first rule check it fails (in the FORMAT order), and nothing changes.</li>
</ul>
${toSvg(chart, laid)}</body></html>
`;
}

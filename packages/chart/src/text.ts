import type { ChartJson, ChartTransition } from "@maumau/engine";

const RULE_ID = /^[A-Z]+-\d+(?:\.\d+)*[a-z]?\b/;

/**
 * A short edge label: the event, then the rule ids of its checks and any named condition
 * without one (e.g. "a wish is in force"); the generic checks (well-formed, on turn, in hand)
 * are left out.
 */
export function edgeLabel(t: ChartTransition): string {
  const parts = labelParts(t.checks);
  return parts.length ? `${t.event} [${parts.join(", ")}]` : t.event;
}

/**
 * What a label shows of a guard's checks: each rule id once, and each named condition that has
 * none; the checks every command passes first (well-formed, on turn, in hand) are left out.
 */
export function labelParts(checks: readonly string[]): string[] {
  const parts: string[] = [];
  for (const check of checks) {
    if (
      GENERIC.has(
        check
          .replace(/^not\s+/, "")
          .replace(RULE_ID, "")
          .trim(),
      )
    )
      continue;
    const part = RULE_ID.exec(check)?.[0] ?? check;
    if (!parts.includes(part)) parts.push(part);
  }
  return parts;
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
      lines.push(
        `    Any other ${refusals.map((t) => t.event).join(", ")}: refused by the first failed check`,
      );
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
        lines.push(
          `${indent}  label="${quote(leaf(state.id))}${state.description ? `\\n${quote(state.description)}` : ""}"; style=rounded;`,
        );
        lines.push(`${indent}  "${anchor(state.id)}" [shape=point, width=0.08];`);
        lines.push(`${indent}  "${anchor(state.id)}" -> "${state.initial}";`);
        declare(state.id, indent + "  ");
        lines.push(`${indent}}`);
      } else {
        const label = [leaf(state.id), ...(state.description ? [state.description] : [])]
          .map(quote)
          .join("\\n");
        lines.push(`${indent}"${state.id}" [label="${label}"];`);
      }
    }
  };
  declare(null, "  ");
  if (chart.initial) {
    lines.push("  __start [shape=point];");
    const to = isCompound(chart.initial)
      ? `"${anchor(chart.initial)}" [lhead="cluster_${chart.initial}"]`
      : `"${chart.initial}"`;
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

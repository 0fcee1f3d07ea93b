import { ancestry, ruleIdOf, type ChartEdge } from "./graph.js";
import type { ChartLayout, LaidEdge, Point } from "./layout.js";

/** Where the game stands on the chart, and what brought it there. */
export interface ChartHighlight {
  /** The dotted state path the game is in now. */
  readonly state: string | null;
  /** The state before the last command, when known. */
  readonly previous?: string | null;
  /** The machine events the last command raised (`playCard`, `effect.draw`, …). */
  readonly taken?: readonly string[];
}

export interface SvgOptions {
  /** Accessible name of the chart. */
  readonly title: string;
  readonly position?: ChartHighlight;
  /** Where a rule id links to (the rule book); no links when absent. */
  readonly ruleHref?: (ruleId: string) => string;
  /** Adds the XML prolog-free `xmlns` and fixed colours, for a file opened on its own. */
  readonly standalone?: boolean;
  /**
   * False: no `<style>` element; the page styles the chart with CHART_STYLE itself (a
   * Content-Security-Policy without inline styles refuses the element). Default true.
   */
  readonly inlineStyle?: boolean;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The key of one move on one arrow. */
export const moveKey = (edge: ChartEdge, event: string) => `${edge.id}|${event}`;

/**
 * The moves the last command took: its events, on arrows leaving the previous state (or a state
 * containing it) or entering the current one (or a state containing it).
 */
export function takenMoves(
  edges: readonly ChartEdge[],
  position: ChartHighlight | undefined,
): Set<string> {
  const taken = new Set<string>();
  if (!position?.taken?.length || position.state === null) return taken;
  const events = new Set(position.taken);
  const into = new Set(ancestry(position.state));
  const from = new Set(position.previous ? ancestry(position.previous) : []);
  for (const e of edges)
    if (from.has(e.source) || into.has(e.target))
      for (const m of e.moves) if (events.has(m.event)) taken.add(moveKey(e, m.event));
  return taken;
}

const path = (points: readonly Point[]) =>
  points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(" ");

/** The chart's own CSS, for a page that does not take the SVG's `<style>` (`inlineStyle`). */
export const CHART_STYLE = `
.mm-chart { font: 12px system-ui, sans-serif; }
.mm-chart .state rect { fill: var(--chart-state, #fff); stroke: var(--chart-line, #555); stroke-width: 1.2; }
.mm-chart .state.compound > rect { fill: var(--chart-compound, rgba(127,127,127,0.08)); stroke-dasharray: 4 3; }
.mm-chart .state text { fill: var(--chart-text, #222); }
.mm-chart .state.compound > text { font-weight: 600; }
.mm-chart .state[aria-current="true"] > rect { fill: var(--chart-active, #ffd54a); stroke: var(--chart-active-line, #b07800); stroke-width: 2.5; }
.mm-chart .state.contains-active > rect { stroke: var(--chart-active-line, #b07800); stroke-width: 2; }
.mm-chart .transition path { fill: none; stroke: var(--chart-line, #555); stroke-width: 1.1; }
.mm-chart .transition.effect path { stroke-dasharray: 5 3; }
.mm-chart .transition text { fill: var(--chart-label, #333); font-size: 11px; }
.mm-chart .transition text.effect { fill: var(--chart-effect, #7a3ea1); }
.mm-chart .transition a tspan { fill: var(--chart-link, #1f5fbf); text-decoration: underline; }
.mm-chart .transition[data-taken="true"] path { stroke: var(--chart-taken, #d32f2f); stroke-width: 2.6; stroke-dasharray: 7 4; animation: mm-chart-flow 0.8s linear infinite; }
.mm-chart .transition text[data-taken="true"] { fill: var(--chart-taken, #d32f2f); font-weight: 700; }
.mm-chart .start, .mm-chart .arrowhead { fill: var(--chart-line, #555); }
@keyframes mm-chart-flow { to { stroke-dashoffset: -22; } }
@media (prefers-reduced-motion: reduce) { .mm-chart .transition[data-taken="true"] path { animation: none; } }
`;

function edgeSvg(
  laid: LaidEdge,
  taken: Set<string>,
  ruleHref: SvgOptions["ruleHref"],
  /** A state's shown name by its path (the layout's labels, in the page's language). */
  nameOf: (state: string) => string,
): string {
  const { edge } = laid;
  const effect = edge.moves.every((m) => m.event.startsWith("effect."));
  const isTaken = edge.moves.some((m) => taken.has(moveKey(edge, m.event)));
  const tip = edge.moves
    .map((m) =>
      [
        `${m.label ?? m.event}${m.description ? `: ${m.description}` : ""}`,
        ...m.guards.map((g) => `  ✓ ${g}`),
      ].join("\n"),
    )
    .join("\n");
  const labels = laid.labels.map((l) => {
    const ids = l.parts.map((part, i) => {
      const sep = i === 0 ? " [" : ", ";
      const isRule = ruleIdOf(part) === part;
      const link =
        ruleHref && isRule
          ? `<a href="${escape(ruleHref(part))}" data-rule="${escape(part)}"><tspan>${escape(part)}</tspan></a>`
          : `<tspan>${escape(part)}</tspan>`;
      return `${sep}${link}`;
    });
    const cls = l.move.event.startsWith("effect.") ? ' class="effect"' : "";
    const on = taken.has(moveKey(edge, l.move.event)) ? ' data-taken="true"' : "";
    return (
      `<text${cls} data-event="${escape(l.move.event)}"${on} x="${l.x.toFixed(1)}" y="${(l.y + l.height - 4).toFixed(1)}">` +
      `${escape(l.move.label ?? l.move.event)}${ids.join("")}${ids.length ? "]" : ""}</text>`
    );
  });
  return (
    `<g class="transition${effect ? " effect" : ""}" data-source="${escape(edge.source)}" ` +
    `data-target="${escape(edge.target)}" data-events="${escape(edge.moves.map((m) => m.event).join(" "))}"` +
    `${isTaken ? ' data-taken="true"' : ""}>` +
    `<title>${escape(`${nameOf(edge.source)} → ${nameOf(edge.target)}\n${tip}`)}</title>` +
    `<path d="${path(laid.points)}" marker-end="url(#mm-arrow)"/>` +
    labels.join("") +
    `</g>`
  );
}

/**
 * The laid-out chart as one SVG document: states as boxes (compound states around their
 * children), transitions as arrows labelled with their event and the rule ids of their guards.
 * With a position, the current state is marked `aria-current="true"` and the arrows the last
 * command took carry `data-taken="true"` (animated).
 */
export function chartSvg(layout: ChartLayout, options: SvgOptions): string {
  const pos = options.position;
  const activePath = new Set(pos?.state ? ancestry(pos.state) : []);
  const taken = takenMoves(
    layout.edges.map((e) => e.edge),
    pos,
  );
  const nodes = [...layout.nodes].sort((a, b) => a.depth - b.depth);
  const out: string[] = [];
  out.push(
    `<svg ${options.standalone ? 'xmlns="http://www.w3.org/2000/svg" ' : ""}class="mm-chart" ` +
      `viewBox="0 0 ${layout.width} ${layout.height}" width="${layout.width}" height="${layout.height}" ` +
      `role="group" aria-label="${escape(options.title)}">`,
    `<title>${escape(options.title)}</title>`,
    ...(options.standalone ? [`<rect width="100%" height="100%" fill="#fff"/>`] : []),
    ...(options.inlineStyle === false ? [] : [`<style>${CHART_STYLE}</style>`]),
    `<defs><marker id="mm-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="8" markerHeight="8" orient="auto-start-reverse">` +
      `<path class="arrowhead" d="M0 0 L10 5 L0 10 z"/></marker></defs>`,
  );
  for (const n of nodes) {
    const id = n.node.id;
    const current = pos?.state === id;
    const cls = [
      "state",
      n.compound ? "compound" : "",
      !current && activePath.has(id) ? "contains-active" : "",
    ]
      .filter(Boolean)
      .join(" ");
    const tip = [n.node.description ?? id, ...n.node.checks.map((c) => `✗ ${c}`)].join("\n");
    const textY = n.compound ? n.y + 17 : n.y + n.height / 2 + 4;
    const textX = n.compound ? n.x + 10 : n.x + n.width / 2;
    out.push(
      `<g class="${cls}" data-state="${escape(id)}"${current ? ' aria-current="true"' : ""}>` +
        `<title>${escape(tip)}</title>` +
        `<rect x="${n.x.toFixed(1)}" y="${n.y.toFixed(1)}" width="${n.width.toFixed(1)}" height="${n.height.toFixed(1)}" rx="${n.compound ? 10 : 14}"/>` +
        `<text x="${textX.toFixed(1)}" y="${textY.toFixed(1)}"${n.compound ? "" : ' text-anchor="middle"'}>${escape(n.node.label)}</text></g>`,
    );
  }
  for (const s of layout.starts)
    out.push(
      `<g class="start-marker"><circle class="start" cx="${s.dot.x.toFixed(1)}" cy="${s.dot.y.toFixed(1)}" r="5"/>` +
        `<path d="${path(s.points)}" fill="none" stroke="currentColor" marker-end="url(#mm-arrow)"/></g>`,
    );
  const names = new Map(layout.nodes.map((n) => [n.node.id, n.node.label]));
  const nameOf = (state: string) => names.get(state) ?? state;
  for (const e of layout.edges) out.push(edgeSvg(e, taken, options.ruleHref, nameOf));
  out.push("</svg>");
  return out.join("\n");
}

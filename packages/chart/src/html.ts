import type { ChartGraph } from "./graph.js";
import type { ChartLayout } from "./layout.js";
import { chartSvg } from "./svg.js";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A standalone HTML page (no script, no network): the chart's name, how to read it, and the
 * chart drawn by `chartSvg`. What `maumau viz --format html` writes.
 */
export function chartHtml(
  graph: ChartGraph,
  layout: ChartLayout,
  options: { readonly title: string; readonly description?: string | null },
): string {
  const refused = graph.refused.length
    ? `<li>Any other ${graph.refused.map((e) => `<code>${escape(e)}</code>`).join(", ")} is refused with the first rule check it fails (in the FORMAT order), and nothing changes.</li>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(options.title)} statechart</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;color:#1d2435}p,li{max-width:60em}svg{max-width:100%;height:auto;border:1px solid #dde}</style>
</head><body>
<h1>${escape(options.title)}</h1>
${options.description ? `<p>${escape(options.description)}</p>` : ""}
<ul>
<li>Boxes are the states a player names; a dashed frame is a state with sub-states (the dot marks where it begins).</li>
<li>Arrows are transitions: a command (<code>playCard</code>, <code>drawCard</code>, …) with the rule ids its guard checks in brackets, or an event the machine raised while carrying a command out. Hover an arrow for every check.</li>
<li>Dashed purple labels are special-card effects (<code>effect.draw</code>, <code>effect.wish</code>, …): where the game goes after a card with that effect.</li>
${refused}
</ul>
${chartSvg(layout, { title: options.title, standalone: true })}
</body></html>
`;
}

import {
  CHART_STYLE,
  chartSvg,
  graphOf,
  layoutChart,
  type ChartLayout,
  type ChartHighlight,
} from "@maumau/chart";
import { chartOf, parseOptions, isRefusal, type AnyEngine, type Lang } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { eventLabel, stateLabel } from "./stateNames";

export type { ChartHighlight };

const layouts = new Map<string, Promise<ChartLayout>>();

/**
 * The laid-out statechart of a variant played by `rules` (the engine's rule set, as a game's
 * view or its `match.started` event carries it), or of its default rules when `rules` is null.
 * State names in `lang`. Built in the browser from the same machine the engine runs; cached per rule set.
 */
export function chartLayout(
  variantId: string,
  rules: unknown,
  lang: Lang = "en",
): Promise<ChartLayout> {
  const key = `${variantId}\u0000${lang}\u0000${JSON.stringify(rules)}`;
  let layout = layouts.get(key);
  if (layout === undefined) {
    layout = (async () => {
      const variant = findVariant(variantId);
      if (variant === undefined) throw new Error(`unknown variant ${variantId}`);
      let ruleSet = rules;
      if (ruleSet === null) {
        const options = parseOptions(variant, {});
        if (isRefusal(options)) throw new Error(options.message.en);
        ruleSet = variant.ruleSetFor(options);
      }
      const graph = graphOf(chartOf((variant.engine as AnyEngine).machine(ruleSet)));
      // The states and the arrows' events in the player's language, laid out at the width of
      // those words (no internal key on screen, #20.9).
      return layoutChart({
        ...graph,
        nodes: graph.nodes.map((n) => ({ ...n, label: stateLabel(n.label, lang) })),
        edges: graph.edges.map((e) => ({
          ...e,
          moves: e.moves.map((m) => ({ ...m, label: eventLabel(m.event, lang) })),
        })),
      });
    })();
    layouts.set(key, layout);
    // The editor asks for a new chart on every change: keep only the latest few.
    for (const old of layouts.keys()) if (layouts.size > 24) layouts.delete(old);
    layout.catch(() => layouts.delete(key));
  }
  return layout;
}

export { chartSvg };

let styled = false;

/**
 * Styles the charts of this page once, with a constructed style sheet: the page's
 * Content-Security-Policy refuses the SVG's own `<style>` element (no inline styles).
 */
export function adoptChartStyle(): void {
  if (styled || typeof document === "undefined" || typeof CSSStyleSheet !== "function") return;
  styled = true;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CHART_STYLE);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

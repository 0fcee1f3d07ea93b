import {
  chartSvg,
  graphOf,
  layoutChart,
  type ChartLayout,
  type ChartHighlight,
} from "@maumau/chart";
import { chartOf, parseOptions, isRefusal, type AnyEngine } from "@maumau/engine";
import { findVariant } from "@maumau/registry";

export type { ChartHighlight };

const layouts = new Map<string, Promise<ChartLayout>>();

/**
 * The laid-out statechart of a variant played by `rules` (the engine's rule set, as a game's
 * view or its `match.started` event carries it), or of its default rules when `rules` is null.
 * Built in the browser from the same machine the engine runs; cached per rule set.
 */
export function chartLayout(variantId: string, rules: unknown): Promise<ChartLayout> {
  const key = `${variantId}\u0000${JSON.stringify(rules)}`;
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
      return layoutChart(graphOf(chartOf((variant.engine as AnyEngine).machine(ruleSet))));
    })();
    layouts.set(key, layout);
    // The editor asks for a new chart on every change: keep only the latest few.
    for (const old of layouts.keys()) if (layouts.size > 24) layouts.delete(old);
    layout.catch(() => layouts.delete(key));
  }
  return layout;
}

export { chartSvg };

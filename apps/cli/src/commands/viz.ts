import { readFileSync } from "node:fs";
import { type Command, Option } from "commander";
import { chartHtml, chartSvg, graphOf, layoutChart, toDot, toMermaid } from "@maumau/chart";
import { chartOf, isRefusal, parseOptions, type AnyVariant } from "@maumau/engine";
import { findVariant, variantIds } from "@maumau/registry";
import {
  collect,
  exitOnUsageError,
  parseOptionPairs,
  runCommand,
  UsageError,
  usageLang,
  variantOf,
} from "../args.js";
import { unreadable } from "../online/errors.js";

export const VIZ_FORMATS = ["mermaid", "dot", "json", "svg", "html"] as const;
export type VizFormat = (typeof VIZ_FORMATS)[number];

/**
 * The statechart of the variant's machine under these options, in the chosen format. `svg`
 * and `html` are laid out offline by elkjs (layered, compound states nested).
 */
export async function renderChart(
  variant: AnyVariant,
  format: VizFormat,
  options: unknown = {},
  title?: string,
): Promise<string> {
  const parsed = parseOptions(variant, options);
  if (isRefusal(parsed)) throw new UsageError(parsed.message);
  const chart = chartOf(variant.engine.machine(variant.ruleSetFor(parsed)));
  switch (format) {
    case "mermaid":
      return toMermaid(chart);
    case "dot":
      return toDot(chart);
    case "json":
      return JSON.stringify(chart, null, 2) + "\n";
    case "svg":
    case "html": {
      const graph = graphOf(chart);
      const layout = await layoutChart(graph);
      const name = title ?? `${variant.names.en} (${variant.id})`;
      return format === "svg"
        ? chartSvg(layout, { title: name, standalone: true }) + "\n"
        : chartHtml(graph, layout, { title: name, description: chart.description });
    }
  }
}

/** A saved rule set (a `custom` document, as exported by the house-rules page) read from a file. */
export function readRuleSet(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new UsageError(unreadable(file, e));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UsageError({ en: `${file} is not JSON`, de: `${file} ist kein JSON` });
  }
}

export function registerVizCommand(program: Command): void {
  const cmd = program
    .command("viz")
    .description(
      "Print the statechart of a variant's machine (Mermaid, Graphviz DOT, JSON, or SVG/HTML laid out offline)",
    )
    .option("--variant <id>", `the variant: ${variantIds().join(", ")}`, "noris")
    .addOption(
      new Option("--format <format>", "output format").choices(VIZ_FORMATS).default("mermaid"),
    )
    .option(
      "--rules <file.json>",
      "a saved rule set (house rules): draws the custom variant's chart for it",
    )
    .option(
      "--option <key=value>",
      "a variant option, repeatable (default options otherwise)",
      collect,
    )
    .addHelpText(
      "after",
      `
Examples:
  maumau viz --variant noris --format mermaid > noris.mmd
  maumau viz --variant noris --format dot | dot -Tsvg > noris.svg
  maumau viz --variant bavarian --format html > bavarian.html
  maumau viz --rules my-house-rules.json --format svg > house.svg`,
    )
    .action(
      async (flags: { variant: string; format: VizFormat; option?: string[]; rules?: string }) => {
        await runCommand("viz", usageLang(), async () => {
          if (flags.rules !== undefined) {
            const rules = readRuleSet(flags.rules);
            const name = (rules as { name?: unknown }).name;
            process.stdout.write(
              await renderChart(
                findVariant("custom")!,
                flags.format,
                rules,
                typeof name === "string" ? name : flags.rules,
              ),
            );
            return 0;
          }
          const variant = variantOf(flags.variant);
          process.stdout.write(
            await renderChart(variant, flags.format, parseOptionPairs(flags.option ?? [])),
          );
          return 0;
        });
      },
    );
  exitOnUsageError(cmd);
}

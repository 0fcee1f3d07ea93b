import { type Command, Option } from "commander";
import {
  chartOf,
  isRefusal,
  parseOptions,
  toDot,
  toMermaid,
  type AnyVariant,
} from "@maumau/engine";
import { variantIds } from "@maumau/registry";
import {
  collect,
  exitOnUsageError,
  parseOptionPairs,
  runCommand,
  UsageError,
  variantOf,
} from "../args.js";

export const VIZ_FORMATS = ["mermaid", "dot", "json"] as const;
export type VizFormat = (typeof VIZ_FORMATS)[number];

/** The statechart of the variant's machine under these options, in the chosen format. */
export function renderChart(
  variant: AnyVariant,
  format: VizFormat,
  options: Record<string, unknown> = {},
): string {
  const parsed = parseOptions(variant, options);
  if (isRefusal(parsed)) throw new UsageError(parsed.message.en);
  const chart = chartOf(variant.engine.machine(variant.rulesFor(parsed)));
  switch (format) {
    case "mermaid":
      return toMermaid(chart);
    case "dot":
      return toDot(chart);
    case "json":
      return JSON.stringify(chart, null, 2) + "\n";
  }
}

export function registerVizCommand(program: Command): void {
  const cmd = program
    .command("viz")
    .description("Print the statechart of a variant's machine (Mermaid, Graphviz DOT or JSON)")
    .option("--variant <id>", `the variant: ${variantIds().join(", ")}`, "noris")
    .addOption(
      new Option("--format <format>", "output format").choices(VIZ_FORMATS).default("mermaid"),
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
  maumau viz --variant noris --format dot | dot -Tsvg > noris.svg`,
    )
    .action(async (flags: { variant: string; format: VizFormat; option?: string[] }) => {
      await runCommand("viz", () => {
        const variant = variantOf(flags.variant);
        process.stdout.write(
          renderChart(variant, flags.format, parseOptionPairs(flags.option ?? [])),
        );
        return 0;
      });
    });
  exitOnUsageError(cmd);
}

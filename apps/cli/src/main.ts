#!/usr/bin/env node
import { Command } from "commander";
import { variantIds } from "@maumau/registry";
import { scriptCommand } from "./commands/script.js";
import { registerPlayCommand } from "./commands/play.js";
import { registerSimulateCommand } from "./commands/simulate.js";
import { registerVerifyCommand } from "./commands/verify.js";
import { registerVizCommand } from "./commands/viz.js";
import { registerOnlineCommands } from "./commands/online.js";
import type { Lang } from "@maumau/engine";
import { exitOnUsageError, langOption, localizeUsageErrors, runCommand } from "./args.js";
import { langOf } from "./online/texts.js";
import { VERSION } from "./version.js";

const program = new Command()
  .name("maumau")
  .description(
    "Mau Mau in the terminal: play (locally or online), watch, replay, list, rule scripts, simulations, statecharts.",
  )
  .version(VERSION)
  .showHelpAfterError();
// Before the commands: they inherit it.
localizeUsageErrors(program);

const script = program
  .command("script")
  .description("Run a rule script (conformance/FORMAT.md) and print the resulting table as JSON")
  .argument("<file>", "the script, or - for standard input")
  .addOption(langOption())
  .action((file: string, flags: { lang?: Lang }) => {
    const lang = langOf(flags.lang);
    return runCommand("script", lang, () => scriptCommand(file, lang));
  });
exitOnUsageError(script);

program
  .command("variants")
  .description("List the variants")
  .action(() => {
    for (const id of variantIds()) console.log(id);
  });

registerPlayCommand(program);
registerSimulateCommand(program);
registerVizCommand(program);
registerVerifyCommand(program);
registerOnlineCommands(program);

program.parseAsync(process.argv).catch((e: unknown) => {
  process.stderr.write(`maumau: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});

#!/usr/bin/env node
import { Command } from "commander";
import { variantIds } from "@maumau/registry";
import { scriptCommand } from "./commands/script.js";
import { registerPlayCommand } from "./commands/play.js";
import { registerSimulateCommand } from "./commands/simulate.js";
import { registerVerifyCommand } from "./commands/verify.js";
import { registerVizCommand } from "./commands/viz.js";
import { registerOnlineCommands } from "./commands/online.js";
import { localizeUsageErrors, runCommand, usageLang } from "./args.js";
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

program
  .command("script")
  .description("Run a rule script (conformance/FORMAT.md) and print the resulting table as JSON")
  .argument("<file>", "the script, or - for standard input")
  .action((file: string) => runCommand("script", usageLang(), () => scriptCommand(file)));

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

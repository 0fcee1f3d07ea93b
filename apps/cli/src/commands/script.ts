import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Lang } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { UsageError } from "../args.js";
import { jsonProblem, unreadable } from "../online/errors.js";
import { runScript, ScriptError } from "../script.js";

/** Where the user typed the command (pnpm runs root scripts from the repo root). */
export const userPath = (file: string): string =>
  resolve(process.env.INIT_CWD ?? process.cwd(), file);

/**
 * Runs a rule script: its JSON on stdout (English, as conformance/FORMAT.md has it), a script
 * it refuses one line on stderr in `lang`; a file it cannot read or parse is a UsageError
 * (`runCommand`).
 */
export function scriptCommand(file: string, lang: Lang): number {
  let text: string;
  try {
    text = file === "-" ? readFileSync(0, "utf8") : readFileSync(userPath(file), "utf8");
  } catch (e) {
    throw new UsageError(unreadable(file, e));
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (e) {
    throw new UsageError(jsonProblem(file, text, e));
  }
  try {
    const output = runScript(input, findVariant, lang);
    process.stdout.write(JSON.stringify(output) + "\n");
    return 0;
  } catch (e) {
    if (e instanceof ScriptError) {
      process.stderr.write(`maumau script: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

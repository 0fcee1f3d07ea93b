import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { findVariant } from "@maumau/registry";
import { runScript, ScriptError } from "../script.js";

/** Where the user typed the command (pnpm runs root scripts from the repo root). */
export const userPath = (file: string): string =>
  resolve(process.env.INIT_CWD ?? process.cwd(), file);

export function scriptCommand(file: string): number {
  let text: string;
  try {
    text = file === "-" ? readFileSync(0, "utf8") : readFileSync(userPath(file), "utf8");
  } catch (e) {
    process.stderr.write(`maumau script: cannot read ${file}: ${(e as Error).message}\n`);
    return 2;
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (e) {
    process.stderr.write(`maumau script: ${file} is not JSON: ${(e as Error).message}\n`);
    return 2;
  }
  try {
    const output = runScript(input, findVariant);
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

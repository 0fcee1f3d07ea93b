import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The bundled CLI the tests spawn (`maumau.mjs`), built from this run's sources. */
    maumauCli?: string;
  }
}

/**
 * The command line that starts `maumau` in a test: `node <bundle>` with the bundle
 * `globalSetup.ts` built for this run, or, outside such a run (a test file run with another
 * config), the sources through tsx.
 */
export function cliCommand(): readonly [string, ...string[]] {
  const bundle = inject("maumauCli");
  if (bundle !== undefined) return [process.execPath, bundle];
  const tsx = createRequire(import.meta.url).resolve("tsx/cli");
  return [process.execPath, tsx, fileURLToPath(new URL("../main.ts", import.meta.url))];
}

/**
 * The environment a test's `maumau` runs in: no colours, and an English locale unless `extra`
 * sets one (the CLI's usage errors follow the locale; the machine's own must not decide).
 */
export function cliEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NO_COLOR: "1",
    FORCE_COLOR: "0",
    LANG: "C",
    LC_ALL: "",
    LC_MESSAGES: "",
    ...extra,
  };
}

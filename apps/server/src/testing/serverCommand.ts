import { fileURLToPath } from "node:url";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The compiled server (`main.js`) this test run's `globalSetup.ts` built, if any. */
    maumauServerMain?: string;
  }
}

/**
 * The command line that starts the real server in a process of its own: `node <main.js>` of
 * the build this test run made (src/testing/globalSetup.ts: compiled JavaScript, as `npm start`
 * runs it), or, in a test run without it (another package's), the sources through tsx in one
 * process (`node --import tsx`, never the tsx command, whose parent relays signals and SIGKILLs
 * a child that does not confirm one within 30 ms).
 */
export function serverCommand(): readonly [string, ...string[]] {
  const main = inject("maumauServerMain");
  if (main !== undefined) return [process.execPath, main];
  return [
    process.execPath,
    "--import",
    "tsx",
    fileURLToPath(new URL("../main.ts", import.meta.url)),
  ];
}

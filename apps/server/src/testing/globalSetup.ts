import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
// The type of what is provided (`maumauServerMain`) is declared beside its reader.
import "./serverCommand.js";

/**
 * Builds the server once per test run (`build.mjs`, as `npm start` does) into
 * `apps/server/dist-test-*`: one folder below the package like `dist/`, so that the default
 * paths (src/paths.ts) and the external dependencies resolve as in production. The tests that
 * start the server as a process run that build (`serverCommand`): it starts on about a quarter
 * of the CPU the sources through tsx take (1.0 against 3.2–4.0 s, measured 2026-11-29), and it
 * is what production runs.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverDir = fileURLToPath(new URL("../..", import.meta.url));
  const outdir = await mkdtemp(join(serverDir, "dist-test-"));
  await promisify(execFile)(process.execPath, ["build.mjs", "--outdir", outdir, "--quiet"], {
    cwd: serverDir,
  });
  project.provide("maumauServerMain", join(outdir, "main.js"));
  return () => rm(outdir, { recursive: true, force: true });
}

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { bundleCli } from "../../bundle.mjs";
// The type of what is provided (`maumauCli`) is declared beside its reader.
import "./cliCommand.js";

/**
 * Bundles the CLI once per test run, unminified, into a temporary folder: the tests spawn
 * `node maumau.mjs …` (see `cliCommand`) instead of the sources through tsx, which took about
 * 2.3 s of CPU per start against 0.45 s (measured 2026-11-29; the CLI's tests start it well over
 * a hundred times). It is the program `pack:cli` ships, from the same sources.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outdir = await mkdtemp(join(tmpdir(), "maumau-cli-test-"));
  await bundleCli({
    cliDir: fileURLToPath(new URL("../..", import.meta.url)),
    outdir,
    minify: false,
  });
  project.provide("maumauCli", join(outdir, "maumau.mjs"));
  return () => rm(outdir, { recursive: true, force: true });
}

#!/usr/bin/env node
// Checks the formatting of the whole tree (prettier --check), runs every package's type check
// and lint (`maumau-check`) and tests through turbo, then the CLI's cluster test alone (see below), then prints one plain closing line summing the vitest reports
// ("Tests: N passed, N failed, N skipped"). An unformatted file fails the run like a test.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { childEnv } from "./env.mjs";

const root = new URL("../../", import.meta.url).pathname;
const packageDirs = ["apps", "packages", "packages/variants", "tooling"].flatMap((group) => {
  const dir = join(root, group);
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, "package.json")))
        .map((d) => join(dir, d.name))
    : [];
});
// Every package writes .reports/vitest.json; the CLI's network test writes
// .reports/vitest.network.json (see below).
const reportsOf = (dir) =>
  ["vitest.json", "vitest.network.json"].map((name) => join(dir, ".reports", name));
for (const dir of packageDirs) for (const file of reportsOf(dir)) rmSync(file, { force: true });

const bin = (name) =>
  join(root, "node_modules", ".bin", process.platform === "win32" ? `${name}.cmd` : name);
const format = spawnSync(bin("prettier"), ["--check", "."], {
  stdio: "inherit",
  cwd: root,
  env: childEnv(),
});
if (format.status !== 0)
  console.log("\nFormatting: files above are not formatted (run `pnpm format`).");

// Four tasks at a time: turbo's default of ten kept a 2-core CI machine at a load of 16–19,
// where tests that start servers, CLIs or browsers ran out of their time (a clean-clone run of
// 2026-11-28 lost two so), while the machine's work stays the same.
const turbo = spawnSync(
  bin("turbo"),
  [
    "run",
    // No test waits for another package's build (turbo.json: none uses one; the server's and
    // CLI's tests build what they spawn in src/testing/globalSetup.ts, the web's its own pages),
    // so the longest, the web's and the CLI's, are ready from the start: behind the server's
    // build they started 330 s in and the web's ended the run alone (clean clone, 2026-11-29:
    // 1,025 s -> 949 s; which ready task turbo starts first is its own choice).
    "test",
    // typecheck and lint together, on one program per package (tooling/eslint/check.js)
    "check",
    "--continue",
    "--concurrency=4",
    "--output-logs=new-only",
    ...process.argv.slice(2),
  ],
  { stdio: "inherit", cwd: root, env: childEnv() },
);

// The cluster test (apps/cli/src/remote/cluster.test.ts) adds a bridge and veth links to this
// host's network. Chromium watches the host's addresses and aborts the loads in flight with
// net::ERR_NETWORK_CHANGED when they change, so the browser tests must not run beside it: it
// runs alone, after every other test has finished (the short version, as before).
const turboArgs = process.argv.slice(2).join(" ");
const network =
  !turboArgs.includes("--filter") || turboArgs.includes("cli")
    ? spawnSync(
        process.execPath,
        [join(root, "tooling/scripts/pnpm.mjs"), "--filter", "@maumau/cli", "run", "test:network"],
        { stdio: "inherit", cwd: root, env: childEnv() },
      )
    : { status: 0 };
let passed = 0;
let failed = 0;
let skipped = 0;
let files = 0;
const failures = [];
for (const dir of packageDirs) {
  for (const file of reportsOf(dir)) {
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, "utf8"));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    files += report.numTotalTestSuites ?? 0;
    // Each failed test by file and name with its first line of failure, so that the end of
    // the log (often all a CI page keeps) says which failed.
    for (const suite of report.testResults ?? [])
      for (const test of suite.assertionResults ?? [])
        if (test.status === "failed")
          failures.push(
            `${relative(root, suite.name)} > ${test.fullName ?? test.title} (${Math.round((test.duration ?? 0) / 1000)} s): ${String(test.failureMessages?.[0] ?? "").split("\n")[0]}`,
          );
    // A file that failed outside any test (an import, a hook) has no failed test to name.
    for (const suite of report.testResults ?? [])
      if (
        suite.status === "failed" &&
        !(suite.assertionResults ?? []).some((t) => t.status === "failed")
      )
        failures.push(
          `${relative(root, suite.name)}: ${String(suite.message ?? "").split("\n")[0]}`,
        );
  }
}
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
const status = (turbo.status ?? 1) || (network.status ?? 1);
console.log(
  `\n${files} test suites in ${packageDirs.length} packages; turbo exited ${turbo.status}, the cluster test ${network.status}.`,
);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(status !== 0 ? status : failed > 0 || passed === 0 || format.status !== 0 ? 1 : 0);

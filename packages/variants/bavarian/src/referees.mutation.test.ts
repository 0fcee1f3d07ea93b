import { BRANCHES_OFF_ENV } from "@maumau/engine/testing";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The referee harness catches a rule branch removed from any one referee (issue #21): the
 * B-5.3 suite of mau.test.ts is run in a child vitest with one branch switched off through the
 * harness's test-only seam (`MAUMAU_BRANCHES_OFF`, core/branches.ts: the branch is not taken,
 * as if deleted from that referee's source), and must fail in the rows named below, and only
 * in B-5.3's own tests.
 */
const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..");
const VITEST = join(
  dirname(createRequire(import.meta.url).resolve("vitest/package.json")),
  "vitest.mjs",
);
const RULE = "B-5.3 a forgotten call";

interface JsonReport {
  testResults: { assertionResults: { ancestorTitles: string[]; status: string }[] }[];
}

/** The rows and suites of the tests that failed with `off` switched off. */
async function failuresWith(off: string): Promise<{ rows: string[]; suites: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), "maumau-mutation-"));
  const out = join(dir, "report.json");
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(
        process.execPath,
        [VITEST, "run", "src/mau.test.ts", "-t", "B-5.3", "--reporter=json", `--outputFile=${out}`],
        { cwd: PACKAGE, env: { ...process.env, [BRANCHES_OFF_ENV]: off }, timeout: 300_000 },
        // a failing run exits with 1: the report says what failed
        (error) =>
          error && error.code !== 1
            ? reject(new Error(`vitest did not run: ${error.message}`, { cause: error }))
            : resolve(),
      );
    });
    const report = JSON.parse(readFileSync(out, "utf8")) as JsonReport;
    const failed = report.testResults
      .flatMap((f) => f.assertionResults)
      .filter((a) => a.status === "failed");
    return {
      rows: [...new Set(failed.map((a) => a.ancestorTitles[0]!))].sort(),
      suites: [...new Set(failed.map((a) => a.ancestorTitles[1]!))],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the referee harness catches a B-5.3 branch removed from one referee", () => {
  it.each([
    {
      off: "decide:B-5.3 pending",
      // the machine carries moves out with decide's own carryOut; the fast row is held to decide
      rows: ["decide", "fast", "machine"],
      why: "a forgotten Mau-Mau under a pending draw (the branch of issue #21)",
    },
    {
      off: "machine:B-5.3",
      rows: ["machine"],
      why: "the chart's take-back transition that keeps a wish in force",
    },
    {
      off: "fast:B-5.3 pending",
      rows: ["fast"],
      why: "the fast path's pending draw taken with the card taken back",
    },
    { off: "fast:B-5.3", rows: ["fast"], why: "the fast path's whole take-back" },
  ])(
    "$off ($why) fails B-5.3 in the rows $rows",
    async ({ off, rows }) => {
      const failed = await failuresWith(off);
      expect(failed.rows).toEqual(rows);
      expect(failed.suites).toEqual([RULE]);
    },
    600_000,
  );
});

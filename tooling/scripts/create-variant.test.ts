import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exportName, registryWithVariant, scaffoldVariant } from "./scaffold.js";

const root = new URL("../../", import.meta.url).pathname;
const tsx = createRequire(import.meta.url).resolve("tsx/cli");

describe("scaffoldVariant", () => {
  it("refuses ids that are not lower-case slugs and unknown decks", () => {
    expect(() => scaffoldVariant({ id: "Crazy Eights" })).toThrow(/not a variant id/);
    expect(() => scaffoldVariant({ id: "x", deck: "tarot" as never })).toThrow(/unknown deck/);
  });

  it("writes a package, a preset, a rule book, rule and property tests", () => {
    const files = scaffoldVariant({ id: "crazy-eights", prefix: "E" });
    expect([...files.keys()].sort()).toEqual([
      "README.md",
      "eslint.config.js",
      "package.json",
      "src/index.ts",
      "src/properties.test.ts",
      "src/ruleSet.ts",
      "src/rules.test.ts",
      "tsconfig.json",
    ]);
    expect(files.get("src/ruleSet.ts")!.split("\n").length).toBeLessThan(60);
    expect(files.get("src/rules.test.ts")).toMatch(/describe\("E-3\.1/);
  });

  it("adds exactly one import and one list entry to the registry", () => {
    const source = readFileSync(join(root, "packages/registry/src/index.ts"), "utf8");
    const next = registryWithVariant(source, "last-card");
    expect(next.split("\n").length - source.split("\n").length).toBe(2);
    expect(next).toContain('import { lastCard } from "@maumau/variant-last-card";');
    expect(next).toContain("  lastCard as AnyVariant,\n]);");
    expect(() => registryWithVariant(next, "last-card")).toThrow(/registered already/);
    // crazy-eights, scaffolded so (docs/writing-a-variant.md), is in the registry now
    expect(() => registryWithVariant(source, "crazy-eights")).toThrow(/registered already/);
  });

  it("names the export of an id that is a reserved word <id>Game (switch: switchGame)", () => {
    expect(exportName("switch")).toBe("switchGame");
    expect(exportName("crazy-eights")).toBe("crazyEights");
    expect(scaffoldVariant({ id: "new" }).get("src/index.ts")).toContain("export const newGame =");
    const source = readFileSync(join(root, "packages/registry/src/index.ts"), "utf8");
    expect(registryWithVariant(source, "new")).toContain(
      'import { newGame } from "@maumau/variant-new";',
    );
  });
});

// End to end in a scratch copy of the workspace: scaffold, install (offline from the store),
// then the new package must type-check, lint and pass its tests without a single edit. (The
// walk-through's crazy-eights exists now, so a variant not yet written is scaffolded.)
const scratch = mkdtempSync(join(tmpdir(), "maumau-create-variant-"));
// The copy holds an installed workspace (tens of thousands of links): removing it took more
// than vitest's 10 s hook default on a loaded CI host (the run of 2026-11-28 failed so).
afterAll(() => rm(scratch, { recursive: true, force: true, maxRetries: 3 }), 180_000);

describe("pnpm create-variant, end to end", () => {
  it("creates a variant that builds and passes its tests at once", () => {
    const skip = (src: string) => !/(^|\/)(node_modules|\.turbo|dist|\.reports)(\/|$)/.test(src);
    for (const entry of ["package.json", "pnpm-workspace.yaml", ".npmrc", "tooling", "packages"])
      if (existsSync(join(root, entry)))
        cpSync(join(root, entry), join(scratch, entry), { recursive: true, filter: skip });

    const run = (args: string[], cwd = scratch) => {
      const r = spawnSync(process.execPath, args, {
        cwd,
        encoding: "utf8",
        timeout: 300_000,
        env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
      });
      expect(r.status, `${args.join(" ")}\n${r.stdout}\n${r.stderr}`).toBe(0);
      return r;
    };
    run([
      tsx,
      "tooling/scripts/create-variant.ts",
      "last-card",
      "--name-en",
      "Last Card",
      "--prefix",
      "L",
    ]);
    const pkg = join(scratch, "packages/variants/last-card");
    expect(readFileSync(join(scratch, "packages/registry/src/index.ts"), "utf8")).toContain(
      "lastCard as AnyVariant",
    );
    const bin = (name: string) => join(pkg, "node_modules", ".bin", name);
    // Type check and lint as `npm test` runs them (its `check` script: maumau-check).
    expect(existsSync(bin("maumau-check"))).toBe(true);
    const checked = run([join(scratch, "tooling/eslint/check.js")], pkg);
    expect(checked.stdout).toMatch(
      /files type-checked \(0 errors\), \d+ files linted \(0 errors\)/,
    );
    expect(existsSync(bin("vitest"))).toBe(true);
    // The package's own vitest, through its bin shim's target.
    const vitest = join(pkg, "node_modules", "vitest", "vitest.mjs");
    const tests = run([vitest, "run"], pkg);
    // the deck test, five rule tests in three referee rows, the property test
    expect(tests.stdout).toMatch(/Tests\s+17 passed/);
  }, 600_000);
});

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// `maumau-check` (tooling/eslint/check.js), what `npm test` runs in every package instead of
// `tsc --noEmit` and `eslint .`: on a small workspace of its own, it must report what those
// two report, each file where the package that owns it is checked.

const root = new URL("../../", import.meta.url).pathname;
const check = join(root, "tooling/eslint/check.js");
const scratch = mkdtempSync(join(tmpdir(), "maumau-check-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));
// TypeScript, ESLint and the shared configs resolve from here, as in a package of the tree.
symlinkSync(join(root, "tooling/scripts/node_modules"), join(scratch, "node_modules"), "dir");

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  }
}

/** A package of the scratch workspace: its manifest, tsconfig and the shared lint config. */
const pkg = (name: string) => ({
  [`${name}/package.json`]: JSON.stringify({ name, private: true, type: "module" }),
  [`${name}/tsconfig.json`]: JSON.stringify({
    extends: "@maumau/tsconfig/base.json",
    include: ["src"],
  }),
  [`${name}/eslint.config.js`]:
    'import base from "@maumau/eslint-config";\n\nexport default base;\n',
});

const run = (dir: string) => {
  const r = spawnSync(process.execPath, [check], {
    cwd: join(scratch, dir),
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
};

// Each run starts TypeScript and ESLint: seconds alone, much longer on a loaded CI host.
describe("maumau-check: type check and lint on one program", { timeout: 120_000 }, () => {
  write({
    ...pkg("lib"),
    ...pkg("app"),
    // A type error in lib's own file: lib's check reports it, app's (which imports it) does not.
    "lib/src/index.ts": 'export const size: number = "large";\nexport const ok = 1;\n',
    // A file no package's tsconfig includes: whoever imports it checks it.
    "loose/orphan.ts": "export const orphan: string = 42;\n",
    "app/src/main.ts": [
      'import { ok } from "../../lib/src/index.ts";',
      'import { orphan } from "../../loose/orphan.ts";',
      "export const total: number = ok + orphan.length;",
      "export async function later(): Promise<number> {",
      "  return Promise.resolve(total);",
      "}",
      "// A floating promise: the type-aware lint rule needs the program's types.",
      "export function fire(): void {",
      "  later();",
      "}",
      "",
    ].join("\n"),
  });
  writeFileSync(
    join(scratch, "app/tsconfig.json"),
    JSON.stringify({
      extends: "@maumau/tsconfig/base.json",
      compilerOptions: { allowImportingTsExtensions: true },
      include: ["src"],
    }),
  );

  it("reports the package's own type errors and lint errors, with exit code 1", () => {
    const lib = run("lib");
    expect(lib.status).toBe(1);
    expect(lib.out).toMatch(/src\/index\.ts\(1,14\): error TS2322/);
    expect(lib.out).toMatch(/1 files type-checked \(1 errors\), 2 files linted \(0 errors\)/);
  });

  it("leaves another package's files to that package, checks a file nobody owns, lints with types", () => {
    const app = run("app");
    expect(app.status).toBe(1);
    expect(app.out).not.toMatch(/lib\/src\/index\.ts/);
    expect(app.out).toMatch(/loose\/orphan\.ts\(1,14\): error TS2322/);
    expect(app.out).toMatch(/9:3\s+error\s+Promises must be awaited.*no-floating-promises/);
    expect(app.out).toMatch(/2 files type-checked \(1 errors\), 2 files linted \(1 errors\)/);
  });

  it("passes a clean package", () => {
    write({ "lib/src/index.ts": "export const size: number = 3;\nexport const ok = 1;\n" });
    const lib = run("lib");
    expect(lib.out).toMatch(/1 files type-checked \(0 errors\)/);
    expect(lib.status).toBe(0);
  });
});

#!/usr/bin/env node
/**
 * `pnpm create-variant <id>`: scaffolds packages/variants/<id> (a rule-set preset on the
 * classic engine, its theme, rule tests and property tests), adds the one registry line and
 * links the package. The new package type-checks and passes its tests at once.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { scaffoldVariant, registryWithVariant, type ScaffoldOptions } from "./scaffold.js";

const USAGE = `usage: pnpm create-variant <id> [--deck noris-110|french-52|french-32|bavarian-32]
       [--name-en NAME] [--name-de NAME] [--prefix X] [--root DIR] [--no-install]

Scaffolds packages/variants/<id>: a classic-family rule-set preset (src/ruleSet.ts), its variant
definition, theme and rule book (src/index.ts), rule tests and property tests; adds the one
registry line and links the package. Read docs/writing-a-variant.md next.`;

const parsed = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        deck: { type: "string", default: "french-52" },
        "name-en": { type: "string" },
        "name-de": { type: "string" },
        prefix: { type: "string" },
        root: {
          type: "string",
          default: join(dirname(fileURLToPath(import.meta.url)), "..", ".."),
        },
        "no-install": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (e) {
    process.stderr.write(`create-variant: ${(e as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
})();
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const id = parsed.positionals[0] ?? "";
const opts = {
  deck: parsed.values.deck ?? "french-52",
  nameEn: parsed.values["name-en"],
  nameDe: parsed.values["name-de"],
  prefix: parsed.values.prefix,
  root: parsed.values.root ?? ".",
  install: !parsed.values["no-install"],
};

const fail = (message: string): never => {
  process.stderr.write(`create-variant: ${message}\n`);
  process.exit(2);
};
if (!id) fail(`a variant id is required\n${USAGE}`);

const options: ScaffoldOptions = {
  id,
  deck: opts.deck as ScaffoldOptions["deck"],
  ...(opts.nameEn ? { nameEn: opts.nameEn } : {}),
  ...(opts.nameDe ? { nameDe: opts.nameDe } : {}),
  ...(opts.prefix ? { prefix: opts.prefix } : {}),
};
const files = (() => {
  try {
    return scaffoldVariant(options);
  } catch (e) {
    return fail((e as Error).message);
  }
})();

const dir = join(opts.root, "packages", "variants", id);
if (existsSync(dir)) fail(`packages/variants/${id} exists already`);
const registryFile = join(opts.root, "packages", "registry", "src", "index.ts");
const registryJson = join(opts.root, "packages", "registry", "package.json");
if (!existsSync(registryFile)) fail(`no registry at ${registryFile}`);

for (const [path, content] of files) {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), content);
}
writeFileSync(registryFile, registryWithVariant(readFileSync(registryFile, "utf8"), id));
const pkg = JSON.parse(readFileSync(registryJson, "utf8")) as {
  dependencies: Record<string, string>;
};
pkg.dependencies[`@maumau/variant-${id}`] = "workspace:*";
pkg.dependencies = Object.fromEntries(
  Object.entries(pkg.dependencies).sort(([a], [b]) => a.localeCompare(b)),
);
writeFileSync(registryJson, JSON.stringify(pkg, null, 2) + "\n");

console.log(`created packages/variants/${id} (${files.size} files) and registered it`);
if (opts.install) {
  const r = spawnSync(
    process.execPath,
    [join(opts.root, "tooling", "scripts", "pnpm.mjs"), "install", "--offline"],
    {
      stdio: "inherit",
      cwd: opts.root,
    },
  );
  if (r.status !== 0) {
    const again = spawnSync(
      process.execPath,
      [join(opts.root, "tooling", "scripts", "pnpm.mjs"), "install"],
      {
        stdio: "inherit",
        cwd: opts.root,
      },
    );
    if (again.status !== 0) fail("pnpm install failed; run it yourself");
  }
}
console.log(
  `next: edit packages/variants/${id}/src/ruleSet.ts, then pnpm --filter @maumau/variant-${id} test`,
);

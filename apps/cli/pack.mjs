#!/usr/bin/env node
// `pnpm -F @maumau/cli pack:cli [--out DIR]`: the terminal client as a self-contained npm
// package, `maumau-<version>.tgz`. Its JavaScript is bundled by esbuild (the workspace packages
// and every dependency inside; no workspace links, no native addons, no TypeScript loader), so
// `npm install -g ./maumau-<version>.tgz` needs nothing but Node ≥ 20.19. Prints the tarball's
// path. The staging folder is `.pack/` beside this file.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleCli } from "./bundle.mjs";

const cliDir = fileURLToPath(new URL(".", import.meta.url));
const root = join(cliDir, "../..");
const args = process.argv.slice(2);
const outArg = args.indexOf("--out");
const out = resolve(outArg >= 0 ? args[outArg + 1] : join(cliDir, ".pack"));
const stage = join(cliDir, ".pack", "maumau");
const manifest = JSON.parse(readFileSync(join(cliDir, "package.json"), "utf8"));
const nodeRange = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).engines.node;

rmSync(stage, { recursive: true, force: true });
mkdirSync(join(stage, "dist"), { recursive: true });
const bundled = await bundleCli({ cliDir, outdir: join(stage, "dist"), minify: true });

writeFileSync(
  join(stage, "package.json"),
  `${JSON.stringify(
    {
      name: "maumau",
      version: manifest.version,
      description: manifest.description,
      license: manifest.license,
      type: "module",
      bin: { maumau: "dist/maumau.mjs" },
      files: ["dist", "README.md", "LICENSE", "THIRD_PARTY_LICENSES.md"],
      engines: { node: nodeRange },
      keywords: ["mau mau", "card game", "terminal", "cli"],
    },
    null,
    2,
  )}\n`,
);
copyFileSync(join(cliDir, "PACKAGE.md"), join(stage, "README.md"));
copyFileSync(join(root, "LICENSE"), join(stage, "LICENSE"));
writeFileSync(join(stage, "THIRD_PARTY_LICENSES.md"), thirdPartyLicenses(bundled.metafile));

mkdirSync(out, { recursive: true });
const packed = execFileSync("npm", ["pack", "--json", "--pack-destination", out], {
  cwd: stage,
  encoding: "utf8",
  env: { ...process.env, npm_config_update_notifier: "false" },
  stdio: ["ignore", "pipe", "ignore"],
});
const [{ filename }] = JSON.parse(packed);
console.log(join(out, filename));

/**
 * The licence of every npm package whose code the bundle holds (their MIT/ISC/BSD terms ask for
 * the notice to travel with the code): name, version, licence and the package's LICENSE text.
 */
function thirdPartyLicenses(metafile) {
  const dirs = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) dirs.add(resolve(cliDir, match[1]));
  }
  const packages = [...dirs]
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
      const text = file ? readFileSync(join(dir, file), "utf8").trim() : null;
      return { name: pkg.name, version: pkg.version, license: pkg.license ?? "see package", text };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const sections = packages.map(
    (p) =>
      `## ${p.name} ${p.version} (${p.license})\n\n` +
      (p.text ? `\`\`\`\n${p.text}\n\`\`\`\n` : "No licence file in the package.\n"),
  );
  return [
    "# Third-party licences",
    "",
    `The bundle in \`dist/\` holds code of these ${packages.length} npm packages.`,
    "",
    ...sections,
  ].join("\n");
}

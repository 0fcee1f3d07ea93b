#!/usr/bin/env node
// `maumau-check`: a package's type check and lint in one process, on one TypeScript program
// (`npm test` runs it in every package through turbo's `check` task; `pnpm typecheck` and
// `pnpm lint` still run `tsc --noEmit` and `eslint .` on their own).
//
// Why: internal packages export their `src`, so every package's program holds the sources of
// the packages it imports. `tsc --noEmit` reported diagnostics for all of them (the engine's
// sources were checked once per package that imports it), and type-aware ESLint built the same
// program a second time. Here the program is built once; the semantic diagnostics are asked
// for the files this package owns (the checker still reads whatever types those files use from
// the others), and for any other file of the program that no package's own tsconfig includes
// (so no file goes unchecked); then ESLint lints the package with that same program
// (typescript-eslint's `programs`). What is reported is what `tsc --noEmit` and `eslint .`
// report together, each file checked where its own package checks it.
//
// TypeScript and ESLint are loaded from the package being checked (its own devDependencies).
// Exit code 1 on any error or lint warning promoted to an error; 2 when it cannot run.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";

const cwd = process.cwd();
const requireHere = createRequire(join(cwd, "package.json"));
const load = async (name) => import(pathToFileURL(requireHere.resolve(name)).href);
const ts = (await load("typescript")).default;
const { ESLint } = await load("eslint");

/** A tsconfig parsed, or the diagnostics that stop it. */
function parseConfig(path) {
  let fatal = null;
  const parsed = ts.getParsedCommandLineOfConfigFile(path, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => (fatal = d),
  });
  return fatal === null ? parsed : { errors: [fatal], fileNames: [], options: {} };
}

const configPath = join(cwd, "tsconfig.json");
if (!existsSync(configPath)) {
  console.error(`maumau-check: no tsconfig.json in ${cwd}`);
  process.exit(2);
}
const config = parseConfig(configPath);
const program = ts.createProgram({
  rootNames: config.fileNames,
  options: config.options,
  projectReferences: config.projectReferences,
  configFileParsingDiagnostics: config.errors,
});

const inside = (dir, file) =>
  file === dir || file.startsWith(dir + sep) || file.startsWith(dir + "/");

/** The package directory (nearest package.json) of a file, and whether its tsconfig has it. */
const ownedCache = new Map();
function ownedElsewhere(file) {
  let dir = dirname(file);
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) return false;
    dir = up;
  }
  if (!ownedCache.has(dir)) {
    const tsconfig = join(dir, "tsconfig.json");
    const names = existsSync(tsconfig) ? parseConfig(tsconfig).fileNames : [];
    ownedCache.set(dir, new Set(names.map((f) => ts.sys.resolvePath(f))));
  }
  return ownedCache.get(dir).has(ts.sys.resolvePath(file));
}

const diagnostics = [
  ...program.getConfigFileParsingDiagnostics(),
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics(),
];
let checked = 0;
for (const file of program.getSourceFiles()) {
  if (file.isDeclarationFile || program.isSourceFileFromExternalLibrary(file)) continue;
  const name = ts.sys.resolvePath(file.fileName);
  if (!inside(cwd, name) && ownedElsewhere(name)) continue;
  checked++;
  diagnostics.push(
    ...program.getSyntacticDiagnostics(file),
    ...program.getSemanticDiagnostics(file),
  );
}

const host = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => cwd,
  getNewLine: () => ts.sys.newLine,
};
if (diagnostics.length > 0) {
  process.stdout.write(
    process.stdout.isTTY
      ? ts.formatDiagnosticsWithColorAndContext(diagnostics, host)
      : ts.formatDiagnostics(diagnostics, host),
  );
}
const typeErrors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length;

// The TypeScript files get the program above; the package's own config decides the rest (its
// plain JavaScript is linted without types, as `eslint .` does).
const eslint = new ESLint({
  cwd,
  overrideConfig: [
    {
      files: ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts"],
      languageOptions: { parserOptions: { programs: [program], projectService: false } },
    },
  ],
});
const results = await eslint.lintFiles(["."]);
const formatter = await eslint.loadFormatter("stylish");
const lintText = await formatter.format(results);
if (lintText.length > 0) process.stdout.write(lintText);
const lintErrors = results.reduce((n, r) => n + r.errorCount + r.fatalErrorCount, 0);

console.log(
  `maumau-check ${relative(process.env.INIT_CWD ?? cwd, cwd) || "."}: ${checked} files type-checked ` +
    `(${typeErrors} errors), ${results.length} files linted (${lintErrors} errors)`,
);
process.exit(typeErrors > 0 || lintErrors > 0 ? 1 : 0);

#!/usr/bin/env node
// `pnpm -F @maumau/server build`: the server as compiled JavaScript in `dist/`, which `npm start`
// runs with plain `node` (no TypeScript loader at run time).
//
// - `dist/main.js`: the process (src/main.ts) with the workspace packages (engine, variants,
//   client, registry) and their own dependencies bundled in; the server's own dependencies stay
//   `import`s resolved from apps/server/node_modules (native addons, worker-thread loggers).
// - `dist/botWorker.mjs` and `dist/sqliteWriter.mjs`: the worker threads, beside main.js, where
//   `new URL("./botWorker.mjs", import.meta.url)` finds them from the bundle as from the source.
// - socket.io-parser is bundled, from its `build/esm` (see `socketIoParserWithoutDebug`).
// `--outdir DIR` writes elsewhere (the build test); `--quiet` prints nothing.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const serverDir = fileURLToPath(new URL(".", import.meta.url));
const args = process.argv.slice(2);
const outdirArg = args.indexOf("--outdir");
const outdir = outdirArg >= 0 ? args[outdirArg + 1] : join(serverDir, "dist");
const manifest = JSON.parse(readFileSync(join(serverDir, "package.json"), "utf8"));
const external = Object.entries(manifest.dependencies)
  .filter(([, version]) => !String(version).startsWith("workspace:"))
  .map(([name]) => name)
  .filter((name) => name !== "socket.io-parser");

/**
 * socket.io-parser's `exports` give an `import` under the `node` condition its `build/esm-debug`,
 * which calls `debug()` on every packet encoded and decoded; `build/esm` is the same code
 * without those calls. Node picks `esm-debug` for an external import, and so would esbuild
 * (the `node` condition comes with `platform: "node"`): the server's import of it (our JSON
 * parser's Encoder and Decoder) is resolved here to `build/esm` and bundled. (socket.io itself
 * `require`s the CommonJS build; it only uses the parser given in its `parser` option.)
 */
const socketIoParserWithoutDebug = {
  name: "socket.io-parser-without-debug",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^socket\.io-parser$/ }, async (args) => {
      // The resolution below comes back through this callback: esbuild's own then.
      if (args.pluginData?.skip === true) return undefined;
      const resolved = await pluginBuild.resolve("socket.io-parser", {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: { skip: true },
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      const path = resolved.path.replace(/([\\/]build[\\/])esm-debug([\\/])/, "$1esm$2");
      if (path === resolved.path) {
        return { errors: [{ text: `socket.io-parser resolved to ${path}, not build/esm-debug` }] };
      }
      return { path };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
const result = await build({
  absWorkingDir: serverDir,
  entryPoints: {
    main: "src/main.ts",
    botWorker: "src/bots/botWorker.ts",
    sqliteWriter: "src/store/sqliteWriter.mjs",
  },
  outdir,
  outExtension: { ".js": ".js" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external,
  plugins: [socketIoParserWithoutDebug],
  // Bundled CommonJS modules may call require() for Node's built-ins.
  banner: {
    js: 'import { createRequire as __maumauRequire } from "node:module"; const require = __maumauRequire(import.meta.url);',
  },
  logLevel: "warning",
  metafile: true,
});
// The workers are loaded by file name with the .mjs extension, as in the source tree.
const { renameSync } = await import("node:fs");
for (const worker of ["botWorker", "sqliteWriter"]) {
  renameSync(join(outdir, `${worker}.js`), join(outdir, `${worker}.mjs`));
  renameSync(join(outdir, `${worker}.js.map`), join(outdir, `${worker}.mjs.map`));
}
if (!args.includes("--quiet")) {
  const bytes = Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith(".js"))
    .reduce((sum, [, output]) => sum + output.bytes, 0);
  console.log(
    `server built into ${outdir}: ${(bytes / 1024).toFixed(0)} KiB of JavaScript in ${Math.round(performance.now() - started)} ms`,
  );
}

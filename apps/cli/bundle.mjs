// The terminal client as bundled JavaScript (esbuild): `maumau.mjs` with the workspace packages
// and every dependency inside, and `simulateWorker.mjs` beside it, where simulateInThreads.ts
// looks for it. `pack.mjs` packs it minified for npm; the CLI's tests run it unminified
// (src/testing/globalSetup.ts), the same program without tsx's start-up at every spawn.
import { build } from "esbuild";

/**
 * Bundles the CLI into `outdir`; resolves with esbuild's result (its `metafile` names every
 * input, for the licences).
 */
export function bundleCli({ cliDir, outdir, minify }) {
  return build({
    absWorkingDir: cliDir,
    metafile: true,
    entryPoints: { maumau: "src/main.ts", simulateWorker: "src/simulateWorker.ts" },
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    minify,
    legalComments: minify ? "external" : "inline",
    // ws (under socket.io-client) tries these optional native speed-ups and does without them.
    external: ["bufferutil", "utf-8-validate"],
    // (src/main.ts starts with its own `#!/usr/bin/env node`, which esbuild keeps first.)
    banner: {
      js: [
        'import { createRequire as __maumauRequire } from "node:module";',
        "const require = __maumauRequire(import.meta.url);",
      ].join("\n"),
    },
    logLevel: "warning",
  });
}

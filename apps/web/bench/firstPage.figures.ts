// `pnpm bench` runs this: the web client's production build (vite, as `npm start` serves it),
// and what the first page costs a browser: the JavaScript and CSS that index.html loads
// (entry scripts, modulepreloads, stylesheets), gzip-compressed as on the wire (the server
// sends brotli, which is smaller still). The lazy chunks (replay, editor, chart) are listed
// apart: they load only on their pages. One line per figure: `name: value unit (goal: …)`.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const figure = (name: string, value: number, unit: string, goal: string) =>
  console.log(`${name}: ${value.toFixed(1)} ${unit} (goal: ${goal})`);

const out = await mkdtemp(join(tmpdir(), "maumau-web-bench-"));
try {
  const started = performance.now();
  await build({ root, logLevel: "error", build: { outDir: out, emptyOutDir: true } });
  const buildMs = performance.now() - started;
  const index = await readFile(join(out, "index.html"), "utf8");
  const referenced = (pattern: RegExp) =>
    new Set([...index.matchAll(pattern)].map((m) => m[1]!.replace(/^\//, "")));
  const firstJs = referenced(
    /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
  );
  const firstCss = referenced(/<link[^>]*rel="stylesheet"[^>]*\shref="([^"]+\.css)"/g);
  const gzipKb = async (file: string) =>
    gzipSync(await readFile(join(out, file)), { level: 9 }).length / 1024;
  let js = 0;
  for (const file of firstJs) js += await gzipKb(file);
  let css = 0;
  for (const file of firstCss) css += await gzipKb(file);
  let lazy = 0;
  const assets = await readdir(join(out, "assets"));
  for (const name of assets)
    if (name.endsWith(".js") && !firstJs.has(`assets/${name}`))
      lazy += await gzipKb(`assets/${name}`);
  if (firstJs.size === 0) throw new Error("index.html loads no script: the build changed shape");
  figure("web.firstPage.js.gzip", js, "KB", "≤ 250 KB, issue #7's budget");
  figure("web.firstPage.css.gzip", css, "KB", "none set");
  figure(
    "web.lazyChunks.js.gzip",
    lazy,
    "KB",
    "none set; loaded only by the replay, editor and chart pages",
  );
  figure("web.build", buildMs / 1000, "s", "none set");
} finally {
  await rm(out, { recursive: true, force: true });
}

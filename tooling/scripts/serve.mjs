#!/usr/bin/env node
// `npm start`: builds the web client and the server (turbo, cached) and runs the server's
// compiled JavaScript in the foreground (apps/server/dist/main.js: no TypeScript loader).
// Arguments go to the server: `npm start -- --help` lists its settings.
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { childEnv } from "./env.mjs";

const root = new URL("../../", import.meta.url).pathname;
const bin = (name) => join(root, "node_modules", ".bin", name);
const env = childEnv();
const args = process.argv.slice(2);

const build = spawnSync(
  bin("turbo"),
  ["run", "build", "--filter=@maumau/web", "--filter=@maumau/server", "--output-logs=errors-only"],
  {
    stdio: "inherit",
    cwd: root,
    env,
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);

// Plain `node`, as `pnpm bench` measures it: `--enable-source-maps` would keep the bundle's
// source maps parsed in memory (~11 MB of RSS under load) and map every stack trace read;
// `NODE_OPTIONS=--enable-source-maps npm start` turns them on (see the server's README).
const server = spawn(process.execPath, [join(root, "apps/server/dist/main.js"), ...args], {
  stdio: "inherit",
  cwd: join(root, "apps/server"),
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

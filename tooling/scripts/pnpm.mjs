#!/usr/bin/env node
// Runs the pinned pnpm whether or not one is installed: npm fetches it on demand.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const root = new URL("../../", import.meta.url);
const { packageManager } = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
const args = process.argv.slice(2);
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const result = spawnSync(npx, ["--yes", packageManager, ...args], {
  stdio: "inherit",
  cwd: root,
  env: { ...process.env, npm_config_update_notifier: "false" },
});
process.exit(result.status ?? 1);

/**
 * `maumau simulate` on the fast path beside its denominator, in the same run (issue #22): the
 * whole command as a user runs it (`maumau simulate --variant noris --players 4 --games 20000
 * --bots random --json`, its own process, the report's moves/s), and the plain mutable JS
 * playout of noris (packages/registry/bench/plain-noris.ts) timed in this process. Beside it
 * the same command for Heul doch! (random and heuristic bots) and for noris' heuristic bots.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { FastRng } from "@maumau/engine";
import { figure, rate } from "../../../packages/registry/bench/measure.js";
import { PlainNoris } from "../../../packages/registry/bench/plain-noris.js";

const quick = process.argv.includes("--quick");
const games = quick ? 20_000 : 100_000;
const tsx = createRequire(import.meta.url).resolve("tsx/cli");
const main = fileURLToPath(new URL("../src/main.ts", import.meta.url));

function simulated(
  engine: "fast" | "decide",
  n: number,
  variant = "noris",
  bots = "random",
): number {
  const run = spawnSync(
    process.execPath,
    [tsx, main, "simulate", "--variant", variant, "--players", "4", "--games", String(n)].concat([
      "--bots",
      bots,
      "--seed",
      "1",
      "--engine",
      engine,
      "--json",
    ]),
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`simulate failed: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as { movesPerSecond: number; engine: string };
  if (report.engine !== engine) throw new Error(`simulate ran on ${report.engine}, not ${engine}`);
  return report.movesPerSecond;
}

const plain = new PlainNoris(4, new FastRng(2026));
const plainBefore = rate(() => plain.playout());
const fast = simulated("fast", games);
const plainAfter = rate(() => plain.playout());
const plainRate = Math.max(plainBefore, plainAfter);
const decide = simulated("decide", quick ? 1_000 : 5_000);
figure("cli.simulate.fast.noris.random.moves", fast, "moves/s", "≥ 0.25 × plain");
figure("cli.simulate.decide.noris.random.moves", decide, "moves/s", "none: the engine's apply");
figure("cli.simulate.plain.noris.moves", plainRate, "moves/s", "none: the denominator");
figure("cli.simulate.fast.vs-plain", fast / plainRate, "× plain", "≥ 0.25");

const heul = simulated("fast", games, "heul-doch");
const heulDecide = simulated("decide", quick ? 1_000 : 5_000, "heul-doch");
figure("cli.simulate.fast.heul-doch.random.moves", heul, "moves/s", "≥ 1,000,000 (the fast path)");
figure("cli.simulate.fast.heul-doch.vs-plain", heul / plainRate, "× plain noris", "none set");
figure(
  "cli.simulate.decide.heul-doch.random.moves",
  heulDecide,
  "moves/s",
  "none: the engine's apply",
);
const heuristicGames = quick ? 5_000 : 20_000;
figure(
  "cli.simulate.fast.noris.heuristic.moves",
  simulated("fast", heuristicGames, "noris", "heuristic"),
  "moves/s",
  "none set",
);
figure(
  "cli.simulate.fast.heul-doch.heuristic.moves",
  simulated("fast", heuristicGames, "heul-doch", "heuristic"),
  "moves/s",
  "none set",
);

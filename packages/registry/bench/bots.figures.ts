/**
 * Bot think time per level (issue #11, benchmarks 1): per variant, the mean time a `random`,
 * `heuristic` and `search` bot (at `DEFAULT_SEARCH_BUDGET`, the server's default) takes to
 * choose a move, wall clock and CPU (CPU is what a busy machine disturbs least). The
 * positions are those of whole 4-seat games played by heuristic bots under fixed seeds; at
 * every `STRIDE`-th position each level is asked for the seat to act, with the match log as
 * the seat may see it, the way `maumau simulate` asks (the first position once untimed first,
 * to warm up). `tsx bench/bots.figures.ts [--quick]`.
 */
import {
  BOT_LEVELS,
  createRng,
  DEFAULT_SEARCH_BUDGET,
  GameDriver,
  isRefusal,
} from "@maumau/engine";
import { findVariant } from "../src/index.js";
import { figure, QUICK } from "./measure.js";

const PLAYERS = 4;
const VARIANTS = ["noris", "french", "bavarian", "heul-doch"] as const;
/** Games per variant and every how many moves the levels are asked. */
const GAMES = QUICK ? 1 : 3;
const STRIDE = QUICK ? 6 : 2;
/** At most this many measured positions per variant (keeps `--quick` short). */
const POSITIONS = QUICK ? 8 : 60;

interface Tally {
  moves: number;
  ms: number;
  cpuMs: number;
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

let sink = 0;
for (const id of VARIANTS) {
  const variant = findVariant(id);
  if (!variant) throw new Error(`no variant ${id}`);
  const tally = new Map<string, Tally>(
    BOT_LEVELS.map((level) => [level, { moves: 0, ms: 0, cpuMs: 0 }]),
  );
  let measured = 0;
  for (let g = 0; g < GAMES && measured < POSITIONS; g++) {
    const driver = GameDriver.open(
      variant,
      { players: PLAYERS, options: {}, seed: 500 + g },
      "decider",
    );
    if (isRefusal(driver)) throw new Error(driver.message.en);
    const random = createRng(700 + g, 0x5eed);
    for (let move = 0; measured < POSITIONS; move++) {
      const progress = driver.progress();
      if (progress.status === "gameOver" || progress.status === "matchOver") break;
      const seat = progress.toAct;
      if (seat === null) throw new Error(`${id}: no seat to act`);
      if (move % STRIDE === 0) {
        // The first position of a variant warms the code up, untimed (JIT, rule tables).
        if (measured === 0 && move === 0)
          for (const level of BOT_LEVELS)
            sink += driver.botMove(seat, level, random, DEFAULT_SEARCH_BUDGET).type.length;
        for (const level of BOT_LEVELS) {
          const t = tally.get(level)!;
          const c0 = cpuMs();
          const t0 = performance.now();
          const command = driver.botMove(seat, level, random, DEFAULT_SEARCH_BUDGET);
          t.ms += performance.now() - t0;
          t.cpuMs += cpuMs() - c0;
          t.moves++;
          sink += command.type.length;
        }
        measured++;
      }
      const outcome = driver.dispatch(driver.botMove(seat, "heuristic", random));
      if (!outcome.ok) throw new Error(`${id}: ${outcome.refusal.message.en}`);
    }
  }
  for (const level of BOT_LEVELS) {
    const t = tally.get(level)!;
    const goal = level === "search" ? "≤ 300 ms per move" : "none set";
    figure(`bots.${level}.${id}.think`, t.ms / t.moves, "ms/move", goal);
    figure(`bots.${level}.${id}.cpu`, t.cpuMs / t.moves, "ms CPU/move", goal);
  }
}
if (sink === 0) throw new Error("no bot answer was read");

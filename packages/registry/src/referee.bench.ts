import {
  createRng,
  isRefusal,
  openMatch,
  runtimeOf,
  type AnyEngine,
  type AnyMachineSnapshot,
  type Command,
} from "@maumau/engine";
import { bench, describe } from "vitest";
import { findVariant } from "./index.js";

/**
 * Engine time per move at the table (issue #8: ≤ 50 µs on the machine path). Bot games are
 * recorded first as (state, snapshot, command) triples; each bench iteration decides ONE
 * move, cycling through them (both paths are pure, so a triple can be replayed any number of
 * times): the mean time per iteration is the time per move.
 *
 *   pnpm --filter @maumau/registry exec vitest bench --run src/referee.bench.ts
 */
function record(variantId: string, options: unknown, players: number, games: number) {
  const variant = findVariant(variantId)!;
  const engine = variant.engine as AnyEngine;
  const moves: { state: unknown; snapshot: AnyMachineSnapshot; command: Command }[] = [];
  for (let seed = 1; seed <= games; seed++) {
    const opened = openMatch(variant, { players, options, seed });
    if (isRefusal(opened)) throw new Error(opened.message.en);
    let state = engine.replay(opened);
    const runtime = runtimeOf(engine, engine.ruleSetOf(state));
    let snapshot = runtime.snapshotOf(state);
    const random = createRng(seed, 3);
    for (;;) {
      const { toAct } = engine.progress(state);
      if (toAct === null || moves.length > games * 400) break;
      const command = engine.botMove(state, toAct, "heuristic", random);
      moves.push({ state, snapshot, command });
      const step = runtime.step(snapshot, command);
      if (isRefusal(step)) throw new Error(step.message.en);
      state = step.state;
      snapshot = step.snapshot;
    }
  }
  return { engine, runtime: runtimeOf(engine, engine.ruleSetOf(moves[0]!.state)), moves };
}

for (const [id, options, players] of [
  ["noris", {}, 4],
  ["bavarian", {}, 3],
  ["heul-doch", { specials: true }, 4],
] as const) {
  describe(`${id}, ${players} players: one move per iteration`, () => {
    const { engine, runtime, moves } = record(id, options, players, 20);
    let i = 0;
    bench("machine: transition() on the cached snapshot (the server's referee)", () => {
      const m = moves[i++ % moves.length]!;
      runtime.step(m.snapshot, m.command);
    });
    let j = 0;
    bench("fast path: decide + fold (apply)", () => {
      const m = moves[j++ % moves.length]!;
      engine.apply(m.state, m.command);
    });
  });
}

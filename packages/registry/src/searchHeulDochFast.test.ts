import {
  createRng,
  enginePlayout,
  FastRng,
  GameDriver,
  HEUL_DOCH_DEPTH,
  heulDochEngine,
  heulDochSearchRounds,
  heulDochStanding,
  isRefusal,
  type HeulDochState,
  type Sampler,
} from "@maumau/engine";
import { describe, expect, it } from "vitest";
import { findVariant } from "./index.js";

/**
 * The search's Heul doch! playouts on the fast path (bots/searchHeulDoch.ts) are the engine's
 * cut playouts: in the same world, after the same move, under the same random numbers (the
 * fast generator seeded with the round's luck), every legal move gets the same reward as
 * `enginePlayout` with the heuristic and `heulDochStanding` gives it.
 */
const noSampler: Sampler<HeulDochState> = {
  sample: () => {
    throw new Error("round 0 plays the first world");
  },
} as unknown as Sampler<HeulDochState>;

describe("Heul doch! search rounds on the fast path = the engine's cut playouts", () => {
  for (const options of [{}, { specials: true }, { specials: true, memory: false }])
    it(`${JSON.stringify(options)}: positions of 12 games, every legal move, the same rewards`, () => {
      let compared = 0;
      for (let seed = 1; seed <= 12; seed++) {
        const players = 3 + (seed % 4);
        const driver = GameDriver.open(findVariant("heul-doch")!, { players, options, seed });
        if (isRefusal(driver)) throw new Error(driver.message.en);
        const random = createRng(seed, 9);
        for (let i = 0; i < 5 + seed * 3; i++)
          driver.dispatch(driver.botMove(driver.progress().toAct!, "heuristic", random));
        const state = driver.state as HeulDochState;
        const seat = state.turn;
        const legal = heulDochEngine.legalMoves(state, seat);
        const round = heulDochSearchRounds(state, noSampler, legal, seat, players);
        if (round === null) throw new Error("the position did not load");
        const luck = 1000 + seed;
        const rewards = new Float64Array(legal.length);
        round(0, luck, () => 0, rewards);
        const playout = enginePlayout(
          heulDochEngine,
          "heuristic",
          HEUL_DOCH_DEPTH * players,
          heulDochStanding,
        );
        legal.forEach((command, a) => {
          const applied = heulDochEngine.apply(state, command);
          if (isRefusal(applied)) throw new Error(applied.message.en);
          const rng = new FastRng(luck);
          const reward = playout(applied.state, seat, () => rng.random());
          expect(rewards[a], `seed ${seed} move ${JSON.stringify(command)}`).toBe(reward);
          compared++;
        });
      }
      expect(compared).toBeGreaterThan(12 * 3);
    });
});

import { classicEventLeak, classicViewLeak, type BotLevel } from "@maumau/engine";
import { playAndCheck } from "@maumau/engine/testing/properties";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { noris } from "./index.js";

const levels = fc.constantFrom<BotLevel[]>(["random"], ["heuristic"], ["random", "heuristic"]);

describe("noris: properties over 1,000 random bot games", () => {
  it("replay = live, cards conserved, views and events hide secrets, every game ends", () => {
    let games = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 2, max: 10 }),
        levels,
        (seed, players, lv) => {
          playAndCheck({
            variant: noris,
            players,
            seed,
            levels: lv,
            leaks: classicViewLeak,
            eventLeaks: classicEventLeak,
            compareActor: seed % 10 === 0,
          });
          games++;
        },
      ),
      { numRuns: 1000 },
    );
    expect(games).toBe(1000);
  }, 180_000);
});

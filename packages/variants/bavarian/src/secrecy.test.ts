import { GameDriver, isRefusal } from "@maumau/engine";
import { describe, expect, it } from "vitest";
import { bavarian } from "./index.js";

describe("B-2.2 with rules/README 'Always true' 2: the deck order stays secret during the cut", () => {
  it("the cutter's legal moves and view are the same whatever order the deck lies in", () => {
    const seen = [1, 2, 3, 4, 5].map((seed) => {
      const driver = GameDriver.open(bavarian, { players: 3, seed });
      if (isRefusal(driver)) throw new Error(driver.message.en);
      const cutter = driver.progress().toAct!;
      const { version: _v, ...view } = driver.view(cutter);
      return JSON.stringify({ legal: driver.legalMoves(cutter), view });
    });
    expect(new Set(seen).size).toBe(1);
  });

  it("B-2.2 no cut is refused for the card it reveals: every `at` with `keep` is accepted", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const open = GameDriver.open(bavarian, { players: 3, seed });
      if (isRefusal(open)) throw new Error(open.message.en);
      const cutter = open.progress().toAct!;
      for (let at = 1; at <= 31; at++) {
        const driver = GameDriver.open(bavarian, { players: 3, seed });
        if (isRefusal(driver)) throw new Error(driver.message.en);
        const result = driver.dispatch({ type: "cut", seat: cutter, at, keep: true });
        expect(result.ok, `seed ${seed}, cut at ${at}`).toBe(true);
      }
    }
  });
});

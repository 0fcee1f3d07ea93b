import { commitmentOf, verifyFairness } from "@maumau/engine";
import { botMatchLog } from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { heulDoch } from "./index.js";

describe("issue #12: provable fairness (heul-doch family)", () => {
  it("checks the commitments, the deals and every special card put back into the draw pile", () => {
    let withReturns = null as null | {
      seed: string;
      returned: number;
      report: ReturnType<typeof verifyFairness>;
    };
    for (let i = 0; i < 20 && withReturns === null; i++) {
      const seed = `heul-doch-fairness-${i}`;
      const log = botMatchLog(heulDoch, { players: 4, seed, options: { specials: true } });
      const returned = log.filter((e) => e.type === "special.returned").length;
      const report = verifyFairness("heul-doch", log);
      expect(report.problems, seed).toEqual([]);
      for (const e of log.filter((x) => x.type === "game.started")) {
        const data = e.data as { game: number; commitment: string };
        expect(data.commitment).toBe(commitmentOf(seed, data.game));
      }
      if (returned > 0) withReturns = { seed, returned, report };
    }
    expect(withReturns).not.toBeNull();
    const { returned, report } = withReturns!;
    expect(report.ok).toBe(true);
    expect(report.checks).toBe(2 * report.games.length + returned);

    const log = botMatchLog(heulDoch, {
      players: 4,
      seed: withReturns!.seed,
      options: { specials: true },
    });
    const moved = log.map((e) =>
      e.type === "special.returned"
        ? { ...e, data: { ...(e.data as object), at: (e.data as { at: number }).at + 1 } }
        : e,
    );
    expect(verifyFairness("heul-doch", moved).ok).toBe(false);
  });
});

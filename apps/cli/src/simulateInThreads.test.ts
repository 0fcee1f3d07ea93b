import { describe, expect, it } from "vitest";
import { isRefusal } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { simulate, type SimulationReport } from "./simulate.js";
import { simulateInThreads } from "./simulateInThreads.js";

const noris = findVariant("noris")!;

/** A report without its clock-dependent figures. */
const untimed = (report: SimulationReport) => ({
  ...report,
  seconds: 0,
  gamesPerSecond: 0,
  movesPerSecond: 0,
  levels: report.levels.map((l) => ({ ...l, msPerMove: 0 })),
});

describe("simulateInThreads", () => {
  it("prints the report one thread prints: same games, same wins, same failures", async () => {
    const config = {
      variant: noris,
      players: 4,
      games: 9,
      bots: ["search", "heuristic", "random"] as const,
      seed: 77,
      search: { playouts: 20 },
    };
    const serial = simulate({ ...config, bots: [...config.bots] });
    const progress: number[] = [];
    const threaded = await simulateInThreads(
      { ...config, bots: [...config.bots], onProgress: (n) => progress.push(n) },
      2,
    );
    if (isRefusal(serial) || isRefusal(threaded)) throw new Error("refused");
    expect(untimed(threaded)).toEqual(untimed(serial));
    expect(threaded.games).toBe(9);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("on the fast path too: the same report from two threads as from one", async () => {
    const config = { variant: noris, players: 3, games: 60, bots: ["random" as const], seed: 8 };
    const serial = simulate({ ...config, bots: [...config.bots] });
    const threaded = await simulateInThreads({ ...config, bots: [...config.bots] }, 2);
    if (isRefusal(serial) || isRefusal(threaded)) throw new Error("refused");
    expect(threaded.engine).toBe("fast");
    expect(untimed(threaded)).toEqual(untimed(serial));
  });

  it("refuses a bad config before starting a thread", async () => {
    const report = await simulateInThreads(
      { variant: noris, players: 11, games: 4, bots: ["random"], seed: 1 },
      2,
    );
    expect(isRefusal(report)).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { isRefusal, type BotLevel } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import {
  playSimulatedGame,
  prepareSimulation,
  simulate,
  type GameResult,
  type SimulationConfig,
  type SimulationReport,
} from "./simulate.js";

/**
 * `--engine fast --exact-deals` against `--engine decide`: the same seeds give the same games
 * (every game's outcome, winners, length and moves per seat) and the same report but for the
 * times, for the random and the heuristic level on the classic family and on Heul doch!. The
 * heuristic's fast policies (fast/classicBots.ts, fast/heulDochBots.ts) must therefore choose
 * exactly as the engine's heuristic bots do.
 */
const CASES: readonly { variant: string; players: number; options?: Record<string, unknown> }[] = [
  { variant: "noris", players: 4, options: { games: 1 } },
  { variant: "tabaluga", players: 3, options: { games: 1 } },
  { variant: "french", players: 5 },
  { variant: "heul-doch", players: 4 },
  { variant: "heul-doch", players: 5, options: { specials: true, memory: false } },
];
const LEVELS: readonly (readonly BotLevel[])[] = [["heuristic"], ["random", "heuristic"]];

/** A report without its wall-clock parts. */
function timeless(r: SimulationReport) {
  return {
    ...r,
    engine: undefined,
    seconds: undefined,
    gamesPerSecond: undefined,
    movesPerSecond: undefined,
    levels: r.levels.map((l) => ({ ...l, msPerMove: undefined })),
  };
}
const gameOf = (g: GameResult) => ({
  ...g,
  think: g.think?.map((t) => t.moves),
});

describe("simulate: the fast path plays the games decide plays (--exact-deals)", () => {
  for (const c of CASES)
    for (const bots of LEVELS)
      it(`${c.variant} ${JSON.stringify(c.options ?? {})}, ${c.players} players, ${bots.join(",")}`, () => {
        const config: SimulationConfig = {
          variant: findVariant(c.variant)!,
          players: c.players,
          games: 30,
          bots,
          seed: 11,
          ...(c.options ? { options: c.options } : {}),
        };
        const fast = prepareSimulation({ ...config, exactDeals: true });
        const decide = prepareSimulation({ ...config, engine: "decide" });
        if (isRefusal(fast) || isRefusal(decide)) throw new Error("refused");
        expect(fast.engineNote).toBeUndefined();
        expect(fast.fast).not.toBeNull();
        expect(decide.fast).toBeNull();
        for (let index = 0; index < config.games; index++) {
          const a = playSimulatedGame(fast, index);
          const b = playSimulatedGame(decide, index);
          expect(a.outcome).not.toBe("error");
          expect(gameOf(a), `game ${index}`).toEqual(gameOf(b));
        }
        const reportFast = simulate({ ...config, exactDeals: true });
        const reportDecide = simulate({ ...config, engine: "decide" });
        if (isRefusal(reportFast) || isRefusal(reportDecide)) throw new Error("refused");
        expect(reportFast.engine).toBe("fast");
        expect(reportDecide.engine).toBe("decide");
        expect(timeless(reportFast)).toEqual(timeless(reportDecide));
      });

  it("the fast path's own deals play the same rules: heul-doch games are as long", () => {
    const config: SimulationConfig = {
      variant: findVariant("heul-doch")!,
      players: 4,
      games: 200,
      bots: ["heuristic", "random"],
      seed: 3,
    };
    const fast = simulate(config);
    const decide = simulate({ ...config, engine: "decide" });
    if (isRefusal(fast) || isRefusal(decide)) throw new Error("refused");
    expect(fast.engine).toBe("fast");
    expect([fast.errors, fast.stuck]).toEqual([0, 0]);
    // every hand card is played, whoever deals: the same number of moves a game
    expect(fast.averageMoves).toBe(decide.averageMoves);
    const wins = fast.seats.reduce((sum, s) => sum + s.wins, 0);
    expect(wins).toBeCloseTo(fast.games, 6);
  });
});

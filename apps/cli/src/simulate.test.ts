import { describe, expect, it } from "vitest";
import { isRefusal, openMatch } from "@maumau/engine";
import { findVariant, variants } from "@maumau/registry";
import {
  gameSeed,
  levelAt,
  simulate,
  simulateGame,
  wilson,
  type SimulationReport,
} from "./simulate.js";

const run = (...args: Parameters<typeof simulate>): SimulationReport => {
  const report = simulate(...args);
  if (isRefusal(report)) throw new Error(report.message.en);
  return report;
};

describe("simulate", () => {
  for (const variant of variants) {
    const { min, max } = variant.players;
    // The default options may allow fewer players than the variant does (custom's deck).
    const counts = [...new Set([min, Math.min(max, Math.max(min, 4)), max])].filter(
      (players) => !isRefusal(openMatch(variant, { players, seed: 0 })),
    );
    for (const players of counts)
      it(`plays ${variant.id} bot games with ${players} players: no errors, none stuck`, () => {
        const report = run({
          variant,
          players,
          games: Math.ceil(240 / counts.length),
          bots: ["random", "heuristic"],
          seed: 2024,
          checkCards: true,
        });
        expect(report.failures).toEqual([]);
        expect(report.errors).toBe(0);
        expect(report.stuck).toBe(0);
        const wins = report.seats.reduce((sum, s) => sum + s.wins, 0);
        expect(wins + report.drawn).toBeCloseTo(report.games, 6);
      });
  }

  it("is reproducible from its seed and assigns bot levels cyclically", () => {
    const config = {
      variant: findVariant("noris")!,
      players: 5,
      games: 40,
      bots: ["random", "heuristic"] as const,
      seed: 7,
    };
    const a = run({ ...config, bots: [...config.bots] });
    const b = run({ ...config, bots: [...config.bots] });
    expect(a.seats).toEqual(b.seats);
    expect(a.moves).toBe(b.moves);
    expect(a.seats.map((s) => s.bot)).toEqual([
      "random",
      "heuristic",
      "random",
      "heuristic",
      "random",
    ]);
    expect(a.levels.map((l) => [l.bot, l.seats])).toEqual([
      ["random", 3],
      ["heuristic", 2],
    ]);
  });

  it("rotates levels across games: every level sits at every seat equally often", () => {
    const bots = ["search", "heuristic", "random", "random"] as const;
    const seen = new Map<string, number>();
    for (let game = 0; game < 8; game++) {
      const seats = [0, 1, 2, 3].map((s) => levelAt(bots, 4, s, game));
      // The same levels in every game, in another seat.
      expect([...seats].sort()).toEqual([...bots].sort());
      seats.forEach((level, s) => seen.set(`${level}@${s}`, (seen.get(`${level}@${s}`) ?? 0) + 1));
    }
    expect(seen.get("search@0")).toBe(2);
    expect(seen.get("search@3")).toBe(2);
    expect(seen.get("random@1")).toBe(4);
    expect(levelAt(bots, 4, 0, 1)).toBe("heuristic");
  });

  it("Wilson 95 % intervals: textbook values, edges, fractional wins", () => {
    // 5 of 10: 0.2366 – 0.7634; 0 of 10: 0 – 0.2775; 10 of 10: 0.7225 – 1.
    const half = wilson(5, 10);
    expect(half.low).toBeCloseTo(0.2366, 4);
    expect(half.high).toBeCloseTo(0.7634, 4);
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(0, 10).high).toBeCloseTo(0.2775, 4);
    expect(wilson(10, 10).low).toBeCloseTo(0.7225, 4);
    expect(wilson(10, 10).high).toBe(1);
    // 250 of 1000 at 95 %: 0.2242 – 0.2778; a shared win counts half.
    expect(wilson(250, 1000).low).toBeCloseTo(0.2242, 4);
    expect(wilson(250, 1000).high).toBeCloseTo(0.2778, 4);
    expect(wilson(2.5, 10).low).toBeLessThan(0.25);
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it("reports win rates per level with intervals that contain them, and plays search seats", () => {
    const report = run({
      variant: findVariant("french")!,
      players: 4,
      games: 8,
      bots: ["search", "heuristic", "random", "random"],
      seed: 3,
      search: { playouts: 8 },
    });
    expect(report.errors).toBe(0);
    expect(report.search).toEqual({ playouts: 8 });
    for (const level of report.levels) {
      expect(level.ci95.low).toBeLessThanOrEqual(level.winRatePerSeat);
      expect(level.ci95.high).toBeGreaterThanOrEqual(level.winRatePerSeat);
      expect(level.moves).toBeGreaterThan(0);
    }
    const total = report.levels.reduce((sum, l) => sum + l.wins, 0);
    expect(total + report.drawn).toBeCloseTo(report.games, 6);
    expect(report.levels.map((l) => [l.bot, l.seats])).toEqual([
      ["search", 1],
      ["heuristic", 1],
      ["random", 2],
    ]);
  });

  describe("--engine fast: the engine's fast path where the variant and every level have one", () => {
    const noris = findVariant("noris")!;
    const config = { variant: noris, players: 4, games: 400, bots: ["random" as const], seed: 5 };

    it("plays random noris games on the fast path: every game ends, wins add up, reproducible", () => {
      const report = run(config);
      expect(report.engine).toBe("fast");
      expect(report.engineNote).toBeUndefined();
      expect([report.errors, report.stuck]).toEqual([0, 0]);
      const wins = report.seats.reduce((sum, s) => sum + s.wins, 0);
      expect(wins + report.drawn).toBeCloseTo(report.games, 6);
      // Four random seats of one level: each wins about a quarter (the levels rotate).
      for (const seat of report.seats) expect(seat.winRate).toBeGreaterThan(0.15);
      expect(report.levels[0]).toMatchObject({ bot: "random", moves: report.moves });
      const again = run(config);
      expect(again.seats).toEqual(report.seats);
      expect(again.moves).toBe(report.moves);
    });

    it("plays a game of about the engine's length (the same rules on both paths)", () => {
      const fast = run(config);
      const decided = run({ ...config, engine: "decide" });
      expect(decided.engine).toBe("decide");
      expect(decided.engineNote).toBeUndefined();
      // Different random numbers, the same rules: the mean game length agrees within 15 %.
      expect(fast.averageMoves / decided.averageMoves).toBeGreaterThan(0.85);
      expect(fast.averageMoves / decided.averageMoves).toBeLessThan(1.15);
    });

    it("falls back to decide, and says why, where the fast path cannot play", () => {
      const cases = [
        [
          { ...config, bots: ["random" as const, "search" as const], search: { playouts: 2 } },
          /search bot has no fast policy/,
        ],
        [
          { ...config, variant: findVariant("bavarian")! },
          /fast path cannot play it: phase cutting/,
        ],
        [{ ...config, checkCards: true }, /--check-cards/],
      ] as const;
      for (const [fallback, why] of cases) {
        const report = run({ ...fallback, games: 20 });
        expect(report.engine).toBe("decide");
        expect(report.engineNote).toMatch(why);
        expect([report.errors, report.stuck]).toEqual([0, 0]);
      }
    });
  });

  it("counts a game past the move cap as stuck", () => {
    const report = run({
      variant: findVariant("noris")!,
      players: 4,
      games: 3,
      bots: ["random"],
      seed: 1,
      maxMoves: 2,
    });
    expect(report.stuck).toBe(3);
    expect(report.failures[0]).toMatchObject({ outcome: "stuck", moves: 2 });
  });

  it("reports a game that cannot start as an error, and bad options as a refusal", () => {
    const noris = findVariant("noris")!;
    const game = simulateGame(noris, {
      players: 11,
      bots: ["random"],
      options: {},
      seed: 1,
      index: 0,
      maxMoves: 10,
    });
    expect(game.outcome).toBe("error");
    expect(game.error).toMatch(/players/);
    const report = simulate({
      variant: noris,
      players: 4,
      games: 1,
      bots: ["random"],
      seed: 1,
      options: { games: 0 },
    });
    expect(isRefusal(report)).toBe(true);
    expect(
      isRefusal(simulate({ variant: noris, players: 11, games: 1, bots: ["random"], seed: 1 })),
    ).toBe(true);
  });

  it("derives distinct 31-bit seeds per game", () => {
    const seeds = new Set(Array.from({ length: 10_000 }, (_, i) => gameSeed(42, i)));
    expect(seeds.size).toBe(10_000);
    for (const s of seeds) expect(s).toBeGreaterThanOrEqual(0);
    for (const s of seeds) expect(s).toBeLessThan(2 ** 31);
    expect(gameSeed(1, 0)).not.toBe(gameSeed(2, 0));
  });
});

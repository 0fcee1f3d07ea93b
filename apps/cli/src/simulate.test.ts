import { describe, expect, it } from "vitest";
import { isRefusal, openMatch } from "@maumau/engine";
import { findVariant, variants } from "@maumau/registry";
import { gameSeed, simulate, simulateGame, type SimulationReport } from "./simulate.js";

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

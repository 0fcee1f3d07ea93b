import type { Command } from "@maumau/engine";
import {
  bots,
  check,
  forEachReferee,
  logged,
  ok,
  play,
  scores,
  status,
  table,
  totals,
  turn,
  winners,
  wish,
} from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { crazyEights } from "./index.js";
import { raceTable, RACE_TO_ONE } from "./race.js";

forEachReferee(crazyEights, ({ given }) => {
  /** The race of race.ts to seat 1's last card, then `last`. */
  const race = (options: unknown, last: Command) =>
    given(raceTable(options))
      .when(...RACE_TO_ONE)
      .then(ok(), turn(1))
      .when(last);

  describe("E-6.1 the first player to play their last card wins", () => {
    it("E-6.1 the last card ends the game with its player as the winner", () => {
      race({}, play(1, "clubs/k")).then(
        ok(),
        status("gameOver"),
        logged({ type: "game.ended", data: { winner: 1, reason: "won" } }),
      );
    });
  });

  describe("E-6.2 the winner scores the cards left in the other hands", () => {
    it("E-6.2 an eight left counts 50 and an ace 1, for the winner; everyone else scores 0", () => {
      race({}, play(1, "clubs/k")).then(ok(), scores([0, 51, 0]), totals([0, 51, 0]));
    });
  });

  describe("E-6.3 the match ends once a total reaches the target; the highest wins", () => {
    it("E-6.3 below 500 the match goes on", () => {
      race({}, play(1, "clubs/k")).then(ok(), status("gameOver"), winners([]));
    });

    it("E-6.3 with a target of 50 the game's 51 points end the match for the winner", () => {
      race({ targetScore: 50 }, play(1, "clubs/k")).then(
        ok(),
        status("matchOver"),
        totals([0, 51, 0]),
        winners([1]),
      );
    });

    it("E-6.3 a target below 50 is not an option", () => {
      expect(crazyEights.optionsSchema.safeParse({ targetScore: 10 }).success).toBe(false);
      expect(crazyEights.optionsSchema.safeParse({}).data).toEqual({ targetScore: 500 });
    });
  });

  describe("E-6.1 a last eight names no suit", () => {
    it("E-6.1 the game ends with no suit in force", () => {
      given(
        table(crazyEights, {
          players: 2,
          starter: "clubs/5",
          hands: {
            1: ["clubs/9", "clubs/10", "clubs/j", "clubs/q", "clubs/k", "clubs/a", "hearts/8"],
            0: ["clubs/2", "clubs/3", "clubs/4", "clubs/6", "clubs/7", "spades/8", "diamonds/8"],
          },
        }),
      )
        .when(
          play(1, "clubs/9"),
          play(0, "clubs/2"),
          play(1, "clubs/10"),
          play(0, "clubs/3"),
          play(1, "clubs/j"),
          play(0, "clubs/4"),
          play(1, "clubs/q"),
          play(0, "clubs/6"),
          play(1, "clubs/k"),
          play(0, "clubs/7"),
          play(1, "clubs/a"),
          play(0, "spades/8", { wish: "spades" }),
          play(1, "hearts/8", { wish: "hearts" }),
        )
        .then(ok(), status("gameOver"), wish(null), scores([0, 50]));
    });
  });

  describe("E-6.4 a blocked game ends without a winner and scores nothing", () => {
    it("E-6.4 two players empty the stock until nobody can play or draw", () => {
      given(table(crazyEights, { players: 2, seed: 10 }))
        .when(bots({ until: "game", seed: 10 }))
        .then(
          status("gameOver"),
          scores([0, 0]),
          logged({ type: "game.ended", data: { winner: null, reason: "stalled" } }),
          check(({ driver }) => {
            const s = driver.state as { drawPile: readonly string[] };
            expect(s.drawPile).toEqual([]);
          }),
        );
    });
  });
});

import {
  draw,
  forEachReferee,
  nextGame,
  play,
  refused,
  results,
  top,
  turn,
  formatPrecedenceSuite,
} from "@maumau/engine/testing";
import { describe, it } from "vitest";
import { noris } from "./index.js";
import { norisTables } from "./formatTables.js";

forEachReferee(noris, ({ given }) => {
  const { deal, start, afterTheEnd, fixture } = norisTables(noris);

  formatPrecedenceSuite("noris", fixture);

  describe("FORMAT: noris's own cases", () => {
    it("NOT_IN_HAND: a wild the player does not hold (every wild has the same code)", () => {
      given(deal({ hands: { 1: ["red/5"] }, starter: "red/9" }))
        .when(play(1, "wild"))
        .then(refused("NOT_IN_HAND"));
    });

    it("ILLEGAL_MOVE comes before CHOICE_REQUIRED: a wild does not answer a +2", () => {
      given(deal({ hands: { 1: ["red/draw2"], 2: ["wild"] }, starter: "red/9" }))
        .when(play(1, "red/draw2"), play(2, "wild"))
        .then(refused("ILLEGAL_MOVE"));
    });

    it("GAME_OVER for the next game of a finished one-game match", () => {
      afterTheEnd().when(nextGame()).then(refused("GAME_OVER"));
    });

    it("a refused draw under the series keeps the game as it was", () => {
      start()
        .when(play(1, "blue/1"), draw(1), play(2, "red/6"), play(1, "wild"), play(1, "red/5"))
        .then(
          results("ILLEGAL_MOVE", "ILLEGAL_MOVE", "NOT_YOUR_TURN", "CHOICE_REQUIRED", "ok"),
          top("red/5"),
          turn(2),
        );
    });
  });
});

import {
  choose,
  cut,
  draw,
  given,
  ok,
  pass,
  play,
  raw,
  refused,
  results,
  status,
  table,
  top,
  turn,
  wish,
  type TableSpec,
} from "@maumau/engine/testing";
import { describe, it } from "vitest";
import { noris } from "./index.js";

/** Three players, seat 0 deals, seat 1 starts; a one-game match; decider and machine in lockstep. */
const deal = (spec: Omit<TableSpec, "players"> & { players?: number }) =>
  table(noris, { players: 3, options: { games: 1 }, mode: "both", ...spec });

const start = () =>
  given(
    deal({
      hands: {
        1: ["red/5", "blue/1", "wild", "green/2", "green/3"],
        2: ["red/6", "yellow/1", "yellow/2", "yellow/3", "yellow/4"],
      },
      starter: "red/9",
    }),
  );

/** Two players; seat 1 has won the one-game match with its fifth card. */
const afterTheEnd = () =>
  given(
    table(noris, {
      players: 2,
      options: { games: 1 },
      mode: "both",
      hands: {
        1: ["red/1", "red/2", "red/3", "red/4", "red/5"],
        0: ["red/6", "red/7", "red/8", "yellow/5", "yellow/6"],
      },
      starter: "red/9",
      drawPile: ["blue/7"],
    }),
  )
    .when(
      play(1, "red/1"),
      play(0, "red/6"),
      play(1, "red/2"),
      play(0, "red/7"),
      play(1, "red/3"),
      play(0, "red/8"),
      play(1, "red/4", { mau: true }),
      draw(0),
      play(1, "red/5"),
    )
    .then(ok(), status("matchOver"));

describe("FORMAT refusal codes and their precedence", () => {
  describe("INVALID_COMMAND: not a command of this game at all", () => {
    it("an unknown card code", () => {
      for (const card of ["red/10", "purple/5", "RED/5", "", "wild/red", "red/draw3"])
        start().when(play(1, card)).then(refused("INVALID_COMMAND"));
    });

    it("a seat that does not exist", () => {
      for (const seat of [3, -1, 1.5, 99])
        start().when(play(seat, "red/5")).then(refused("INVALID_COMMAND"));
      start()
        .when(raw({ type: "playCard", seat: "1", card: "red/5" }))
        .then(refused("INVALID_COMMAND"));
      start().when(draw(3)).then(refused("INVALID_COMMAND"));
    });

    it("an unknown command type or a missing card", () => {
      start()
        .when(raw({ type: "shout", seat: 1 }))
        .then(refused("INVALID_COMMAND"));
      start()
        .when(raw({ type: "playCard", seat: 1 }))
        .then(refused("INVALID_COMMAND"));
    });

    it("a field of the wrong type", () => {
      start()
        .when(raw({ type: "playCard", seat: 1, card: "red/5", mau: "yes" }))
        .then(refused("INVALID_COMMAND"));
      start()
        .when(raw({ type: "playCard", seat: 1, card: "wild", wish: 3 }))
        .then(refused("INVALID_COMMAND"));
    });

    it("comes before NOT_YOUR_TURN and GAME_OVER", () => {
      start().when(play(2, "red/10")).then(refused("INVALID_COMMAND"));
      afterTheEnd().when(play(0, "red/10")).then(refused("INVALID_COMMAND"));
      afterTheEnd().when(draw(7)).then(refused("INVALID_COMMAND"));
    });
  });

  describe("GAME_OVER", () => {
    it("comes before NOT_YOUR_TURN and NOT_IN_HAND", () => {
      afterTheEnd()
        .when(play(1, "yellow/5"))
        .then(refused("GAME_OVER"))
        .when(play(0, "red/1"))
        .then(refused("GAME_OVER"))
        .when(draw(0))
        .then(refused("GAME_OVER"));
    });
  });

  describe("NOT_YOUR_TURN", () => {
    it("comes before NOT_IN_HAND and ILLEGAL_MOVE", () => {
      start()
        .when(play(2, "blue/7"))
        .then(refused("NOT_YOUR_TURN"))
        .when(play(2, "yellow/1"))
        .then(refused("NOT_YOUR_TURN"))
        .when(draw(0))
        .then(refused("NOT_YOUR_TURN"))
        .when(pass(2))
        .then(refused("NOT_YOUR_TURN"));
    });
  });

  describe("NOT_IN_HAND", () => {
    it("comes before ILLEGAL_MOVE and CHOICE_REQUIRED", () => {
      start()
        .when(play(1, "yellow/7"))
        .then(refused("NOT_IN_HAND"))
        .when(play(1, "red/1"))
        .then(refused("NOT_IN_HAND"));
      given(deal({ hands: { 1: ["red/5"] }, starter: "red/9" }))
        .when(play(1, "wild"))
        .then(refused("NOT_IN_HAND"));
    });
  });

  describe("ILLEGAL_MOVE", () => {
    it("a known action that is not allowed now: pass, choose and cut have no place in noris", () => {
      start().when(pass(1)).then(refused("ILLEGAL_MOVE"));
      start().when(choose(1, "red")).then(refused("ILLEGAL_MOVE"));
      start().when(cut(1, 5)).then(refused("ILLEGAL_MOVE"));
    });

    it("comes before CHOICE_REQUIRED", () => {
      given(deal({ hands: { 1: ["red/draw2"], 2: ["wild"] }, starter: "red/9" }))
        .when(play(1, "red/draw2"), play(2, "wild"))
        .then(refused("ILLEGAL_MOVE"));
    });
  });

  describe("CHOICE_REQUIRED", () => {
    it("a wild without a colour, unless it is the last card", () => {
      start().when(play(1, "wild")).then(refused("CHOICE_REQUIRED", "N-4.5"));
      start()
        .when(play(1, "wild", { color: "blue" }))
        .then(ok(), wish("blue"));
    });
  });

  describe("fields a command does not need are ignored", () => {
    it("a colour on a card that is not a wild", () => {
      start()
        .when(play(1, "red/5", { color: "green" }))
        .then(ok(), top("red/5"), wish(null), turn(2));
    });
  });

  describe("a refused command changes nothing and the game goes on", () => {
    it("after a series of refusals the same player plays on", () => {
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

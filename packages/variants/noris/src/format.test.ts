import {
  draw,
  given,
  nextGame,
  ok,
  play,
  refused,
  results,
  status,
  table,
  top,
  turn,
  formatPrecedenceSuite,
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

formatPrecedenceSuite("noris", {
  start,
  afterTheEnd,
  loser: { seat: 0, holds: "yellow/5", lacks: "red/1" },
  winner: 1,
  unknownCards: ["red/10", "purple/5", "RED/5", "wild/red", "red/draw3"],
  seat1: { playable: "red/5", unplayable: "blue/1", wishCard: "wild" },
  notHeld: { matching: "red/1" },
  seat2Playable: "red/6",
  colour: "blue",
  choiceRule: "N-4.5",
  cutIsIllegal: true,
});

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

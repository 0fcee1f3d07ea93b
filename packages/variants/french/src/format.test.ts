import {
  choose,
  cut,
  draw,
  forEachReferee,
  hand,
  nextGame,
  ok,
  pass,
  pendingDraw,
  play,
  raw,
  refused,
  results,
  status,
  table,
  top,
  turn,
  wish,
  formatPrecedenceSuite,
  type TableSpec,
} from "@maumau/engine/testing";
import { describe, it } from "vitest";
import { french } from "./index.js";

forEachReferee(french, ({ given }) => {
  /** Three players, seat 0 deals, seat 1 starts; decider and machine in lockstep. */
  const deal = (spec: Omit<TableSpec, "players"> & { players?: number }) =>
    table(french, { players: 3, mode: "both", ...spec });

  const hands = {
    1: ["hearts/5", "clubs/9", "spades/3", "clubs/8", "hearts/2"],
    2: ["hearts/6", "clubs/2", "spades/6", "diamonds/8", "diamonds/9"],
    0: ["hearts/7", "clubs/7", "spades/7", "diamonds/10", "diamonds/j"],
  };
  const start = (spec: Omit<TableSpec, "players"> = {}) =>
    given(deal({ hands, starter: "hearts/9", drawPile: ["hearts/k", "spades/k"], ...spec }));

  /** An 8 starter: the dealer (seat 0) must name a suit first. */
  const setup = () => start({ starter: "hearts/8" }).then(status("setup"), turn(0));

  /** Two players; seat 1 has won the game with its fifth card (the match goes on). */
  const afterTheEnd = (targetScore = 100) =>
    given(
      table(french, {
        players: 2,
        mode: "both",
        options: { targetScore },
        hands: {
          1: ["hearts/3", "hearts/4", "hearts/5", "hearts/6", "hearts/7"],
          0: ["spades/3", "spades/4", "spades/5", "spades/6", "clubs/8"],
        },
        starter: "hearts/9",
        drawPile: ["diamonds/3", "diamonds/4", "diamonds/5", "diamonds/6"],
      }),
    )
      .when(
        play(1, "hearts/3"),
        draw(0),
        play(1, "hearts/4"),
        draw(0),
        play(1, "hearts/5"),
        draw(0),
        play(1, "hearts/6", { mau: true }),
        draw(0),
        play(1, "hearts/7"),
      )
      .then(ok(), status(targetScore > 43 ? "gameOver" : "matchOver"));

  formatPrecedenceSuite("french", {
    start: () => start(),
    afterTheEnd: () => afterTheEnd(),
    loser: { seat: 0, holds: "spades/3", lacks: "hearts/3" },
    winner: 1,
    unknownCards: ["hearts/1", "hearts/11", "hearts/A", "Hearts/5", "red/5", "hearts", "wild"],
    seat1: { playable: "hearts/5", unplayable: "spades/3", wishCard: "clubs/8" },
    notHeld: { matching: "hearts/k", wishCard: "spades/8" },
    seat2Playable: "hearts/6",
    colour: "spades",
    choiceRule: "F-4.1",
    cutIsIllegal: true,
  });

  describe("FORMAT: french's own cases", () => {
    it("INVALID_COMMAND: a wrong-typed colour for the dealer's choice, even in set-up", () => {
      setup()
        .when(raw({ type: "chooseColour", seat: 0, colour: 5 }))
        .then(refused("INVALID_COMMAND"));
      setup().when(play(1, "hearts/1")).then(refused("INVALID_COMMAND"));
    });

    it("GAME_OVER: the next game of a finished match; after a game the next one may start", () => {
      afterTheEnd(40).when(nextGame()).then(refused("GAME_OVER"));
      afterTheEnd().when(nextGame()).then(ok());
    });

    it("NOT_YOUR_TURN: in set-up, everyone but the dealer", () => {
      setup()
        .when(play(1, "hearts/5"))
        .then(refused("NOT_YOUR_TURN"))
        .when(play(1, "spades/k"))
        .then(refused("NOT_YOUR_TURN"))
        .when(choose(2, "red"))
        .then(refused("NOT_YOUR_TURN"));
    });

    it("NOT_IN_HAND: under a pending draw, and the dealer in set-up", () => {
      start()
        .when(play(1, "hearts/2"), play(2, "hearts/k"))
        .then(refused("NOT_IN_HAND"), pendingDraw(2));
      setup().when(play(0, "hearts/5")).then(refused("NOT_IN_HAND"));
    });

    it("ILLEGAL_MOVE: pass before a draw cites F-3.2; set-up has no pass or cut", () => {
      start().when(pass(1)).then(refused("ILLEGAL_MOVE", "F-3.2"));
      setup().when(pass(0)).then(refused("ILLEGAL_MOVE"));
      setup().when(cut(0, 5)).then(refused("ILLEGAL_MOVE"));
    });

    it("ILLEGAL_MOVE comes before CHOICE_REQUIRED", () => {
      start()
        .when(play(1, "hearts/2"), play(2, "diamonds/8"))
        .then(refused("ILLEGAL_MOVE", ["F-4.1", "F-4.2"]));
      setup().when(play(0, "hearts/7")).then(refused("ILLEGAL_MOVE"));
      start({ options: { playAfterDraw: true } })
        .when(draw(1), play(1, "clubs/8"))
        .then(refused("ILLEGAL_MOVE", "F-3.2"));
    });

    it("CHOICE_REQUIRED: the dealer's choice for an 8 starter, missing or not a suit", () => {
      setup()
        .when(raw({ type: "chooseColour", seat: 0 }))
        .then(refused("CHOICE_REQUIRED", "F-2.3"))
        .when(choose(0, "eichel"))
        .then(refused("CHOICE_REQUIRED", "F-2.3"))
        .when(choose(0, "diamonds"))
        .then(ok(), wish("diamonds"), turn(1));
    });

    it("a refused command changes nothing: the hand after a series of refusals", () => {
      start()
        .when(play(1, "spades/3"), pass(1), play(1, "spades/k"), play(1, "hearts/5"))
        .then(
          results("ILLEGAL_MOVE", "ILLEGAL_MOVE", "NOT_IN_HAND", "ok"),
          hand(1, ["clubs/9", "spades/3", "clubs/8", "hearts/2"]),
        );
    });

    it("a refused command changes nothing: in set-up, under a pending draw and after a draw", () => {
      setup()
        .when(play(1, "hearts/5"), draw(0), choose(0, "red"), choose(0, "clubs"))
        .then(results("NOT_YOUR_TURN", "ILLEGAL_MOVE", "CHOICE_REQUIRED", "ok"), wish("clubs"));
      start()
        .when(play(1, "hearts/2"), play(2, "hearts/6"), pass(2), play(2, "clubs/2"))
        .then(results("ok", "ILLEGAL_MOVE", "ILLEGAL_MOVE", "ok"), pendingDraw(4));
      start({ options: { playAfterDraw: true } })
        .when(draw(1), play(1, "hearts/5"), draw(1), play(1, "hearts/k"))
        .then(results("ok", "ILLEGAL_MOVE", "ILLEGAL_MOVE", "ok"), top("hearts/k"), turn(2));
    });

    it("conformance example french-wish-starter", () => {
      given(
        deal({
          hands: {
            1: ["hearts/5", "clubs/5", "clubs/6", "clubs/7", "clubs/9"],
            2: ["diamonds/2", "diamonds/3", "diamonds/4", "diamonds/5", "diamonds/6"],
            0: ["spades/2", "spades/3", "spades/4", "spades/5", "spades/6"],
          },
          starter: "hearts/8",
          seed: 1,
        }),
      )
        .when(play(1, "hearts/5"), choose(0, "clubs"), play(1, "hearts/5"), play(1, "clubs/5"))
        .then(
          results("NOT_YOUR_TURN", "ok", "ILLEGAL_MOVE", "ok"),
          status("playing"),
          turn(2),
          top("clubs/5"),
          wish(null),
        );
    });
  });
});

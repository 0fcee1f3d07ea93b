import {
  choose,
  cut,
  draw,
  given,
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
  type TableSpec,
} from "@maumau/engine/testing";
import { describe, it } from "vitest";
import { french } from "./index.js";

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

describe("FORMAT refusal codes and their precedence", () => {
  describe("INVALID_COMMAND: not a command of this game at all", () => {
    it("an unknown card code", () => {
      const codes = [
        "hearts/1",
        "hearts/11",
        "hearts/A",
        "Hearts/5",
        "red/5",
        "hearts",
        "",
        "wild",
      ];
      for (const card of codes) start().when(play(1, card)).then(refused("INVALID_COMMAND"));
      start().when(play(1, "hearts/5 ")).then(refused("INVALID_COMMAND"));
    });

    it("a seat that does not exist", () => {
      for (const seat of [3, -1, 1.5, 99])
        start().when(play(seat, "hearts/5")).then(refused("INVALID_COMMAND"));
      start()
        .when(raw({ type: "playCard", seat: "1", card: "hearts/5" }))
        .then(refused("INVALID_COMMAND"));
      start().when(draw(3)).then(refused("INVALID_COMMAND"));
      start().when(pass(-1)).then(refused("INVALID_COMMAND"));
    });

    it("an unknown command type, or a play without a card", () => {
      start()
        .when(raw({ type: "knock", seat: 1 }))
        .then(refused("INVALID_COMMAND"));
      start()
        .when(raw({ type: "playCard", seat: 1 }))
        .then(refused("INVALID_COMMAND"));
      start()
        .when(raw({ seat: 1, card: "hearts/5" }))
        .then(refused("INVALID_COMMAND"));
    });

    it("a field of the wrong type", () => {
      start()
        .when(raw({ type: "playCard", seat: 1, card: "hearts/5", mau: "yes" }))
        .then(refused("INVALID_COMMAND"));
      start()
        .when(raw({ type: "playCard", seat: 1, card: "clubs/8", wish: 3 }))
        .then(refused("INVALID_COMMAND"));
      setup()
        .when(raw({ type: "chooseColour", seat: 0, colour: 5 }))
        .then(refused("INVALID_COMMAND"));
    });

    it("comes before GAME_OVER and NOT_YOUR_TURN", () => {
      start().when(play(2, "hearts/1")).then(refused("INVALID_COMMAND"));
      afterTheEnd().when(play(0, "hearts/1")).then(refused("INVALID_COMMAND"));
      afterTheEnd().when(draw(7)).then(refused("INVALID_COMMAND"));
      setup().when(play(1, "hearts/1")).then(refused("INVALID_COMMAND"));
    });
  });

  describe("GAME_OVER", () => {
    it("comes before NOT_YOUR_TURN, NOT_IN_HAND and ILLEGAL_MOVE", () => {
      afterTheEnd()
        .when(play(1, "spades/3"))
        .then(refused("GAME_OVER"))
        .when(play(0, "hearts/3"))
        .then(refused("GAME_OVER"))
        .when(play(0, "clubs/8"))
        .then(refused("GAME_OVER"))
        .when(draw(0))
        .then(refused("GAME_OVER"))
        .when(pass(1))
        .then(refused("GAME_OVER"))
        .when(choose(0, "clubs"))
        .then(refused("GAME_OVER"));
    });

    it("the next game of a finished match; after a game the next one may start", () => {
      afterTheEnd(40).when(nextGame()).then(refused("GAME_OVER"));
      afterTheEnd().when(nextGame()).then(ok());
    });
  });

  describe("NOT_YOUR_TURN", () => {
    it("comes before NOT_IN_HAND, ILLEGAL_MOVE and CHOICE_REQUIRED", () => {
      start()
        .when(play(2, "spades/k"))
        .then(refused("NOT_YOUR_TURN"))
        .when(play(2, "spades/6"))
        .then(refused("NOT_YOUR_TURN"))
        .when(play(2, "diamonds/8"))
        .then(refused("NOT_YOUR_TURN"))
        .when(draw(0))
        .then(refused("NOT_YOUR_TURN"))
        .when(pass(2))
        .then(refused("NOT_YOUR_TURN"))
        .when(choose(2, "clubs"))
        .then(refused("NOT_YOUR_TURN"));
    });

    it("in set-up, everyone but the dealer", () => {
      setup()
        .when(play(1, "hearts/5"))
        .then(refused("NOT_YOUR_TURN"))
        .when(play(1, "spades/k"))
        .then(refused("NOT_YOUR_TURN"))
        .when(choose(2, "red"))
        .then(refused("NOT_YOUR_TURN"));
    });
  });

  describe("NOT_IN_HAND", () => {
    it("comes before ILLEGAL_MOVE and CHOICE_REQUIRED", () => {
      start()
        .when(play(1, "spades/k"))
        .then(refused("NOT_IN_HAND"))
        .when(play(1, "spades/8"))
        .then(refused("NOT_IN_HAND"))
        .when(play(1, "hearts/2"), play(2, "hearts/k"))
        .then(refused("NOT_IN_HAND"), pendingDraw(2));
      setup().when(play(0, "hearts/5")).then(refused("NOT_IN_HAND"));
    });
  });

  describe("ILLEGAL_MOVE", () => {
    it("a known action that is not allowed now: pass, choose, cut, the next game", () => {
      start().when(pass(1)).then(refused("ILLEGAL_MOVE", "F-3.2"));
      start().when(choose(1, "clubs")).then(refused("ILLEGAL_MOVE"));
      start().when(cut(1, 5)).then(refused("ILLEGAL_MOVE"));
      start().when(nextGame()).then(refused("ILLEGAL_MOVE"));
      setup().when(pass(0)).then(refused("ILLEGAL_MOVE"));
      setup().when(cut(0, 5)).then(refused("ILLEGAL_MOVE"));
    });

    it("comes before CHOICE_REQUIRED", () => {
      start()
        .when(play(1, "hearts/2"), play(2, "diamonds/8"))
        .then(refused("ILLEGAL_MOVE", ["F-4.1", "F-4.2"]));
      setup().when(play(0, "hearts/7")).then(refused("ILLEGAL_MOVE"));
      start({ options: { playAfterDraw: true } })
        .when(draw(1), play(1, "clubs/8"))
        .then(refused("ILLEGAL_MOVE", "F-3.2"));
    });
  });

  describe("CHOICE_REQUIRED", () => {
    it("an 8 without a suit, or with one that is not a suit of the deck", () => {
      start().when(play(1, "clubs/8")).then(refused("CHOICE_REQUIRED", "F-4.1"));
      start()
        .when(play(1, "clubs/8", { wish: "green" }))
        .then(refused("CHOICE_REQUIRED", "F-4.1"));
      start()
        .when(play(1, "clubs/8", { color: "spades" }))
        .then(ok(), wish("spades"));
    });

    it("the dealer's choice for an 8 starter: missing or not a suit", () => {
      setup()
        .when(raw({ type: "chooseColour", seat: 0 }))
        .then(refused("CHOICE_REQUIRED", "F-2.3"))
        .when(choose(0, "eichel"))
        .then(refused("CHOICE_REQUIRED", "F-2.3"))
        .when(choose(0, "diamonds"))
        .then(ok(), wish("diamonds"), turn(1));
    });
  });

  describe("fields a command does not need are ignored", () => {
    it("a suit named with a card that is not an 8", () => {
      start()
        .when(play(1, "hearts/5", { wish: "clubs" }))
        .then(ok(), top("hearts/5"), wish(null), turn(2));
    });

    it("fields of other variants", () => {
      start()
        .when(raw({ type: "playCard", seat: 1, card: "hearts/5", mauMau: true, to: 2 }))
        .then(ok(), top("hearts/5"), turn(2));
    });
  });

  describe("a refused command changes nothing and the game goes on", () => {
    it("after a series of refusals the same player plays on", () => {
      start()
        .when(
          play(1, "spades/3"),
          pass(1),
          play(2, "hearts/6"),
          play(1, "clubs/8"),
          play(1, "spades/k"),
          play(1, "hearts/5"),
        )
        .then(
          results(
            "ILLEGAL_MOVE",
            "ILLEGAL_MOVE",
            "NOT_YOUR_TURN",
            "CHOICE_REQUIRED",
            "NOT_IN_HAND",
            "ok",
          ),
          top("hearts/5"),
          turn(2),
          hand(1, ["clubs/9", "spades/3", "clubs/8", "hearts/2"]),
        );
    });

    const junk: Record<string, unknown>[] = [
      { seat: 1, card: "hearts/5" },
      { type: 5, seat: 1 },
      { type: null, seat: 1 },
      { type: "xstate.error.actor.x", seat: 1 },
      { type: "knock", seat: 1 },
    ];
    for (const command of junk)
      it(`no command at all, ${JSON.stringify(command)}: the next command is decided as usual`, () => {
        start()
          .when(raw(command))
          .then(refused("INVALID_COMMAND"))
          .when(play(1, "hearts/5"))
          .then(ok(), top("hearts/5"), turn(2));
      });

    it("in set-up, under a pending draw and after a draw", () => {
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
  });

  describe("conformance example french-wish-starter", () => {
    it("gives the expected results and table", () => {
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

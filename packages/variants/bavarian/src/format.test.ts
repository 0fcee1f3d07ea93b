import {
  choose,
  cut,
  draw,
  given,
  hand,
  handSize,
  nextGame,
  ok,
  pass,
  pendingDraw,
  play,
  raw,
  refused,
  results,
  status,
  tableOf,
  top,
  turn,
  wish,
} from "@maumau/engine/testing";
import { describe, it } from "vitest";
import { bavarian, type BavarianOptions } from "./index.js";

/** Three players, seat 0 deals, seat 1 starts, no cut; decider and machine in lockstep. */
const deal = tableOf<BavarianOptions>(bavarian, {
  players: 3,
  mode: "both",
  options: { cut: false },
});

const start = () =>
  given(
    deal({
      hands: {
        1: ["herz/7", "herz/k", "eichel/u", "gras/9", "schellen/o"],
        2: ["schellen/7", "gras/u", "herz/10", "eichel/8", "eichel/9"],
        0: ["gras/7", "eichel/10", "eichel/o", "eichel/k", "gras/8"],
      },
      starter: "herz/9",
    }),
  );

/** Two players; seat 1 has won the game with its fifth card (four 8s, each skipping seat 0). */
const afterTheEnd = (o: Partial<BavarianOptions> = {}) =>
  given(
    deal({
      players: 2,
      hands: {
        1: ["herz/8", "gras/8", "schellen/8", "eichel/8", "eichel/k"],
        0: ["eichel/u", "gras/u", "herz/a", "herz/k", "herz/o"],
      },
      starter: "herz/7",
      options: o,
    }),
  )
    .when(
      play(1, "herz/8"),
      play(1, "gras/8"),
      play(1, "schellen/8"),
      play(1, "eichel/8", { mau: true }),
      play(1, "eichel/k", { mauMau: true }),
    )
    .then(ok(), status(o.limit === undefined ? "gameOver" : "matchOver"));

describe("FORMAT refusal codes and their precedence", () => {
  describe("INVALID_COMMAND: not a command of this game at all", () => {
    it("an unknown card code", () => {
      for (const card of ["herz/6", "rot/7", "herz/U", "Herz/7", "", "herz", "wild", "hearts/a"])
        start().when(play(1, card)).then(refused("INVALID_COMMAND"));
    });

    it("a seat that does not exist", () => {
      for (const seat of [3, -1, 1.5, 99])
        start().when(play(seat, "herz/k")).then(refused("INVALID_COMMAND"));
      start()
        .when(raw({ type: "playCard", seat: "1", card: "herz/k" }))
        .then(refused("INVALID_COMMAND"));
      start().when(draw(3)).then(refused("INVALID_COMMAND"));
      start().when(pass(-1)).then(refused("INVALID_COMMAND"));
    });

    it("an unknown command type or a missing card", () => {
      start()
        .when(raw({ type: "knock", seat: 1 }))
        .then(refused("INVALID_COMMAND"));
      start()
        .when(raw({ type: "playCard", seat: 1 }))
        .then(refused("INVALID_COMMAND"));
      start()
        .when(raw({ type: "drawCard" }))
        .then(refused("INVALID_COMMAND"));
    });

    it("a field of the wrong type", () => {
      start()
        .when(raw({ type: "playCard", seat: 1, card: "herz/k", mau: "yes" }))
        .then(refused("INVALID_COMMAND"));
      start()
        .when(raw({ type: "playCard", seat: 1, card: "herz/k", mauMau: 1 }))
        .then(refused("INVALID_COMMAND"));
      start()
        .when(raw({ type: "playCard", seat: 1, card: "eichel/u", wish: 3 }))
        .then(refused("INVALID_COMMAND"));
    });

    it("comes before GAME_OVER, NOT_YOUR_TURN and everything else", () => {
      start().when(play(2, "herz/6")).then(refused("INVALID_COMMAND"));
      start()
        .when(raw({ type: "playCard", seat: 2, card: "gras/u", mau: "yes" }))
        .then(refused("INVALID_COMMAND"));
      afterTheEnd().when(play(0, "herz/6")).then(refused("INVALID_COMMAND"));
      afterTheEnd().when(draw(7)).then(refused("INVALID_COMMAND"));
    });
  });

  describe("GAME_OVER", () => {
    it("comes before NOT_YOUR_TURN, NOT_IN_HAND and ILLEGAL_MOVE", () => {
      afterTheEnd()
        .when(play(0, "herz/a"))
        .then(refused("GAME_OVER"))
        .when(play(0, "schellen/9"))
        .then(refused("GAME_OVER"))
        .when(play(1, "eichel/u"))
        .then(refused("GAME_OVER"))
        .when(draw(0))
        .then(refused("GAME_OVER"))
        .when(pass(1))
        .then(refused("GAME_OVER"))
        .when(cut(1, 5))
        .then(refused("GAME_OVER"))
        .when(nextGame())
        .then(ok(), status("playing"));
    });

    it("after the match is over even the next game is GAME_OVER", () => {
      afterTheEnd({ limit: 60 }).when(nextGame()).then(refused("GAME_OVER"));
    });
  });

  describe("NOT_YOUR_TURN", () => {
    it("comes before NOT_IN_HAND and ILLEGAL_MOVE", () => {
      start()
        .when(play(2, "herz/10"))
        .then(refused("NOT_YOUR_TURN"))
        .when(play(2, "herz/a"))
        .then(refused("NOT_YOUR_TURN"))
        .when(play(2, "eichel/9"))
        .then(refused("NOT_YOUR_TURN"))
        .when(draw(0))
        .then(refused("NOT_YOUR_TURN"))
        .when(pass(2))
        .then(refused("NOT_YOUR_TURN"))
        .when(play(0, "gras/u"))
        .then(refused("NOT_YOUR_TURN"));
    });
  });

  describe("NOT_IN_HAND", () => {
    it("comes before ILLEGAL_MOVE and CHOICE_REQUIRED", () => {
      start()
        .when(play(1, "gras/a"))
        .then(refused("NOT_IN_HAND"))
        .when(play(1, "herz/8"))
        .then(refused("NOT_IN_HAND"))
        .when(play(1, "schellen/u"))
        .then(refused("NOT_IN_HAND"));
    });
  });

  describe("ILLEGAL_MOVE", () => {
    it("a known action that is not allowed now", () => {
      start().when(pass(1)).then(refused("ILLEGAL_MOVE"));
      start().when(choose(1, "herz")).then(refused("ILLEGAL_MOVE"));
      start().when(cut(1, 5)).then(refused("ILLEGAL_MOVE"));
      start().when(nextGame()).then(refused("ILLEGAL_MOVE"));
      start().when(draw(1)).then(refused("ILLEGAL_MOVE", "B-3.2"));
    });

    it("comes before CHOICE_REQUIRED", () => {
      start().when(play(1, "herz/7"), play(2, "gras/u")).then(refused("ILLEGAL_MOVE", "B-4.3"));
      given(
        deal({
          hands: { 1: ["eichel/u"], 2: ["gras/u"] },
          starter: "herz/9",
          options: { unterOnUnter: false },
        }),
      )
        .when(play(1, "eichel/u", { wish: "herz" }), play(2, "gras/u"))
        .then(refused("ILLEGAL_MOVE"));
    });
  });

  describe("CHOICE_REQUIRED", () => {
    it("an Unter without a suit, unless it is the last card", () => {
      start().when(play(1, "eichel/u")).then(refused("CHOICE_REQUIRED", "B-4.1"));
      start()
        .when(play(1, "eichel/u", { wish: "gras" }))
        .then(ok(), wish("gras"));
      given(
        deal({
          players: 2,
          hands: { 1: ["herz/8", "gras/8", "schellen/8", "eichel/8", "eichel/u"] },
          starter: "herz/7",
        }),
      )
        .when(
          play(1, "herz/8"),
          play(1, "gras/8"),
          play(1, "schellen/8"),
          play(1, "eichel/8", { mau: true }),
          play(1, "eichel/u", { mauMau: true }),
        )
        .then(ok(), status("gameOver"), wish(null));
    });
  });

  describe("fields a command does not need are ignored", () => {
    it("a suit with a card that is not an Unter", () => {
      start()
        .when(play(1, "herz/k", { wish: "gras" }))
        .then(ok(), top("herz/k"), wish(null), turn(2));
    });

    it("Mau-Mau said with a card that is not the last", () => {
      start()
        .when(play(1, "herz/k", { mauMau: true }))
        .then(ok(), handSize(1, 4), turn(2));
    });
  });

  describe("a refused command changes nothing and the game goes on", () => {
    it("after a series of refusals the same player plays on", () => {
      start()
        .when(
          play(1, "schellen/o"),
          draw(1),
          play(2, "herz/10"),
          play(1, "eichel/u"),
          play(1, "gras/a"),
          pass(1),
          play(1, "herz/k"),
        )
        .then(
          results(
            "ILLEGAL_MOVE",
            "ILLEGAL_MOVE",
            "NOT_YOUR_TURN",
            "CHOICE_REQUIRED",
            "NOT_IN_HAND",
            "ILLEGAL_MOVE",
            "ok",
          ),
          top("herz/k"),
          hand(1, ["herz/7", "eichel/u", "gras/9", "schellen/o"]),
          turn(2),
          pendingDraw(0),
        );
    });

    it("a refused play under a pending 7 keeps the draw pending", () => {
      start()
        .when(play(1, "herz/7"), play(2, "herz/10"), play(2, "eichel/8"), draw(0))
        .then(
          results("ok", "ILLEGAL_MOVE", "ILLEGAL_MOVE", "NOT_YOUR_TURN"),
          pendingDraw(2),
          turn(2),
        );
    });
  });
});

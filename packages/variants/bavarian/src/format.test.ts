import {
  cut,
  draw,
  forEachReferee,
  hand,
  handSize,
  nextGame,
  ok,
  pendingDraw,
  play,
  raw,
  refused,
  results,
  status,
  tableOf,
  turn,
  wish,
  formatPrecedenceSuite,
} from "@maumau/engine/testing";
import { describe, it } from "vitest";
import { bavarian, type BavarianOptions } from "./index.js";

forEachReferee(bavarian, ({ given }) => {
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

  formatPrecedenceSuite("bavarian", {
    start,
    afterTheEnd: () => afterTheEnd(),
    loser: { seat: 0, holds: "herz/a", lacks: "schellen/9" },
    winner: 1,
    unknownCards: ["herz/6", "rot/7", "herz/U", "Herz/7", "herz", "wild", "hearts/a"],
    seat1: { playable: "herz/k", unplayable: "schellen/o", wishCard: "eichel/u" },
    notHeld: { matching: "herz/a", wishCard: "schellen/u" },
    seat2Playable: "herz/10",
    colour: "gras",
    choiceRule: "B-4.1",
    cutIsIllegal: true,
  });

  describe("FORMAT: bavarian's own cases", () => {
    it("INVALID_COMMAND: a wrong-typed Mau-Mau, before NOT_YOUR_TURN", () => {
      start()
        .when(raw({ type: "playCard", seat: 1, card: "herz/k", mauMau: 1 }))
        .then(refused("INVALID_COMMAND"));
      start()
        .when(raw({ type: "playCard", seat: 2, card: "gras/u", mau: "yes" }))
        .then(refused("INVALID_COMMAND"));
    });

    it("GAME_OVER: a cut after the end; the next game may start, unless the match is over", () => {
      afterTheEnd()
        .when(cut(1, 5))
        .then(refused("GAME_OVER"))
        .when(nextGame())
        .then(ok(), status("playing"));
      afterTheEnd({ limit: 60 }).when(nextGame()).then(refused("GAME_OVER"));
    });

    it("NOT_YOUR_TURN: an Unter of another seat", () => {
      start().when(play(0, "gras/u")).then(refused("NOT_YOUR_TURN"));
    });

    it("ILLEGAL_MOVE: drawing while holding a playable card cites B-3.2", () => {
      start().when(draw(1)).then(refused("ILLEGAL_MOVE", "B-3.2"));
    });

    it("ILLEGAL_MOVE comes before CHOICE_REQUIRED", () => {
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

    it("CHOICE_REQUIRED: not for an Unter played as the last card", () => {
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

    it("fields a command does not need are ignored: Mau-Mau said with a card that is not the last", () => {
      start()
        .when(play(1, "herz/k", { mauMau: true }))
        .then(ok(), handSize(1, 4), turn(2));
    });

    it("a refused command changes nothing: the hand after refusals, a pending 7 stays pending", () => {
      start()
        .when(play(1, "schellen/o"), draw(1), play(1, "gras/a"), play(1, "herz/k"))
        .then(
          results("ILLEGAL_MOVE", "ILLEGAL_MOVE", "NOT_IN_HAND", "ok"),
          hand(1, ["herz/7", "eichel/u", "gras/9", "schellen/o"]),
          pendingDraw(0),
        );
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

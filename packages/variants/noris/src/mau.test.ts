import {
  draw,
  drawPile,
  forEachReferee,
  hand,
  handSize,
  holds,
  logged,
  loggedInOrder,
  notLogged,
  ok,
  pendingDraw,
  play,
  scores,
  status,
  table,
  turn,
  type TableSpec,
} from "@maumau/engine/testing";
import { describe, it } from "vitest";
import { noris } from "./index.js";

forEachReferee(noris, ({ given }) => {
  /**
   * Two players, seat 0 deals, seat 1 starts, all on red. After `opening` seat 1 holds two cards
   * (its `fourth` and `fifth`), seat 0 holds two yellow cards, and it is seat 1's turn.
   */
  const twoCardsLeft = (fourth: string, fifth = "red/5", spec: Partial<TableSpec> = {}) =>
    table(noris, {
      players: 2,
      options: { games: 1 },
      mode: "both",
      hands: {
        1: ["red/1", "red/2", "red/3", fourth, fifth],
        0: ["red/6", "red/7", "red/8", "yellow/5", "yellow/6"],
      },
      starter: "red/9",
      drawPile: ["blue/7", "blue/8", "blue/9"],
      ...spec,
    });
  const opening = [
    play(1, "red/1"),
    play(0, "red/6"),
    play(1, "red/2"),
    play(0, "red/7"),
    play(1, "red/3"),
    play(0, "red/8"),
  ];

  describe("N-5.1 say mau with your second-to-last card", () => {
    it("with the call, the player keeps one card and the game goes on", () => {
      given(twoCardsLeft("red/4"))
        .when(...opening)
        .then(ok(), handSize(1, 2), turn(1))
        .when(play(1, "red/4", { mau: true }))
        .then(ok(), hand(1, ["red/5"]), notLogged("cards.drawn"), turn(0), drawPile(99));
    });

    it("without the call, the player draws 1 penalty card right after the play, before the next player", () => {
      given(twoCardsLeft("red/4"))
        .when(...opening)
        .then(ok())
        .when(play(1, "red/4"))
        .then(
          ok(),
          hand(1, ["red/5", "blue/7"]),
          drawPile(98),
          turn(0),
          loggedInOrder(
            { type: "card.played", data: { seat: 1, card: "red/4" } },
            { type: "cards.drawn", data: { seat: 1, cards: ["blue/7"] } },
            { type: "turn.started", data: { seat: 0 } },
          ),
        );
    });

    it("a call made with an earlier play does not count", () => {
      given(twoCardsLeft("red/4"))
        .when(
          ...opening.slice(0, 4),
          play(1, "red/3", { mau: true }),
          opening[5]!,
          play(1, "red/4"),
        )
        .then(ok(), hand(1, ["red/5", "blue/7"]));
    });

    it("a forgotten call on a draw2: the penalty card comes first, then the next player's draw", () => {
      given(twoCardsLeft("red/draw2"))
        .when(...opening, play(1, "red/draw2"))
        .then(ok(), hand(1, ["red/5", "blue/7"]), pendingDraw(2), turn(0))
        .when(draw(0))
        .then(ok(), holds(0, "blue/8", "blue/9"), pendingDraw(0), turn(1));
    });

    it("a forgotten call on a stop with two players: penalty, then the player is on turn again", () => {
      given(twoCardsLeft("red/stop"))
        .when(...opening, play(1, "red/stop"))
        .then(ok(), hand(1, ["red/5", "blue/7"]), turn(1));
    });

    it("every second-to-last card needs the call, also the one after a penalty", () => {
      // After the penalty seat 1 again holds two cards; seat 0 cannot follow red/4 and draws.
      given(twoCardsLeft("red/4"))
        .when(...opening, play(1, "red/4"), draw(0))
        .then(ok(), hand(1, ["red/5", "blue/7"]), turn(1))
        .when(play(1, "red/5"))
        .then(ok(), hand(1, ["blue/7", "blue/9"]), status("playing"));
    });
  });

  describe("N-5.2 mau on any other play has no effect", () => {
    it("on the first card", () => {
      given(twoCardsLeft("red/4"))
        .when(play(1, "red/1", { mau: true }))
        .then(
          ok(),
          handSize(1, 4),
          drawPile(99),
          notLogged("cards.drawn"),
          logged({ type: "card.played", data: { seat: 1, mau: true } }),
          turn(0),
        );
    });

    it("on the third-to-last card, followed by a proper call", () => {
      given(twoCardsLeft("red/4"))
        .when(...opening.slice(0, 4), play(1, "red/3", { mau: true }), opening[5]!)
        .then(ok(), handSize(1, 2), drawPile(99))
        .when(play(1, "red/4", { mau: true }))
        .then(ok(), hand(1, ["red/5"]));
    });

    it("on the last card: the game is won as usual", () => {
      given(twoCardsLeft("red/4"))
        .when(...opening, play(1, "red/4", { mau: true }), draw(0), play(1, "red/5", { mau: true }))
        .then(ok(), status("matchOver"), handSize(1, 0), scores([5 + 6 + 7, 0]));
    });
  });
});

import {
  check,
  direction,
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
  pass,
  pendingDraw,
  play,
  refused,
  repeat,
  table,
  top,
  turn,
  wish,
  type TableSpec,
} from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { noris } from "./index.js";

forEachReferee(noris, ({ given }) => {
  /** Three players, seat 0 deals, seat 1 starts; a one-game match; decider and machine in lockstep. */
  const deal = (spec: Omit<TableSpec, "players"> & { players?: number }) =>
    table(noris, { players: 3, options: { games: 1 }, mode: "both", ...spec });

  /** A hand with nothing that fits a red/9 starter (no red, no 9, no wild). */
  const NOTHING_FOR_RED_9 = ["green/1", "green/2", "yellow/3", "yellow/4", "blue/5"];

  describe("N-3.1 play a card of the same colour or rank", () => {
    it("accepts a card of the top card's colour", () => {
      given(deal({ hands: { 1: ["red/5"] }, starter: "red/9" }))
        .when(play(1, "red/5"))
        .then(ok(), top("red/5"), handSize(1, 4), turn(2));
    });

    it("accepts a card of the top card's rank", () => {
      given(deal({ hands: { 1: ["blue/9"] }, starter: "red/9" }))
        .when(play(1, "blue/9"))
        .then(ok(), top("blue/9"), turn(2));
    });

    it("refuses a card of neither colour nor rank, and the game goes on", () => {
      given(deal({ hands: { 1: ["blue/5", "red/5"] }, starter: "red/9" }))
        .when(play(1, "blue/5"))
        .then(refused("ILLEGAL_MOVE", "N-3.1"), turn(1), top("red/9"))
        .when(play(1, "red/5"))
        .then(ok(), turn(2));
    });

    it("accepts a wild on any card", () => {
      given(deal({ hands: { 1: ["wild"] }, starter: "blue/3" }))
        .when(play(1, "wild", { wish: "red" }))
        .then(ok(), top("wild"), wish("red"), turn(2));
    });

    it("is one card per turn", () => {
      given(deal({ hands: { 1: ["red/5", "red/6"] }, starter: "red/9" }))
        .when(play(1, "red/5"), play(1, "red/6"))
        .then(refused("NOT_YOUR_TURN"), handSize(1, 4), top("red/5"));
    });
  });

  describe("N-3.2 no playable card: draw one, the turn ends", () => {
    it("draws exactly one card and passes the turn on, even when the drawn card fits", () => {
      given(deal({ hands: { 1: NOTHING_FOR_RED_9 }, starter: "red/9", drawPile: ["red/5"] }))
        .when(draw(1))
        .then(
          ok(),
          hand(1, [...NOTHING_FOR_RED_9, "red/5"]),
          drawPile(110 - 16 - 1),
          turn(2),
          logged({ type: "cards.drawn", data: { seat: 1, cards: ["red/5"] } }),
        )
        .when(play(1, "red/5"))
        .then(refused("NOT_YOUR_TURN"));
    });

    it("cannot pass instead of drawing", () => {
      given(deal({ hands: { 1: NOTHING_FOR_RED_9 }, starter: "red/9" }))
        .when(pass(1))
        .then(refused("ILLEGAL_MOVE"), turn(1));
    });

    it("cannot pass after drawing either: the turn is already over", () => {
      given(deal({ hands: { 1: NOTHING_FOR_RED_9 }, starter: "red/9", drawPile: ["red/5"] }))
        .when(draw(1), pass(1))
        .then(refused("NOT_YOUR_TURN"), turn(2));
    });
  });

  describe("N-3.3 no drawing while holding a playable card", () => {
    it("refuses a draw when a card of the top card's colour is held", () => {
      given(deal({ hands: { 1: ["red/5", ...NOTHING_FOR_RED_9.slice(1)] }, starter: "red/9" }))
        .when(draw(1))
        .then(refused("ILLEGAL_MOVE", "N-3.3"), handSize(1, 5), turn(1));
    });

    it("refuses a draw when only a wild could be played", () => {
      given(deal({ hands: { 1: ["wild", ...NOTHING_FOR_RED_9.slice(1)] }, starter: "red/9" }))
        .when(draw(1))
        .then(refused("ILLEGAL_MOVE", "N-3.3"));
    });

    it("refuses a draw when only a special card of the top card's colour could be played", () => {
      given(deal({ hands: { 1: ["red/stop", ...NOTHING_FOR_RED_9.slice(1)] }, starter: "red/9" }))
        .when(draw(1))
        .then(refused("ILLEGAL_MOVE", "N-3.3"));
    });

    it("with option voluntaryDraw, drawing is always allowed and still ends the turn", () => {
      given(
        deal({
          hands: { 1: ["red/5", "red/6", "wild", "blue/9", "red/stop"] },
          starter: "red/9",
          drawPile: ["yellow/1"],
          options: { games: 1, voluntaryDraw: true },
        }),
      )
        .when(draw(1))
        .then(ok(), handSize(1, 6), holds(1, "yellow/1"), turn(2))
        .when(play(1, "red/5"))
        .then(refused("NOT_YOUR_TURN"));
    });
  });

  describe("N-3.4 special cards: on their colour or on the same special card", () => {
    it("plays a special card on a card of its colour", () => {
      given(deal({ hands: { 1: ["red/stop"] }, starter: "red/9" }))
        .when(play(1, "red/stop"))
        .then(ok(), top("red/stop"));
    });

    it("plays a special card on the same special card of another colour", () => {
      given(deal({ hands: { 1: ["red/stop"], 0: ["blue/stop"] }, starter: "red/9" }))
        .when(play(1, "red/stop"), play(0, "blue/stop"))
        .then(ok(), top("blue/stop"));
      given(deal({ hands: { 1: ["red/reverse"], 0: ["blue/reverse"] }, starter: "red/9" }))
        .when(play(1, "red/reverse"), play(0, "blue/reverse"))
        .then(ok(), top("blue/reverse"));
    });

    it("refuses a special card on another colour's number or another special card", () => {
      given(deal({ hands: { 1: ["blue/stop", "blue/draw4", "blue/draw2"] }, starter: "red/9" }))
        .when(play(1, "blue/stop"))
        .then(refused("ILLEGAL_MOVE", ["N-3.1", "N-3.4"]))
        .when(play(1, "blue/draw4"))
        .then(refused("ILLEGAL_MOVE", ["N-3.1", "N-3.4"]))
        .when(play(1, "blue/draw2"))
        .then(refused("ILLEGAL_MOVE", ["N-3.1", "N-3.4"]));
      given(deal({ hands: { 1: ["blue/stop"] }, starter: "red/reverse" }))
        .when(play(1, "blue/stop"))
        .then(refused("ILLEGAL_MOVE", ["N-3.1", "N-3.4"]));
    });

    it("takes a card of its colour on top of it", () => {
      given(deal({ hands: { 1: ["red/reverse"], 0: ["red/5"] }, starter: "red/9", players: 2 }))
        .when(play(1, "red/reverse"), play(0, "red/5"))
        .then(ok(), top("red/5"));
    });

    it("hits the next player in turn, also after a reverse", () => {
      given(deal({ hands: { 1: ["red/reverse"], 0: ["red/draw2"] }, starter: "red/9" }))
        .when(play(1, "red/reverse"), play(0, "red/draw2"))
        .then(ok(), direction("ccw"), pendingDraw(2), turn(2));
    });
  });

  describe("N-3.5 an empty draw pile is refilled from the discard pile", () => {
    // Two players who may always draw: three cards go onto the discard pile, then the 99 cards
    // of the draw pile are drawn one by one, seat 0 first.
    const drainer = (extra0: string) =>
      deal({
        players: 2,
        options: { games: 1, voluntaryDraw: true },
        hands: {
          1: ["red/5", "red/6", "green/1", "green/2", "green/3"],
          0: ["red/7", extra0, "yellow/2", "yellow/3", "yellow/4"],
        },
        starter: "red/9",
      });
    const opening = [play(1, "red/5"), play(0, "red/7"), play(1, "red/6")];
    const drawRound = (n: number) => repeat(n, (i) => draw(i % 2 === 0 ? 0 : 1));

    it("shows an empty draw pile between turns and refills it only when a card must be drawn", () => {
      given(drainer("yellow/1"))
        .when(...opening, drawRound(99))
        .then(ok(), drawPile(0), notLogged("pile.reshuffled"), turn(1), top("red/6"))
        .when(draw(1))
        .then(
          ok(),
          logged("pile.reshuffled"),
          check(({ events }) => {
            const reshuffled = events.find((e) => e.type === "pile.reshuffled") as
              { data: { order: string[] } } | undefined;
            expect([...(reshuffled?.data.order ?? [])].sort()).toEqual(
              ["red/9", "red/5", "red/7"].sort(),
            );
          }),
          drawPile(2),
          top("red/6"),
          handSize(1, 3 + 49 + 1),
          turn(0),
        );
    });

    it("refills in the middle of a penalty draw and goes on drawing", () => {
      given(drainer("red/draw2"))
        .when(...opening, drawRound(98))
        .then(ok(), drawPile(1), turn(0))
        .when(play(0, "red/draw2"))
        .then(ok(), pendingDraw(2), turn(1))
        .when(draw(1))
        .then(
          ok(),
          loggedInOrder({ type: "cards.drawn", data: { seat: 1 } }, "pile.reshuffled", {
            type: "cards.drawn",
            data: { seat: 1 },
          }),
          handSize(1, 3 + 49 + 2),
          drawPile(4 - 1),
          top("red/draw2"),
          pendingDraw(0),
          turn(0),
        );
    });
  });
});

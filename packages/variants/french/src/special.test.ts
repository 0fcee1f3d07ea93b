import {
  direction,
  draw,
  forEachReferee,
  hand,
  handSize,
  logged,
  notLogged,
  ok,
  pendingDraw,
  play,
  refused,
  table,
  top,
  turn,
  wish,
  type TableSpec,
} from "@maumau/engine/testing";
import { describe, it } from "vitest";
import { french } from "./index.js";

forEachReferee(french, ({ given }) => {
  /** Seat 0 deals, seat 1 starts; decider and machine in lockstep. */
  const deal = (spec: Omit<TableSpec, "players"> & { players?: number }) =>
    table(french, { players: 3, mode: "both", ...spec });

  describe("F-4.1 the 8 (Wunschkarte)", () => {
    const hands = {
      1: ["clubs/8", "hearts/5", "spades/3", "diamonds/4", "hearts/2"],
      2: ["diamonds/8", "hearts/6", "clubs/6", "spades/6", "hearts/j"],
      0: ["spades/8", "hearts/7", "clubs/7", "spades/7", "diamonds/10"],
    };
    const start = (spec: Omit<TableSpec, "players"> = {}) =>
      given(deal({ hands, starter: "hearts/9", drawPile: ["spades/k", "hearts/k"], ...spec }));

    it("may be played on anything and names the suit", () => {
      start()
        .when(play(1, "clubs/8", { wish: "spades" }))
        .then(ok(), top("clubs/8"), wish("spades"), turn(2), handSize(1, 4));
    });

    it("the named suit must be followed: neither the 8's suit nor another card does", () => {
      start()
        .when(play(1, "clubs/8", { wish: "hearts" }), play(2, "clubs/6"))
        .then(refused("ILLEGAL_MOVE", ["F-3.1", "F-4.1"]))
        .when(play(2, "spades/6"))
        .then(refused("ILLEGAL_MOVE", ["F-3.1", "F-4.1"]))
        .when(play(2, "hearts/6"))
        .then(ok(), top("hearts/6"), wish(null), turn(0));
    });

    it("the wish may name the 8's own suit", () => {
      start()
        .when(play(1, "clubs/8", { wish: "clubs" }), play(2, "clubs/6"))
        .then(ok(), wish(null));
    });

    it("may be played on any 8, whatever suit was wished, and names a new suit", () => {
      start()
        .when(play(1, "clubs/8", { wish: "hearts" }), play(2, "diamonds/8", { wish: "spades" }))
        .then(ok(), top("diamonds/8"), wish("spades"), turn(0))
        .when(play(0, "hearts/7"))
        .then(refused("ILLEGAL_MOVE", ["F-3.1", "F-4.1"]))
        .when(play(0, "spades/8", { wish: "diamonds" }))
        .then(ok(), wish("diamonds"), turn(1));
    });

    it("the wish holds until the next card is played, also when the next player draws", () => {
      start()
        .when(play(1, "clubs/8", { wish: "hearts" }), draw(2))
        .then(ok(), wish("hearts"), top("clubs/8"), turn(0))
        .when(play(0, "clubs/7"))
        .then(refused("ILLEGAL_MOVE", ["F-3.1", "F-4.1"]))
        .when(draw(0), draw(1))
        .then(ok(), wish("hearts"), turn(2))
        .when(play(2, "hearts/6"))
        .then(ok(), wish(null))
        .when(play(0, "clubs/7"))
        .then(refused("ILLEGAL_MOVE", "F-3.1"))
        .when(play(0, "hearts/7"))
        .then(ok(), wish(null));
    });

    it("needs a suit of the deck", () => {
      start().when(play(1, "clubs/8")).then(refused("CHOICE_REQUIRED", "F-4.1"));
      for (const bad of ["red", "Hearts", "", "stars"])
        start()
          .when(play(1, "clubs/8", { wish: bad }))
          .then(refused("CHOICE_REQUIRED", "F-4.1"));
    });

    it("may not be played while a draw is pending: F-4.2 wins", () => {
      start()
        .when(play(1, "hearts/2"))
        .then(ok(), pendingDraw(2), turn(2))
        .when(play(2, "diamonds/8", { wish: "hearts" }))
        .then(refused("ILLEGAL_MOVE", ["F-4.1", "F-4.2"]), pendingDraw(2), wish(null))
        .when(play(2, "diamonds/8"))
        .then(refused("ILLEGAL_MOVE", ["F-4.1", "F-4.2"]));
    });
  });

  describe("F-4.2 the 2 (Ziehkarte)", () => {
    const hands = {
      1: ["hearts/2", "hearts/5", "clubs/9", "spades/3", "diamonds/4"],
      2: ["clubs/2", "hearts/6", "clubs/8", "spades/6", "diamonds/7"],
      0: ["spades/2", "hearts/7", "clubs/7", "spades/7", "diamonds/10"],
    };
    const pile = ["clubs/k", "clubs/q", "clubs/j", "clubs/10", "clubs/5", "clubs/4", "clubs/3"];
    const start = (spec: Omit<TableSpec, "players"> = {}) =>
      given(deal({ hands, starter: "hearts/9", drawPile: pile, ...spec }));

    it("the next player draws 2, which ends their turn", () => {
      start()
        .when(play(1, "hearts/2"))
        .then(ok(), pendingDraw(2), turn(2))
        .when(draw(2))
        .then(ok(), hand(2, [...hands[2], "clubs/k", "clubs/q"]), pendingDraw(0), turn(0))
        .when(play(2, "clubs/2"))
        .then(refused("NOT_YOUR_TURN"));
    });

    it("stacks across players: 2, 4, 6; the one who does not add a 2 draws the sum", () => {
      start()
        .when(play(1, "hearts/2"), play(2, "clubs/2"))
        .then(ok(), pendingDraw(4), turn(0), top("clubs/2"))
        .when(play(0, "spades/2"))
        .then(ok(), pendingDraw(6), turn(1))
        .when(draw(1))
        .then(
          ok(),
          hand(1, ["hearts/5", "clubs/9", "spades/3", "diamonds/4", ...pile.slice(0, 6)]),
          pendingDraw(0),
          turn(2),
          top("spades/2"),
        );
    });

    it("stacks up to 8 with four players", () => {
      given(
        deal({
          players: 4,
          hands: { ...hands, 3: ["diamonds/2", "hearts/3", "hearts/4", "spades/4", "spades/5"] },
          starter: "hearts/9",
          drawPile: pile,
        }),
      )
        .when(play(1, "hearts/2"), play(2, "clubs/2"), play(3, "diamonds/2"), play(0, "spades/2"))
        .then(ok(), pendingDraw(8), turn(1))
        .when(draw(1))
        .then(ok(), handSize(1, 4 + 8), turn(2), pendingDraw(0));
    });

    it("a player holding a 2 may still draw the sum instead", () => {
      start()
        .when(play(1, "hearts/2"), draw(2))
        .then(ok(), handSize(2, 7), turn(0), pendingDraw(0));
    });

    it("while a draw is pending only a 2 may be played", () => {
      start()
        .when(play(1, "hearts/2"), play(2, "hearts/6"))
        .then(refused("ILLEGAL_MOVE", "F-4.2"))
        .when(play(2, "clubs/8", { wish: "clubs" }))
        .then(refused("ILLEGAL_MOVE", ["F-4.1", "F-4.2"]))
        .when(play(2, "clubs/2"))
        .then(ok(), pendingDraw(4));
    });

    it("drawing the sum ends the turn, also with option playAfterDraw", () => {
      start({ options: { playAfterDraw: true }, drawPile: ["hearts/k", "hearts/q"] })
        .when(play(1, "hearts/2"), draw(2))
        .then(ok(), turn(0), pendingDraw(0))
        .when(play(2, "hearts/q"))
        .then(refused("NOT_YOUR_TURN"));
    });

    it("after the sum was drawn the 2 is an ordinary top card; a new 2 starts again at 2", () => {
      start()
        .when(play(1, "hearts/2"), draw(2), play(0, "hearts/7"))
        .then(ok(), turn(1), pendingDraw(0));
      start()
        .when(play(1, "hearts/2"), draw(2), play(0, "spades/2"))
        .then(ok(), pendingDraw(2), turn(1));
    });

    it("works the same with two players", () => {
      given(deal({ players: 2, hands: { 1: hands[1], 0: hands[0] }, starter: "hearts/9" }))
        .when(play(1, "hearts/2"), play(0, "spades/2"))
        .then(ok(), pendingDraw(4), turn(1))
        .when(draw(1))
        .then(ok(), handSize(1, 4 + 4), turn(0), pendingDraw(0));
    });
  });

  describe("F-4.3 the q (Aussetzen)", () => {
    const hands = {
      1: ["hearts/q", "hearts/5", "clubs/9", "spades/3", "diamonds/4"],
      2: ["spades/q", "hearts/6", "clubs/6", "spades/6", "diamonds/7"],
      0: ["clubs/q", "hearts/7", "clubs/7", "spades/7", "diamonds/10"],
    };
    const start = () => given(deal({ hands, starter: "hearts/9" }));

    it("the next player is skipped", () => {
      start()
        .when(play(1, "hearts/q"))
        .then(
          ok(),
          turn(0),
          hand(2, hands[2]),
          pendingDraw(0),
          logged({ type: "player.skipped", data: { seat: 2 } }),
        );
    });

    it("the skip cannot be passed on: the skipped player may not answer with a q", () => {
      start()
        .when(play(1, "hearts/q"), play(2, "spades/q"))
        .then(refused("NOT_YOUR_TURN"), turn(0))
        .when(draw(2))
        .then(refused("NOT_YOUR_TURN"));
    });

    it("skips once: the player after the skipped one plays, then play goes on as usual", () => {
      start()
        .when(play(1, "hearts/q"))
        .then(ok(), turn(0))
        .when(play(0, "hearts/7"))
        .then(ok(), turn(1), notLogged("player.skipped"));
    });

    it("a later q played in turn is a new skip of the next player", () => {
      // Strict reading: F-3.1 lets a q lie on a q; only the skipped player cannot pass it on.
      start()
        .when(play(1, "hearts/q"), play(0, "clubs/q"))
        .then(ok(), turn(2), logged({ type: "player.skipped", data: { seat: 1 } }));
    });

    it("with two players the one who played it plays again", () => {
      given(deal({ players: 2, hands: { 1: hands[1], 0: hands[0] }, starter: "hearts/9" }))
        .when(play(1, "hearts/q"))
        .then(ok(), turn(1), hand(0, hands[0]))
        .when(play(0, "clubs/q"))
        .then(refused("NOT_YOUR_TURN"))
        .when(play(1, "hearts/5"))
        .then(ok(), turn(0));
    });
  });

  describe("F-4.4 the a (Richtungswechsel)", () => {
    const hands = {
      1: ["hearts/a", "hearts/5", "clubs/9", "spades/3", "diamonds/4"],
      2: ["spades/a", "hearts/6", "clubs/6", "spades/6", "diamonds/7"],
      0: ["diamonds/a", "hearts/7", "clubs/7", "spades/7", "hearts/q"],
      3: ["clubs/a", "hearts/3", "hearts/4", "hearts/2", "spades/5"],
    };
    const four = () => given(deal({ players: 4, hands, starter: "hearts/9" }));

    it("reverses the direction of play", () => {
      four()
        .when(play(1, "hearts/a"))
        .then(ok(), direction("ccw"), turn(0))
        .when(play(0, "hearts/7"))
        .then(ok(), turn(3))
        .when(play(3, "hearts/3"))
        .then(ok(), turn(2));
    });

    it("a second a reverses it back", () => {
      four().when(play(1, "hearts/a"), play(0, "diamonds/a")).then(ok(), direction("cw"), turn(1));
    });

    it("a 2 and a q then hit the player in the new direction", () => {
      four()
        .when(play(1, "hearts/a"), play(0, "hearts/7"), play(3, "hearts/2"))
        .then(ok(), pendingDraw(2), turn(2))
        .when(draw(2))
        .then(ok(), handSize(2, 7), turn(1));
      four().when(play(1, "hearts/a"), play(0, "hearts/q")).then(ok(), turn(2), handSize(3, 5));
    });

    it("with two players it changes nothing else: the other player is next", () => {
      given(deal({ players: 2, hands: { 1: hands[1], 0: hands[0] }, starter: "hearts/9" }))
        .when(play(1, "hearts/a"))
        .then(ok(), direction("ccw"), turn(0), handSize(0, 5), pendingDraw(0))
        .when(play(0, "hearts/7"))
        .then(ok(), turn(1))
        .when(play(1, "hearts/5"))
        .then(ok(), turn(0));
    });
  });
});

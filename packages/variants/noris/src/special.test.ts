import {
  direction,
  draw,
  drawPile,
  forEachReferee,
  hand,
  handSize,
  holds,
  logged,
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
import { noris } from "./index.js";

forEachReferee(noris, ({ given }) => {
  /** Three players, seat 0 deals, seat 1 starts; a one-game match; decider and machine in lockstep. */
  const deal = (spec: Omit<TableSpec, "players"> & { players?: number }) =>
    table(noris, { players: 3, options: { games: 1 }, mode: "both", ...spec });

  /** Rule ids a strict referee accepts for a wild refused against a pending draw2. */
  const WILD_ON_PENDING = ["N-4.2", "N-4.5"];

  describe("N-4.1 reverse", () => {
    it("flips the direction at once: the player before you plays next", () => {
      given(
        deal({
          players: 4,
          hands: { 1: ["red/reverse"], 0: ["red/5"], 3: ["red/6"] },
          starter: "red/9",
        }),
      )
        .when(play(1, "red/reverse"))
        .then(ok(), direction("ccw"), turn(0))
        .when(play(0, "red/5"))
        .then(ok(), turn(3))
        .when(play(3, "red/6"))
        .then(ok(), turn(2));
    });

    it("a second reverse (any colour) flips it back", () => {
      given(
        deal({ players: 4, hands: { 1: ["red/reverse"], 0: ["blue/reverse"] }, starter: "red/9" }),
      )
        .when(play(1, "red/reverse"), play(0, "blue/reverse"))
        .then(ok(), direction("cw"), turn(1));
    });

    it("with two players changes nothing else: the other player plays next", () => {
      given(
        deal({
          players: 2,
          hands: { 1: ["red/reverse", "red/6"], 0: ["red/5"] },
          starter: "red/9",
        }),
      )
        .when(play(1, "red/reverse"))
        .then(ok(), direction("ccw"), turn(0))
        .when(play(0, "red/5"))
        .then(ok(), turn(1))
        .when(play(1, "red/6"))
        .then(ok(), turn(0));
    });
  });

  describe("N-4.2 draw2", () => {
    it("makes the next player draw 2 and lose the turn", () => {
      given(
        deal({
          hands: { 1: ["red/draw2"], 2: ["green/1", "green/2", "green/3", "green/4", "green/5"] },
          starter: "red/9",
          drawPile: ["yellow/1", "yellow/2", "yellow/3"],
        }),
      )
        .when(play(1, "red/draw2"))
        .then(ok(), pendingDraw(2), turn(2))
        .when(draw(2))
        .then(
          ok(),
          hand(2, ["green/1", "green/2", "green/3", "green/4", "green/5", "yellow/1", "yellow/2"]),
          drawPile(110 - 16 - 2),
          pendingDraw(0),
          turn(0),
        );
    });

    it("stacks round the table, growing by 2 each time: 2, 4, 6, 8", () => {
      given(
        deal({
          hands: { 1: ["red/draw2", "yellow/draw2"], 2: ["blue/draw2"], 0: ["green/draw2"] },
          starter: "red/9",
        }),
      )
        .when(play(1, "red/draw2"), play(2, "blue/draw2"))
        .then(ok(), pendingDraw(4), turn(0))
        .when(play(0, "green/draw2"))
        .then(ok(), pendingDraw(6), turn(1))
        .when(play(1, "yellow/draw2"))
        .then(ok(), pendingDraw(8), turn(2))
        .when(draw(2))
        .then(ok(), handSize(2, 4 + 8), pendingDraw(0), turn(0));
    });

    it("stacks between two players", () => {
      given(deal({ players: 2, hands: { 1: ["red/draw2"], 0: ["blue/draw2"] }, starter: "red/9" }))
        .when(play(1, "red/draw2"), play(0, "blue/draw2"))
        .then(ok(), pendingDraw(4), turn(1))
        .when(draw(1))
        .then(ok(), handSize(1, 4 + 4), pendingDraw(0), turn(0));
    });

    it("stacks against the direction of play after a reverse", () => {
      given(
        deal({
          hands: { 1: ["red/reverse"], 0: ["red/draw2"], 2: ["blue/draw2"] },
          starter: "red/9",
        }),
      )
        .when(play(1, "red/reverse"), play(0, "red/draw2"))
        .then(ok(), pendingDraw(2), turn(2))
        .when(play(2, "blue/draw2"))
        .then(ok(), pendingDraw(4), turn(1))
        .when(draw(1))
        .then(ok(), handSize(1, 4 + 4), turn(0), direction("ccw"));
    });

    it("refuses any card but a draw2 while the draw is pending", () => {
      given(
        deal({
          hands: { 1: ["red/draw2"], 2: ["red/5", "red/stop", "red/reverse", "red/draw4", "wild"] },
          starter: "red/9",
        }),
      )
        .when(play(1, "red/draw2"))
        .then(ok())
        .when(play(2, "red/5"))
        .then(refused("ILLEGAL_MOVE", "N-4.2"))
        .when(play(2, "red/stop"))
        .then(refused("ILLEGAL_MOVE", "N-4.2"))
        .when(play(2, "red/reverse"))
        .then(refused("ILLEGAL_MOVE", "N-4.2"))
        .when(play(2, "red/draw4"))
        .then(refused("ILLEGAL_MOVE", "N-4.2"))
        .when(play(2, "wild", { wish: "green" }))
        .then(refused("ILLEGAL_MOVE", WILD_ON_PENDING), pendingDraw(2), turn(2));
    });

    it("refuses a wild without a colour against a pending draw as ILLEGAL_MOVE, not CHOICE_REQUIRED", () => {
      given(deal({ hands: { 1: ["red/draw2"], 2: ["wild"] }, starter: "red/9" }))
        .when(play(1, "red/draw2"), play(2, "wild"))
        .then(refused("ILLEGAL_MOVE", WILD_ON_PENDING));
    });

    it("lets a player who will not answer take the sum though they hold a draw2", () => {
      given(deal({ hands: { 1: ["red/draw2"], 2: ["blue/draw2"] }, starter: "red/9" }))
        .when(play(1, "red/draw2"), draw(2))
        .then(ok(), handSize(2, 7), holds(2, "blue/draw2"), turn(0), pendingDraw(0));
    });
  });

  describe("N-4.3 draw4", () => {
    it("makes the next player draw 4 and lose the turn", () => {
      given(
        deal({
          hands: { 1: ["red/draw4"] },
          starter: "red/9",
          drawPile: ["yellow/1", "yellow/2", "yellow/3", "yellow/4", "yellow/5"],
        }),
      )
        .when(play(1, "red/draw4"))
        .then(ok(), pendingDraw(4), turn(2))
        .when(draw(2))
        .then(
          ok(),
          handSize(2, 9),
          holds(2, "yellow/1", "yellow/2", "yellow/3", "yellow/4"),
          pendingDraw(0),
          turn(0),
        );
    });

    it("cannot be answered, not even with another draw4", () => {
      given(
        deal({
          hands: {
            1: ["red/draw4"],
            2: ["blue/draw4", "red/draw4", "red/draw2", "wild", "red/5"],
          },
          starter: "red/9",
        }),
      )
        .when(play(1, "red/draw4"))
        .then(ok())
        .when(play(2, "blue/draw4"))
        .then(refused("ILLEGAL_MOVE", "N-4.3"))
        .when(play(2, "red/draw4"))
        .then(refused("ILLEGAL_MOVE", "N-4.3"))
        .when(play(2, "red/draw2"))
        .then(refused("ILLEGAL_MOVE", "N-4.3"))
        .when(play(2, "wild", { wish: "red" }))
        .then(refused("ILLEGAL_MOVE", ["N-4.3", "N-4.5"]))
        .when(play(2, "red/5"))
        .then(refused("ILLEGAL_MOVE", "N-4.3"), pendingDraw(4), turn(2));
    });

    it("is not a wild: it must match the top card's colour", () => {
      given(deal({ hands: { 1: ["blue/draw4"] }, starter: "red/9" }))
        .when(play(1, "blue/draw4"))
        .then(refused("ILLEGAL_MOVE", ["N-3.1", "N-3.4"]));
    });
  });

  describe("N-4.4 stop", () => {
    it("skips the next player", () => {
      given(deal({ hands: { 1: ["red/stop"] }, starter: "red/9" }))
        .when(play(1, "red/stop"))
        .then(ok(), turn(0), logged({ type: "player.skipped", data: { seat: 2 } }));
    });

    it("with two players gives the turn back to the one who played it", () => {
      given(deal({ players: 2, hands: { 1: ["red/stop", "red/5"] }, starter: "red/9" }))
        .when(play(1, "red/stop"))
        .then(ok(), turn(1))
        .when(play(1, "red/5"))
        .then(ok(), turn(0));
    });

    it("skips in the current direction after a reverse", () => {
      given(deal({ players: 4, hands: { 1: ["red/reverse"], 0: ["red/stop"] }, starter: "red/9" }))
        .when(play(1, "red/reverse"), play(0, "red/stop"))
        .then(ok(), turn(2));
    });
  });

  describe("N-4.5 wild", () => {
    const wildFirst = (hands: TableSpec["hands"]) => deal({ hands, starter: "red/9" });

    it("may be played on any card and names the colour to follow", () => {
      given(wildFirst({ 1: ["wild"] }))
        .when(play(1, "wild", { wish: "green" }))
        .then(ok(), top("wild"), wish("green"), turn(2));
    });

    it("must be followed in the wished colour; rank does not count", () => {
      given(wildFirst({ 1: ["wild"], 2: ["red/9", "red/5", "blue/5", "green/5"] }))
        .when(play(1, "wild", { wish: "green" }))
        .then(ok())
        .when(play(2, "red/9"))
        .then(refused("ILLEGAL_MOVE", ["N-3.1", "N-4.5"]))
        .when(play(2, "red/5"))
        .then(refused("ILLEGAL_MOVE", ["N-3.1", "N-4.5"]))
        .when(play(2, "blue/5"))
        .then(refused("ILLEGAL_MOVE", ["N-3.1", "N-4.5"]))
        .when(play(2, "green/5"))
        .then(ok(), top("green/5"), wish(null), turn(0));
    });

    it("a special card of the wished colour follows it", () => {
      given(wildFirst({ 1: ["wild"], 2: ["green/stop"] }))
        .when(play(1, "wild", { wish: "green" }), play(2, "green/stop"))
        .then(ok(), turn(1), wish(null));
    });

    it("may be played on a wild, naming a new colour", () => {
      given(wildFirst({ 1: ["wild"], 2: ["wild"], 0: ["blue/1", "green/1"] }))
        .when(play(1, "wild", { wish: "green" }), play(2, "wild", { wish: "blue" }))
        .then(ok(), wish("blue"), top("wild"))
        .when(play(0, "green/1"))
        .then(refused("ILLEGAL_MOVE"))
        .when(play(0, "blue/1"))
        .then(ok());
    });

    it("keeps the wish in force until the next card is played, also across a draw", () => {
      given(
        wildFirst({
          1: ["wild"],
          2: ["red/1", "red/2", "yellow/3", "yellow/4", "blue/5"],
          0: ["red/5", "green/6"],
        }),
      )
        .when(play(1, "wild", { wish: "green" }), draw(2))
        .then(ok(), wish("green"), turn(0))
        .when(play(0, "red/5"))
        .then(refused("ILLEGAL_MOVE"))
        .when(play(0, "green/6"))
        .then(ok(), wish(null));
    });

    it("must name a colour of the deck", () => {
      given(wildFirst({ 1: ["wild"] }))
        .when(play(1, "wild"))
        .then(refused("CHOICE_REQUIRED", "N-4.5"))
        .when(play(1, "wild", { wish: "purple" }))
        .then(refused("CHOICE_REQUIRED", "N-4.5"))
        .when(play(1, "wild", { wish: "" }))
        .then(refused("CHOICE_REQUIRED", "N-4.5"), turn(1), top("red/9"));
    });

    it("may be played on a draw4 once its draw has been taken", () => {
      given(deal({ hands: { 1: ["red/draw4"], 0: ["wild"] }, starter: "red/9" }))
        .when(play(1, "red/draw4"), draw(2), play(0, "wild", { wish: "yellow" }))
        .then(ok(), wish("yellow"));
    });
  });

  describe("N-4.6 a pending draw is taken by the victim's own draw", () => {
    it("the game waits for the victim; nobody else may act", () => {
      given(deal({ hands: { 1: ["red/draw2", "red/5"], 0: ["red/6"] }, starter: "red/9" }))
        .when(play(1, "red/draw2"))
        .then(ok())
        .when(play(0, "red/6"))
        .then(refused("NOT_YOUR_TURN"))
        .when(draw(0))
        .then(refused("NOT_YOUR_TURN"))
        .when(play(1, "red/5"))
        .then(refused("NOT_YOUR_TURN"), pendingDraw(2), turn(2))
        .when(draw(2))
        .then(ok(), handSize(2, 7), turn(0));
    });

    it("afterwards the top card matches as usual: its colour", () => {
      given(deal({ hands: { 1: ["red/draw2"], 0: ["red/6"] }, starter: "red/9" }))
        .when(play(1, "red/draw2"), draw(2), play(0, "red/6"))
        .then(ok(), top("red/6"), turn(1), pendingDraw(0));
    });

    it("afterwards a draw2 on the draw2 is a new attack, starting again at 2", () => {
      given(deal({ hands: { 1: ["red/draw2"], 0: ["blue/draw2"] }, starter: "red/9" }))
        .when(play(1, "red/draw2"), draw(2), play(0, "blue/draw2"))
        .then(ok(), pendingDraw(2), turn(1));
    });

    it("afterwards a draw4 on the draw4 is a new attack", () => {
      given(deal({ hands: { 1: ["red/draw4"], 0: ["blue/draw4"] }, starter: "red/9" }))
        .when(play(1, "red/draw4"), draw(2))
        .then(ok(), turn(0), pendingDraw(0))
        .when(play(0, "blue/draw4"))
        .then(ok(), pendingDraw(4), turn(1))
        .when(draw(1))
        .then(ok(), handSize(1, 4 + 4), turn(2));
    });
  });
});

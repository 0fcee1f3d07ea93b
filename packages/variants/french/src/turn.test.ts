import type { CardCode } from "@maumau/engine";
import {
  check,
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
  results,
  status,
  table,
  top,
  turn,
  wish,
  type TableSpec,
} from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { french } from "./index.js";

forEachReferee(french, ({ given }) => {
  /** Three players, seat 0 deals, seat 1 starts; decider and machine in lockstep. */
  const deal = (spec: Omit<TableSpec, "players"> & { players?: number }) =>
    table(french, { players: 3, mode: "both", ...spec });

  const hands = {
    1: ["hearts/5", "clubs/9", "spades/3", "diamonds/4", "clubs/8"],
    2: ["hearts/6", "clubs/6", "spades/6", "diamonds/7", "diamonds/9"],
    0: ["hearts/7", "clubs/7", "spades/7", "diamonds/10", "diamonds/j"],
  };
  const start = (spec: Omit<TableSpec, "players"> = {}) =>
    given(deal({ hands, starter: "hearts/9", drawPile: ["spades/k", "hearts/k"], ...spec }));

  describe("F-3.1 play a matching card, an 8, or draw one card", () => {
    it("a card of the top card's suit", () => {
      start().when(play(1, "hearts/5")).then(ok(), top("hearts/5"), handSize(1, 4), turn(2));
    });

    it("a card of the top card's rank", () => {
      start().when(play(1, "clubs/9")).then(ok(), top("clubs/9"), handSize(1, 4), turn(2));
    });

    it("an 8 on a card of another suit and rank", () => {
      start()
        .when(play(1, "clubs/8", { wish: "spades" }))
        .then(ok(), top("clubs/8"), wish("spades"), turn(2));
    });

    it("not a card that matches neither suit nor rank", () => {
      start().when(play(1, "spades/3")).then(refused("ILLEGAL_MOVE", "F-3.1"));
      start().when(play(1, "diamonds/4")).then(refused("ILLEGAL_MOVE", "F-3.1"));
    });

    it("or draw exactly one card, the top card of the draw pile", () => {
      start()
        .when(draw(1))
        .then(
          ok(),
          hand(1, [...hands[1], "spades/k"]),
          drawPile(52 - 17),
          top("hearts/9"),
          turn(2),
          logged({ type: "cards.drawn", data: { seat: 1, cards: ["spades/k"] } }),
        );
    });

    it("matching is against the new top card after each play", () => {
      start()
        .when(play(1, "clubs/9"), play(2, "hearts/6"))
        .then(refused("ILLEGAL_MOVE", "F-3.1"))
        .when(play(2, "clubs/6"))
        .then(ok(), top("clubs/6"), turn(0))
        .when(play(0, "clubs/7"))
        .then(ok(), turn(1));
    });
  });

  describe("F-3.2 drawing", () => {
    it("is allowed even with a playable card, and ends the turn", () => {
      start()
        .when(draw(1))
        .then(ok(), turn(2), handSize(1, 6), status("playing"))
        .when(play(1, "hearts/5"))
        .then(refused("NOT_YOUR_TURN"))
        .when(draw(1))
        .then(refused("NOT_YOUR_TURN"));
    });

    it("ends the turn even when the drawn card fits (playAfterDraw off by default)", () => {
      start({ drawPile: ["hearts/k"] })
        .when(draw(1))
        .then(ok(), turn(2), holds(1, "hearts/k"))
        .when(play(1, "hearts/k"))
        .then(refused("NOT_YOUR_TURN"))
        .when(pass(1))
        .then(refused("NOT_YOUR_TURN"));
    });

    it("pass is no move without a draw", () => {
      start().when(pass(1)).then(refused("ILLEGAL_MOVE", "F-3.2"));
      start({ options: { playAfterDraw: true } })
        .when(pass(1))
        .then(refused("ILLEGAL_MOVE", "F-3.2"));
    });

    describe("option playAfterDraw", () => {
      const after = (first: CardCode, ...more: CardCode[]) =>
        start({ options: { playAfterDraw: true }, drawPile: [first, ...more] });

      it("the drawn card may be played at once if it fits", () => {
        after("hearts/k")
          .when(draw(1))
          .then(ok(), turn(1), handSize(1, 6))
          .when(play(1, "hearts/k"))
          .then(ok(), top("hearts/k"), turn(2), hand(1, hands[1]));
      });

      it("only the drawn card: no other card of the hand, even one that fits", () => {
        after("hearts/k")
          .when(draw(1), play(1, "hearts/5"))
          .then(refused("ILLEGAL_MOVE", "F-3.2"))
          .when(play(1, "clubs/9"))
          .then(refused("ILLEGAL_MOVE", "F-3.2"));
      });

      it("no second draw", () => {
        after("hearts/k").when(draw(1), draw(1)).then(refused("ILLEGAL_MOVE", "F-3.2"), turn(1));
      });

      it("or pass, which ends the turn and keeps the card", () => {
        after("hearts/k")
          .when(draw(1), pass(1))
          .then(ok(), turn(2), hand(1, [...hands[1], "hearts/k"]), top("hearts/9"))
          .when(pass(2))
          .then(refused("ILLEGAL_MOVE", "F-3.2"));
      });

      it("a drawn card that does not fit ends the turn at once", () => {
        after("spades/k")
          .when(draw(1))
          .then(ok(), turn(2), hand(1, [...hands[1], "spades/k"]))
          .when(pass(1))
          .then(refused("NOT_YOUR_TURN"));
      });

      it("fitting means fitting the wished suit while a wish holds", () => {
        // F-4.1: a clubs card does not fit a clubs 8 that wished diamonds.
        after("clubs/k")
          .when(play(1, "clubs/8", { wish: "diamonds" }), draw(2))
          .then(ok(), turn(0), wish("diamonds"), holds(2, "clubs/k"));
        after("diamonds/k")
          .when(play(1, "clubs/8", { wish: "diamonds" }), draw(2))
          .then(ok(), turn(2))
          .when(play(2, "diamonds/k"))
          .then(ok(), top("diamonds/k"), wish(null), turn(0));
      });

      it("a drawn 8 is played with a suit", () => {
        after("hearts/8")
          .when(draw(1), play(1, "hearts/8"))
          .then(refused("CHOICE_REQUIRED", "F-4.1"))
          .when(play(1, "hearts/8", { wish: "spades" }))
          .then(ok(), wish("spades"), turn(2));
      });

      it("a drawn special card has its effect", () => {
        after("hearts/q").when(draw(1), play(1, "hearts/q")).then(ok(), turn(0));
        after("hearts/2").when(draw(1), play(1, "hearts/2")).then(ok(), pendingDraw(2), turn(2));
      });
    });
  });

  describe("F-3.3 an empty draw pile is refilled when a card must be drawn", () => {
    // Two players: 41 cards in the draw pile. Each plays one heart first, so that the discard
    // pile holds hearts/9 (the starter) and hearts/3 under the top card hearts/10.
    const two = {
      1: ["hearts/3", "hearts/2", "spades/3", "spades/4", "spades/5"],
      0: ["hearts/10", "clubs/3", "clubs/4", "clubs/5", "clubs/6"],
    };
    const drained = (draws: number) =>
      given(table(french, { players: 2, mode: "both", hands: two, starter: "hearts/9" })).when(
        play(1, "hearts/3"),
        play(0, "hearts/10"),
        repeat(draws, (i) => draw(i % 2 === 0 ? 1 : 0)),
      );

    it("stays empty between turns until a card must be drawn", () => {
      drained(41).then(ok(), drawPile(0), turn(0), top("hearts/10"), notLogged("pile.reshuffled"));
    });

    it("is made of the discard pile but its top card, shuffled, and the shuffle is logged", () => {
      drained(41)
        .when(draw(0))
        .then(
          ok(),
          top("hearts/10"),
          drawPile(1),
          handSize(0, 4 + 20 + 1),
          turn(1),
          loggedInOrder("pile.reshuffled", { type: "cards.drawn", data: { seat: 0 } }),
          check(({ events }) => {
            const shuffled = events.find((e) => e.type === "pile.reshuffled") as unknown as {
              data: { order: CardCode[] };
            };
            expect([...shuffled.data.order].sort()).toEqual(["hearts/3", "hearts/9"]);
            const drawnEv = events.find((e) => e.type === "cards.drawn") as unknown as {
              data: { cards: CardCode[] };
            };
            expect(drawnEv.data.cards).toEqual([shuffled.data.order[0]]);
          }),
        );
    });

    it("is refilled in the middle of a penalty draw", () => {
      drained(40)
        .then(drawPile(1), turn(1))
        .when(play(1, "hearts/2"))
        .then(ok(), pendingDraw(2), turn(0))
        .when(draw(0))
        .then(
          results("ok"),
          loggedInOrder("cards.drawn", "pile.reshuffled", "cards.drawn"),
          handSize(0, 4 + 20 + 2),
          drawPile(2),
          top("hearts/2"),
          pendingDraw(0),
          turn(1),
        );
    });
  });
});

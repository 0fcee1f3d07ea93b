import {
  bots,
  check,
  dealer,
  drawPile,
  drawPileOf,
  forEachReferee,
  game,
  handSize,
  nextGame,
  ok,
  play,
  status,
  table,
  top,
  turn,
  wish,
} from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { crazyEights } from "./index.js";

describe("E-1 the deck", () => {
  it("E-1 has the 52 French cards, each once", () => {
    const deck = crazyEights.deckFor(crazyEights.optionsSchema.parse({}));
    expect(deck).toHaveLength(52);
    expect(new Set(deck).size).toBe(52);
    expect(deck).toContain("clubs/8");
    expect(deck).toContain("spades/a");
  });
});

forEachReferee(crazyEights, ({ given }) => {
  describe("E-2.1 the dealer", () => {
    it("E-2.1 seat 0 deals the first game, then the previous dealer's left neighbour", () => {
      given(table(crazyEights, { players: 3, seed: 4 }))
        .then(dealer(0), game(1))
        .when(bots({ until: "game", seed: 4 }), nextGame())
        .then(ok(), dealer(1), game(2), turn(2));
    });
  });

  describe("E-2.2 five cards each, seven with two players", () => {
    it("E-2.2 two players are dealt seven each", () => {
      given(table(crazyEights, { players: 2 })).then(
        handSize(0, 7),
        handSize(1, 7),
        drawPile(52 - 14 - 1),
      );
    });

    it("E-2.2 three players are dealt five each", () => {
      given(table(crazyEights, { players: 3 })).then(
        handSize(0, 5),
        handSize(1, 5),
        handSize(2, 5),
        drawPile(52 - 15 - 1),
      );
    });

    it("E-2.2 seven players are dealt five each and a stock is left", () => {
      given(table(crazyEights, { players: 7 })).then(handSize(6, 5), drawPile(52 - 35 - 1));
    });
  });

  describe("E-2.3 an eight turned up is buried; the starter has no effect", () => {
    it("E-2.3 an eight turned up goes to the bottom of the stock and the next card is turned", () => {
      given(
        table(crazyEights, { players: 3, starter: "hearts/8", drawPile: ["clubs/4", "spades/k"] }),
      ).then(
        status("playing"),
        top("clubs/4"),
        wish(null),
        turn(1),
        drawPile(52 - 15 - 1),
        check(({ driver }) => {
          expect(drawPileOf(driver.state)[0]).toBe("spades/k");
          expect(drawPileOf(driver.state).at(-1)).toBe("hearts/8");
        }),
      );
    });

    it("E-2.3 eights turned one after the other are all buried, in the order turned", () => {
      given(
        table(crazyEights, {
          players: 3,
          starter: "hearts/8",
          drawPile: ["spades/8", "clubs/4"],
        }),
      ).then(
        top("clubs/4"),
        check(({ driver }) =>
          expect(drawPileOf(driver.state).slice(-2)).toEqual(["hearts/8", "spades/8"]),
        ),
      );
    });

    it("E-2.3 the starter has no effect: a queen turned up skips nobody", () => {
      given(table(crazyEights, { players: 3, hands: { 1: ["clubs/9"] }, starter: "clubs/q" }))
        .then(turn(1))
        .when(play(1, "clubs/9"))
        .then(ok(), turn(2));
    });
  });

  describe("E-2.4 the dealer's left neighbour plays first", () => {
    it("E-2.4 with seat 2 dealing, seat 0 starts", () => {
      given(table(crazyEights, { players: 3, dealer: 2, starter: "clubs/a" })).then(
        dealer(2),
        turn(0),
      );
    });
  });
});

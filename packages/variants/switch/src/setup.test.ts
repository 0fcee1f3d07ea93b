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
import { switchGame } from "./index.js";

describe("S-1 the deck", () => {
  it("S-1 has the 52 French cards, each once", () => {
    const deck = switchGame.deckFor(switchGame.optionsSchema.parse({}));
    expect(deck).toHaveLength(52);
    expect(new Set(deck).size).toBe(52);
    expect(deck).toContain("clubs/2");
    expect(deck).toContain("spades/a");
  });
});

forEachReferee(switchGame, ({ given }) => {
  describe("S-2.1 the dealer", () => {
    it("S-2.1 seat 0 deals the first game, then the previous dealer's left neighbour", () => {
      given(table(switchGame, { players: 3, seed: 4, options: { games: 2 } }))
        .then(dealer(0), game(1))
        .when(bots({ until: "game", seed: 4 }), nextGame())
        .then(ok(), dealer(1), game(2));
    });
  });

  describe("S-2.2 seven cards each with two to four players, five with five to seven", () => {
    it("S-2.2 two players are dealt seven each", () => {
      given(table(switchGame, { players: 2 })).then(
        handSize(0, 7),
        handSize(1, 7),
        drawPile(52 - 14 - 1),
      );
    });

    it("S-2.2 four players are dealt seven each", () => {
      given(table(switchGame, { players: 4 })).then(
        handSize(0, 7),
        handSize(3, 7),
        drawPile(52 - 28 - 1),
      );
    });

    it("S-2.2 five players are dealt five each, seven players too", () => {
      given(table(switchGame, { players: 5 })).then(handSize(4, 5), drawPile(52 - 25 - 1));
      given(table(switchGame, { players: 7 })).then(handSize(6, 5), drawPile(52 - 35 - 1));
    });
  });

  describe("S-2.3 a trick card turned up is buried; the starter has no effect", () => {
    for (const trick of ["hearts/a", "hearts/2", "hearts/8", "hearts/k"]) {
      it(`S-2.3 ${trick} turned up goes to the bottom of the stock and the next card is turned`, () => {
        given(
          table(switchGame, { players: 3, starter: trick, drawPile: ["clubs/4", "spades/q"] }),
        ).then(
          status("playing"),
          top("clubs/4"),
          wish(null),
          turn(1),
          drawPile(52 - 21 - 1),
          check(({ driver }) => {
            expect(drawPileOf(driver.state)[0]).toBe("spades/q");
            expect(drawPileOf(driver.state).at(-1)).toBe(trick);
          }),
        );
      });
    }

    it("S-2.3 trick cards turned one after the other are all buried, in the order turned", () => {
      given(
        table(switchGame, {
          players: 3,
          starter: "hearts/2",
          drawPile: ["spades/8", "diamonds/a", "clubs/4"],
        }),
      ).then(
        top("clubs/4"),
        check(({ driver }) =>
          expect(drawPileOf(driver.state).slice(-3)).toEqual([
            "hearts/2",
            "spades/8",
            "diamonds/a",
          ]),
        ),
      );
    });

    it("S-2.3 a queen turned up is no trick card and has no effect", () => {
      given(table(switchGame, { players: 3, hands: { 1: ["clubs/9"] }, starter: "clubs/q" }))
        .then(top("clubs/q"), turn(1))
        .when(play(1, "clubs/9"))
        .then(ok(), turn(2));
    });
  });

  describe("S-2.4 the dealer's left neighbour plays first", () => {
    it("S-2.4 with seat 2 dealing, seat 0 starts", () => {
      given(table(switchGame, { players: 3, dealer: 2, starter: "clubs/5" })).then(
        dealer(2),
        turn(0),
      );
    });
  });
});

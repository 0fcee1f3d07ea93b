import { countCards, createRng, GameDriver, isRefusal, shuffle } from "@maumau/engine";
import {
  bots,
  check,
  dealer,
  draw,
  drawPile,
  game,
  forEachReferee,
  hand,
  handSize,
  logged,
  nextGame,
  ok,
  pendingDraw,
  play,
  refused,
  status,
  table,
  top,
  totals,
  turn,
  wish,
  direction,
  type TableSpec,
} from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { noris } from "./index.js";

forEachReferee(noris, ({ given }) => {
  /** Three players, seat 0 deals, seat 1 starts; a one-game match; decider and machine in lockstep. */
  const deal = (spec: Omit<TableSpec, "players"> & { players?: number }) =>
    table(noris, { players: 3, options: { games: 1 }, mode: "both", ...spec });

  const COLOURS = ["green", "blue", "red", "yellow"];
  const NUMBERS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
  const SPECIALS = ["reverse", "draw2", "draw4", "stop"];

  describe("N-1 the deck", () => {
    it("has 110 cards: per colour 1–9, reverse, draw2, draw4 and stop twice each, plus 6 wild", () => {
      const counts = countCards(noris.deck);
      expect(noris.deck).toHaveLength(110);
      for (const colour of COLOURS)
        for (const rank of [...NUMBERS, ...SPECIALS])
          expect(counts.get(`${colour}/${rank}`), `${colour}/${rank}`).toBe(2);
      expect(counts.get("wild")).toBe(6);
      expect(counts.size).toBe(4 * 13 + 1);
    });

    it("deals every game from exactly those 110 cards", () => {
      const cardsOnTable = check(({ driver }) =>
        expect(driver.engine.cardsInPlay(driver.state).sort()).toEqual([...noris.deck].sort()),
      );
      given(table(noris, { players: 4, seed: 11, options: { games: 2 } }))
        .then(cardsOnTable)
        .when(bots())
        .then(cardsOnTable)
        .when(nextGame())
        .then(ok(), cardsOnTable);
    });

    it("does not open a match with a deck that is not the noris deck", () => {
      const wrong = [...noris.deck.slice(1), "red/5"];
      const opened = GameDriver.open(noris, { players: 2, seed: 1, deck: wrong });
      expect(isRefusal(opened) && opened.code).toBe("INVALID_COMMAND");
      const short = GameDriver.open(noris, { players: 2, seed: 1, deck: noris.deck.slice(1) });
      expect(isRefusal(short) && short.code).toBe("INVALID_COMMAND");
    });
  });

  describe("N-2.1 a match is a series of an agreed number of games", () => {
    it("has 3 games by default", () => {
      given(table(noris, { players: 2, seed: 4, mode: "both" }))
        .when(bots())
        .then(status("gameOver"), game(1))
        .when(nextGame(), bots())
        .then(status("gameOver"), game(2))
        .when(nextGame(), bots())
        .then(status("matchOver"), game(3))
        .when(nextGame())
        .then(refused("GAME_OVER"));
    });

    it("plays the number of games set by option `games`", () => {
      given(table(noris, { players: 3, seed: 5, options: { games: 1 } }))
        .when(bots())
        .then(status("matchOver"), turn(null));
      given(table(noris, { players: 3, seed: 5, options: { games: 2 } }))
        .when(bots())
        .then(status("gameOver"))
        .when(nextGame(), bots())
        .then(status("matchOver"), game(2));
    });

    it("shows no scores or totals while the first game runs", () => {
      given(deal({})).then(status("playing"), totals(null));
    });

    it("does not start the next game while one is running", () => {
      given(deal({})).when(nextGame()).then(refused("ILLEGAL_MOVE"), game(1), status("playing"));
    });

    it("refuses an agreed number of games that is not a positive whole number", () => {
      for (const games of [0, -1, 1.5, "3"]) {
        const opened = GameDriver.open(noris, { players: 2, seed: 1, options: { games } });
        expect(isRefusal(opened) && opened.code, `games: ${String(games)}`).toBe("INVALID_COMMAND");
      }
    });
  });

  describe("N-2.2 the dealer", () => {
    it("is seat 0 in game 1 unless chosen", () => {
      given(table(noris, { players: 4, seed: 2 })).then(dealer(0), turn(1), game(1));
    });

    it("can be chosen for game 1", () => {
      given(table(noris, { players: 4, seed: 2, dealer: 2 })).then(dealer(2), turn(3));
      given(table(noris, { players: 4, seed: 2, dealer: 3 })).then(dealer(3), turn(0));
    });

    it("moves to the previous dealer's left neighbour for each next game", () => {
      given(table(noris, { players: 3, seed: 8, dealer: 2, options: { games: 3 }, mode: "both" }))
        .when(bots())
        .then(status("gameOver"), dealer(2))
        .when(nextGame())
        .then(ok(), game(2), dealer(0), turn(1), status("playing"), direction("cw"))
        .when(bots({ seed: 2 }), nextGame())
        .then(ok(), game(3), dealer(1), turn(2));
    });

    it("wraps around with two players", () => {
      given(table(noris, { players: 2, seed: 3, dealer: 1, options: { games: 2 } }))
        .then(dealer(1), turn(0))
        .when(bots(), nextGame())
        .then(dealer(0), turn(1));
    });
  });

  describe("N-2.3 dealing", () => {
    const deck = shuffle(noris.deck, createRng(2024));
    const cards = (...at: number[]) => at.map((i) => deck[i]!);

    it("deals one card at a time from the dealer's left neighbour, clockwise, 5 each", () => {
      given(table(noris, { players: 3, dealer: 0, deck, mode: "both" })).then(
        hand(1, cards(0, 3, 6, 9, 12)),
        hand(2, cards(1, 4, 7, 10, 13)),
        hand(0, cards(2, 5, 8, 11, 14)),
      );
      given(table(noris, { players: 4, dealer: 2, deck })).then(
        hand(3, cards(0, 4, 8, 12, 16)),
        hand(0, cards(1, 5, 9, 13, 17)),
        hand(1, cards(2, 6, 10, 14, 18)),
        hand(2, cards(3, 7, 11, 15, 19)),
      );
    });

    it("turns up the next card as the first top card; the rest is the draw pile", () => {
      given(table(noris, { players: 3, deck, options: { games: 1, voluntaryDraw: true } }))
        .then(top(deck[15]!), drawPile(110 - 16), wish(null), pendingDraw(0))
        .when(draw(1))
        .then(ok(), logged({ type: "cards.drawn", data: { seat: 1, cards: [deck[16]] } }));
    });

    it("deals 5 each to 10 players", () => {
      const s = given(table(noris, { players: 10, deck }));
      for (let seat = 0; seat < 10; seat++) s.then(handSize(seat, 5));
      s.then(top(deck[50]!), drawPile(59));
    });
  });

  describe("N-2.4 the starter", () => {
    it("the first player is the dealer's left neighbour", () => {
      given(deal({ dealer: 1 })).then(turn(2));
      given(deal({ dealer: 2 })).then(turn(0));
    });

    it("a draw2 starter does not make the first player draw", () => {
      given(deal({ hands: { 1: ["red/5"] }, starter: "red/draw2" }))
        .then(pendingDraw(0), turn(1))
        .when(play(1, "red/5"))
        .then(ok(), turn(2), handSize(1, 4));
    });

    it("a draw4 starter does not make the first player draw", () => {
      given(deal({ hands: { 1: ["red/5"] }, starter: "red/draw4" }))
        .then(pendingDraw(0), turn(1))
        .when(play(1, "red/5"))
        .then(ok(), turn(2), handSize(1, 4));
    });

    it("a stop starter does not skip the first player", () => {
      given(deal({ hands: { 1: ["red/5"] }, starter: "red/stop" }))
        .then(turn(1))
        .when(play(1, "red/5"))
        .then(ok(), turn(2));
    });

    it("a reverse starter does not change the direction", () => {
      given(deal({ hands: { 1: ["red/5"] }, starter: "red/reverse" }))
        .then(turn(1), direction("cw"))
        .when(play(1, "red/5"))
        .then(ok(), turn(2), direction("cw"));
    });

    it("a wild starter lets the first player play any card, with no wish in force", () => {
      given(deal({ hands: { 1: ["blue/5"], 2: ["red/9", "red/5"] }, starter: "wild" }))
        .then(wish(null), turn(1))
        .when(play(1, "blue/5"))
        .then(ok(), top("blue/5"), wish(null), turn(2))
        .when(play(2, "red/9"))
        .then(refused("ILLEGAL_MOVE", "N-3.1"));
    });

    it("a wild starter lets the first player even open with a draw4", () => {
      given(deal({ hands: { 1: ["yellow/draw4"] }, starter: "wild" }))
        .when(play(1, "yellow/draw4"))
        .then(ok(), pendingDraw(4), turn(2));
    });

    it("a wild played on a wild starter still names a colour", () => {
      given(deal({ hands: { 1: ["wild"] }, starter: "wild" }))
        .when(play(1, "wild"))
        .then(refused("CHOICE_REQUIRED", "N-4.5"))
        .when(play(1, "wild", { wish: "yellow" }))
        .then(ok(), wish("yellow"));
    });

    it("with a wild starter every card is playable, so the first player may not draw", () => {
      given(
        deal({
          hands: { 1: ["blue/5", "green/1", "yellow/2", "yellow/3", "blue/4"] },
          starter: "wild",
        }),
      )
        .when(draw(1))
        .then(refused("ILLEGAL_MOVE", "N-3.3"));
    });
  });
});

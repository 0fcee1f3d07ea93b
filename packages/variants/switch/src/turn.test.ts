import {
  bots,
  check,
  direction,
  draw,
  forEachReferee,
  hand,
  handSize,
  holds,
  loggedInOrder,
  notLogged,
  ok,
  pass,
  pendingDraw,
  play,
  refused,
  table,
  top,
  turn,
  wish,
} from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { switchGame } from "./index.js";
import { lastTwoCards } from "./lastCards.js";

forEachReferee(switchGame, ({ given }) => {
  /** Three players, seat 0 deals, seat 1 plays first on clubs/5; the stock's top is `pile`. */
  const start = (hands: Record<number, string[]>, pile: string[] = []) =>
    given(table(switchGame, { players: 3, hands, starter: "clubs/5", drawPile: pile }));

  describe("S-3.1 a card matches the top card in suit or rank, or is an ace", () => {
    it("S-3.1 accepts a card of the top card's suit", () => {
      start({ 1: ["clubs/9"] })
        .when(play(1, "clubs/9"))
        .then(ok(), top("clubs/9"), turn(2));
    });

    it("S-3.1 accepts a card of the top card's rank", () => {
      start({ 1: ["hearts/5"] })
        .when(play(1, "hearts/5"))
        .then(ok(), top("hearts/5"), turn(2));
    });

    it("S-3.1 refuses a card of neither suit nor rank", () => {
      start({ 1: ["diamonds/6", "clubs/9"] })
        .when(play(1, "diamonds/6"))
        .then(refused("ILLEGAL_MOVE", "S-3.1"), turn(1), holds(1, "diamonds/6"));
    });
  });

  describe("S-3.2 draw one instead of playing; a drawn card that fits may be played", () => {
    it("S-3.2 a player who could play may draw instead", () => {
      start({ 1: ["clubs/9"] }, ["hearts/3"])
        .when(draw(1))
        .then(ok(), handSize(1, 8), holds(1, "hearts/3"), turn(2));
    });

    it("S-3.2 a drawn card that fits may be played at once, and only that card", () => {
      start({ 1: ["clubs/9", "hearts/3"] }, ["clubs/j"])
        .when(draw(1))
        .then(ok(), turn(1), holds(1, "clubs/j"))
        .when(play(1, "clubs/9"))
        .then(refused("ILLEGAL_MOVE", "S-3.2"))
        .when(draw(1))
        .then(refused("ILLEGAL_MOVE", "S-3.2"))
        .when(play(1, "clubs/j"))
        .then(ok(), top("clubs/j"), handSize(1, 7), turn(2));
    });

    it("S-3.2 or the player keeps it and passes", () => {
      start({ 1: ["hearts/3"] }, ["clubs/j"])
        .when(draw(1), pass(1))
        .then(ok(), top("clubs/5"), handSize(1, 8), turn(2));
    });

    it("S-3.2 a drawn card that does not fit ends the turn", () => {
      start({ 1: ["hearts/3"] }, ["diamonds/k"])
        .when(draw(1))
        .then(ok(), holds(1, "diamonds/k"), turn(2))
        .when(pass(1))
        .then(refused("NOT_YOUR_TURN"));
    });

    it("S-3.2 passing without drawing is refused", () => {
      start({ 1: ["hearts/3"] })
        .when(pass(1))
        .then(refused("ILLEGAL_MOVE", "S-3.2"), turn(1));
    });
  });

  describe("S-3.3 an empty stock is refilled from the discard pile", () => {
    it("S-3.3 seeded bot games that run the stock dry reshuffle the discard pile but its top card", () => {
      given(table(switchGame, { players: 2, seed: 3 }))
        .when(bots({ until: "game", seed: 3, level: "random" }))
        .then(
          check(({ events }) => {
            expect(events.filter((e) => e.type === "pile.reshuffled").length).toBeGreaterThan(0);
            expect(events.some((e) => e.type === "game.ended")).toBe(true);
          }),
        );
    });
  });

  describe("S-4.1 aces change the suit", () => {
    it("S-4.1 an ace lies on anything; its player names a suit that must be followed", () => {
      start({ 1: ["hearts/a"], 2: ["diamonds/9", "clubs/9"] })
        .when(play(1, "hearts/a", { wish: "diamonds" }))
        .then(ok(), wish("diamonds"), turn(2))
        .when(play(2, "clubs/9"))
        .then(refused("ILLEGAL_MOVE", ["S-3.1", "S-4.1"]))
        .when(play(2, "diamonds/9"))
        .then(ok(), wish(null), top("diamonds/9"));
    });

    it("S-4.1 an ace lies on an ace", () => {
      start({ 1: ["hearts/a"], 2: ["spades/a"] })
        .when(play(1, "hearts/a", { wish: "diamonds" }), play(2, "spades/a", { wish: "hearts" }))
        .then(ok(), wish("hearts"), turn(0));
    });

    it("S-4.1 an ace needs a suit of the deck", () => {
      start({ 1: ["hearts/a"] })
        .when(play(1, "hearts/a"))
        .then(refused("CHOICE_REQUIRED", "S-4.1"));
      start({ 1: ["hearts/a"] })
        .when(play(1, "hearts/a", { wish: "stars" }))
        .then(refused("CHOICE_REQUIRED", "S-4.1"));
    });
  });

  describe("S-4.2 a 2: pick up two, or add a 2", () => {
    const pile = ["spades/k", "spades/q", "spades/j", "spades/10", "spades/9", "spades/7"];

    it("S-4.2 the next player picks up two, which ends their turn", () => {
      start({ 1: ["clubs/2"] }, pile)
        .when(play(1, "clubs/2"))
        .then(ok(), pendingDraw(2), turn(2))
        .when(draw(2))
        .then(ok(), handSize(2, 9), holds(2, "spades/k"), pendingDraw(0), turn(0));
    });

    it("S-4.2 a 2 adds two more; who does not add one picks up the sum", () => {
      start({ 1: ["clubs/2"], 2: ["hearts/2"], 0: ["spades/2"] }, pile)
        .when(play(1, "clubs/2"), play(2, "hearts/2"))
        .then(ok(), pendingDraw(4), turn(0))
        .when(play(0, "spades/2"))
        .then(ok(), pendingDraw(6), turn(1))
        .when(draw(1))
        .then(ok(), handSize(1, 6 + 6), pendingDraw(0), turn(2));
    });

    it("S-4.2 while two are to be picked up only a 2 may be played, not even an ace", () => {
      start({ 1: ["clubs/2"], 2: ["clubs/9", "hearts/a", "diamonds/2"] }, pile)
        .when(play(1, "clubs/2"), play(2, "clubs/9"))
        .then(refused("ILLEGAL_MOVE", "S-4.2"))
        .when(play(2, "hearts/a", { wish: "hearts" }))
        .then(refused("ILLEGAL_MOVE", ["S-4.1", "S-4.2"]))
        .when(play(2, "diamonds/2"))
        .then(ok(), pendingDraw(4));
    });
  });

  describe("S-4.3 an 8: the next player misses a turn", () => {
    it("S-4.3 with three players the 8 skips seat 2", () => {
      start({ 1: ["clubs/8"] })
        .when(play(1, "clubs/8"))
        .then(ok(), top("clubs/8"), turn(0));
    });

    it("S-4.3 with two players the player of the 8 goes again", () => {
      given(table(switchGame, { players: 2, hands: { 1: ["clubs/8"] }, starter: "clubs/5" }))
        .when(play(1, "clubs/8"))
        .then(ok(), turn(1));
    });
  });

  describe("S-4.4 a king reverses the direction of play", () => {
    it("S-4.4 with three players the king sends the turn back to seat 0", () => {
      start({ 1: ["clubs/k"], 0: ["clubs/9"] })
        .then(direction("cw"))
        .when(play(1, "clubs/k"))
        .then(ok(), direction("ccw"), turn(0))
        .when(play(0, "clubs/9"))
        .then(ok(), turn(2));
    });

    it("S-4.4 with two players a king changes nothing: the other player is next", () => {
      given(table(switchGame, { players: 2, hands: { 1: ["clubs/k"] }, starter: "clubs/5" }))
        .when(play(1, "clubs/k"))
        .then(ok(), turn(0));
    });
  });

  describe('S-5 "Last card" with the second-to-last card', () => {
    /**
     * Two players on clubs/5: seat 1 plays five clubs while seat 0 draws cards that do not fit;
     * after the returned steps seat 1 holds exactly `pair` and is to play.
     */
    const twoLeft = (pair: [string, string]) =>
      lastTwoCards(given, pair, {}, ["hearts/6", "hearts/7"]).then(
        ok(),
        hand(1, pair),
        turn(1),
        top("clubs/9"),
      );

    it('S-5 "Last card" with the second-to-last card costs nothing', () => {
      twoLeft(["clubs/10", "clubs/j"])
        .when(play(1, "clubs/10", { mau: true }))
        .then(ok(), hand(1, ["clubs/j"]), turn(0), notLogged("call.missed"));
    });

    it("S-5 forgotten: two penalty cards are picked up right after the play", () => {
      twoLeft(["clubs/10", "clubs/j"])
        .when(play(1, "clubs/10"))
        .then(
          ok(),
          hand(1, ["clubs/j", "hearts/j", "hearts/6"]),
          turn(0),
          loggedInOrder(
            { type: "card.played", data: { seat: 1, card: "clubs/10" } },
            { type: "call.missed", data: { seat: 1, call: "mau" } },
            { type: "cards.drawn", data: { seat: 1, cards: ["hearts/j", "hearts/6"] } },
          ),
        );
    });

    it("S-5 the legal moves of a player on two cards say it", () => {
      twoLeft(["clubs/10", "clubs/j"]).then(
        check(({ driver }) =>
          expect(driver.legalMoves(1)).toContainEqual(
            expect.objectContaining({ type: "playCard", card: "clubs/10", mau: true }),
          ),
        ),
      );
    });
  });
});

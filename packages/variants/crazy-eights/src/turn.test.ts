import { chartOf, type Command } from "@maumau/engine";
import {
  bots,
  check,
  draw,
  forEachReferee,
  handSize,
  holds,
  notLogged,
  ok,
  pass,
  play,
  refused,
  table,
  top,
  turn,
  wish,
} from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { crazyEights } from "./index.js";
import { raceTable, RACE_TO_TWO } from "./race.js";

/** The data of a logged event (the scenario types events by their `type` only). */
const dataOf = <T>(e: { type: string }): T => (e as unknown as { data: T }).data;

/** Seat 1 (first to play at three) holds no club, no five and no eight against clubs/5. */
const STUCK = ["hearts/2", "hearts/3", "hearts/4", "diamonds/6", "diamonds/7"];

forEachReferee(crazyEights, ({ given }) => {
  const start = (hands: Record<number, string[]>, drawPile: string[] = []) =>
    table(crazyEights, { players: 3, hands, starter: "clubs/5", drawPile });

  describe("E-3.1 a card matches the top card in suit or rank", () => {
    it("E-3.1 accepts a card of the top card's suit", () => {
      given(start({ 1: ["clubs/9"] }))
        .when(play(1, "clubs/9"))
        .then(ok(), top("clubs/9"), turn(2));
    });

    it("E-3.1 accepts a card of the top card's rank", () => {
      given(start({ 1: ["hearts/5"] }))
        .when(play(1, "hearts/5"))
        .then(ok(), top("hearts/5"), turn(2));
    });

    it("E-3.1 refuses a card of neither suit nor rank", () => {
      given(start({ 1: ["diamonds/6", "clubs/9"] }))
        .when(play(1, "diamonds/6"))
        .then(refused("ILLEGAL_MOVE", "E-3.1"), turn(1), holds(1, "diamonds/6"));
    });
  });

  describe("E-3.2 draw only without a playable card, until one fits, at most three", () => {
    it("E-3.2 a player with a playable card may not draw", () => {
      given(start({ 1: ["clubs/9"] }))
        .when(draw(1))
        .then(refused("ILLEGAL_MOVE", "E-3.2"), handSize(1, 5));
    });

    it("E-3.2 draws past cards that do not fit and offers the first that does; it may be played", () => {
      given(start({ 1: STUCK }, ["spades/k", "clubs/j", "hearts/9"]))
        .when(draw(1))
        .then(ok(), handSize(1, 7), turn(1), holds(1, "clubs/j"))
        .when(play(1, "clubs/j"))
        .then(ok(), top("clubs/j"), turn(2));
    });

    it("E-3.2 after drawing only the card that fits may be played, or the player passes", () => {
      given(start({ 1: STUCK }, ["clubs/j"]))
        .when(draw(1))
        .then(ok(), turn(1))
        .when(play(1, "hearts/2"))
        .then(refused("ILLEGAL_MOVE", "E-3.2"))
        .when(draw(1))
        .then(refused("ILLEGAL_MOVE", "E-3.2"))
        .when(pass(1))
        .then(ok(), handSize(1, 6), top("clubs/5"), turn(2));
    });

    it("E-3.2 three cards that do not fit: the turn passes, and the fourth stays in the stock", () => {
      given(start({ 1: STUCK }, ["spades/k", "hearts/9", "diamonds/j", "clubs/j"]))
        .when(draw(1))
        .then(ok(), handSize(1, 8), turn(2), top("clubs/5"), notLogged("pile.reshuffled"))
        .when(play(2, "clubs/j"))
        .then(refused("NOT_IN_HAND"));
    });

    it("E-3.2 an eight drawn fits and is offered", () => {
      given(start({ 1: STUCK }, ["spades/k", "hearts/8"]))
        .when(draw(1))
        .then(ok(), turn(1))
        .when(play(1, "hearts/8", { wish: "diamonds" }))
        .then(ok(), wish("diamonds"), turn(2));
    });
  });

  describe("E-3.3 an empty stock is not refilled", () => {
    it("E-3.3 over a whole match of five players, nothing is ever reshuffled and some draws find the stock empty", () => {
      given(table(crazyEights, { players: 5, seed: 3 }))
        .when(bots({ until: "match", seed: 3, level: "random" }))
        .then(
          notLogged("pile.reshuffled"),
          check(({ events }) =>
            expect(
              events.some(
                (e) =>
                  e.type === "cards.drawn" && dataOf<{ cards: unknown[] }>(e).cards.length === 0,
              ),
            ).toBe(true),
          ),
        );
    });
  });

  describe("E-4.1 eights are wild and name a suit", () => {
    it("E-4.1 an eight lies on a card of another suit and rank; the suit named must follow", () => {
      given(start({ 1: ["hearts/8", "diamonds/6"], 2: ["spades/9", "diamonds/2"] }))
        .when(play(1, "hearts/8", { wish: "diamonds" }))
        .then(ok(), wish("diamonds"), turn(2))
        .when(play(2, "spades/9"))
        .then(refused("ILLEGAL_MOVE", "E-3.1"))
        .when(play(2, "diamonds/2"))
        .then(ok(), wish(null), top("diamonds/2"));
    });

    it("E-4.1 an eight lies on an eight, whatever suit was named", () => {
      given(start({ 1: ["hearts/8", "diamonds/6"], 2: ["spades/8", "spades/2"] }))
        .when(play(1, "hearts/8", { wish: "diamonds" }), play(2, "spades/8", { wish: "spades" }))
        .then(ok(), wish("spades"), top("spades/8"), turn(0));
    });

    it("E-4.1 an eight needs a suit of the deck", () => {
      given(start({ 1: ["hearts/8", "diamonds/6"] }))
        .when(play(1, "hearts/8"))
        .then(refused("CHOICE_REQUIRED", "E-4.1"))
        .when(play(1, "hearts/8", { wish: "eichel" }))
        .then(refused("CHOICE_REQUIRED", "E-4.1"), holds(1, "hearts/8"));
    });
  });

  describe("E-5 nothing is called", () => {
    it("E-5 the second-to-last card: the legal moves carry no call, and playing it without one costs nothing", () => {
      given(raceTable())
        .when(...RACE_TO_TWO)
        .then(
          ok(),
          turn(1),
          handSize(1, 2),
          check(({ driver }) => {
            const plays = driver
              .legalMoves(1)
              .filter((m): m is Extract<Command, { type: "playCard" }> => m.type === "playCard");
            expect(plays.map((m) => m.card).sort()).toEqual(["clubs/k", "clubs/q"]);
            for (const m of plays) expect(m.mau === true || m.mauMau === true).toBe(false);
          }),
        )
        .when(play(1, "clubs/q"))
        .then(ok(), handSize(1, 1), notLogged("call.missed"), turn(2));
    });

    it.each(["random", "heuristic", "search"] as const)("E-5 %s bots never call", (level) => {
      given(table(crazyEights, { players: 4, seed: 2 }))
        .when(bots({ until: level === "search" ? "game" : "match", seed: 2, level }))
        .then(
          notLogged("call.missed"),
          check(({ events }) => {
            const played = events.filter((e) => e.type === "card.played");
            expect(played.length).toBeGreaterThan(0);
            for (const e of played) {
              const d = dataOf<{ mau: boolean; mauMau: boolean }>(e);
              expect(d.mau || d.mauMau).toBe(false);
            }
          }),
        );
    });
  });
});

describe("E-3.2/E-3.3 the chart says what a draw does", () => {
  it("E-3.2 every draw transition names the cap of three and the stock that is not refilled", () => {
    const chart = chartOf(crazyEights.engine.machine(crazyEights.ruleSetFor({ targetScore: 500 })));
    const draws = chart.states.flatMap((s) => s.transitions.filter((t) => t.event === "drawCard"));
    expect(draws.length).toBeGreaterThan(0);
    for (const t of draws)
      expect(t.description).toBe(
        "draws until a card fits (at most 3); an empty draw pile is not refilled; the turn passes unless the drawn card is offered",
      );
  });
});

import { describe, expect, it } from "vitest";
import { BAVARIAN_32, NORIS_110 } from "../cards/decks.js";
import { plainClassicRuleSet, testVariant } from "./fixtures.js";
import {
  bots,
  check,
  classicDealingSequence,
  cut,
  dealer,
  draw,
  drawPile,
  given,
  hand,
  handSize,
  holds,
  logged,
  loggedInOrder,
  nextGame,
  notLogged,
  ok,
  pendingDraw,
  play,
  raw,
  refused,
  repeat,
  results,
  stackDeck,
  status,
  table,
  top,
  turn,
  wish,
} from "./index.js";

const baseRules = plainClassicRuleSet;

/** noris-like: one card at a time. */
const single = testVariant("single", baseRules({}), NORIS_110.cards);
/** Bavarian-like: blocks of 3 and 2, a cut before the deal where an Unter may be kept. */
const blocks = testVariant(
  "blocks",
  baseRules({
    deck: "bavarian-32",
    players: { min: 2, max: 5 },
    dealing: "blocks-3-2",
    cut: { enabled: true, keepRank: "u" },
    effects: { u: { kind: "wish", onWish: true } },
  }),
  BAVARIAN_32.cards,
);

describe("stackDeck", () => {
  it("deals the requested hands, starter and draw pile one card at a time", () => {
    const hands = {
      0: ["red/1", "red/2"],
      2: ["wild", "blue/draw2", "blue/draw2", "red/9", "red/9"],
    };
    given(
      table(single, { players: 3, dealer: 1, hands, starter: "yellow/5", drawPile: ["green/7"] }),
    ).then(
      holds(0, "red/1", "red/2"),
      handSize(0, 5),
      hand(2, hands[2]),
      handSize(1, 5),
      top("yellow/5"),
      turn(2),
      drawPile(110 - 16),
      check(({ driver }) => {
        const d = driver.state as { drawPile: string[] };
        expect(d.drawPile[0]).toBe("green/7");
      }),
    );
  });

  it("fills hands that are not listed, and the draw pile, in pack order", () => {
    const deck = stackDeck(single, { players: 2, hands: { 1: ["wild"] }, starter: "red/9" });
    expect(deck).toHaveLength(110);
    // Filler goes to seat 0 first (green/1, green/1, green/2, green/2, green/3), then seat 1;
    // seat 1 is dealt first.
    expect(deck.slice(0, 10)).toEqual([
      "wild",
      "green/1",
      "green/3",
      "green/1",
      "green/4",
      "green/2",
      "green/4",
      "green/2",
      "green/5",
      "green/3",
    ]);
    expect(deck[10]).toBe("red/9");
    expect(deck[11]).toBe("green/5");
  });

  it("is a permutation of the variant's deck", () => {
    const deck = stackDeck(single, {
      players: 4,
      hands: { 3: ["wild", "wild", "wild"] },
      drawPile: ["wild", "wild", "wild"],
    });
    expect([...deck].sort()).toEqual([...NORIS_110.cards].sort());
  });

  it("refuses cards the deck does not hold, and over-full hands", () => {
    expect(() =>
      stackDeck(single, { players: 2, hands: { 0: ["red/9", "red/9", "red/9"] } }),
    ).toThrow(/red\/9/);
    expect(() => stackDeck(single, { players: 2, hands: { 0: ["red/10"] } })).toThrow(/red\/10/);
    expect(() =>
      stackDeck(single, {
        players: 2,
        hands: { 1: ["red/1", "red/2", "red/3", "red/4", "red/5", "red/6"] },
      }),
    ).toThrow(/seat 1/);
    expect(() => stackDeck(single, { players: 2, hands: { 2: ["red/1"] } })).toThrow(/seat 2/);
  });

  it("deals in blocks of three then two", () => {
    expect(classicDealingSequence({ handSize: 5, dealing: "blocks-3-2" }, 3, 0)).toEqual([
      1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 2, 2, 0, 0,
    ]);
    expect(classicDealingSequence({ handSize: 5, dealing: "single" }, 2, 1)).toEqual([
      0, 1, 0, 1, 0, 1, 0, 1, 0, 1,
    ]);
    const hands = {
      0: ["herz/7", "herz/8", "herz/9", "herz/10", "herz/k"],
      1: ["gras/7", "gras/8", "gras/9", "gras/10", "gras/k"],
      2: ["eichel/7", "eichel/8", "eichel/9", "eichel/10", "eichel/k"],
    };
    given(table(blocks, { players: 3, hands, starter: "schellen/a", cut: { at: 7 } }))
      .when(cut(2, 7))
      .then(ok(), hand(0, hands[0]), hand(1, hands[1]), hand(2, hands[2]), top("schellen/a"));
  });

  it("lays the deck out for a cut that keeps the bottom Unter", () => {
    const hands = { 1: ["gras/u", "gras/7", "gras/8", "gras/9", "gras/10"], 0: ["herz/7"] };
    given(table(blocks, { players: 2, hands, starter: "eichel/k", cut: { at: 20, keep: true } }))
      .when(cut(1, 20, true))
      .then(ok(), hand(1, hands[1]), holds(0, "herz/7"), top("eichel/k"), turn(1));
  });
});

describe("given / when / then", () => {
  const deal = (spec: Parameters<typeof stackDeck>[1]) => table(single, { ...spec, mode: "both" });

  it("checks results, refusals and the table", () => {
    given(
      deal({
        players: 2,
        hands: { 1: ["red/draw2", "blue/5"], 0: ["blue/draw2"] },
        starter: "red/9",
      }),
    )
      .when(play(1, "blue/5"))
      .then(refused("ILLEGAL_MOVE"))
      .when(play(1, "red/draw2"), play(0, "blue/draw2"))
      .then(ok(), pendingDraw(4), turn(1), top("blue/draw2"), wish(null))
      .when(draw(1))
      .then(
        handSize(1, 4 + 4),
        pendingDraw(0),
        turn(0),
        logged({ type: "cards.drawn", data: { seat: 1 } }),
      );
  });

  it("refused() fails when the command was accepted", () => {
    const s = given(deal({ players: 2, hands: { 1: ["red/5"] }, starter: "red/9" })).when(
      play(1, "red/5"),
    );
    expect(() => s.then(refused("ILLEGAL_MOVE"))).toThrow();
    expect(() => s.then(results("ok"), status("playing"))).not.toThrow();
  });

  it("reads the event log in order", () => {
    given(deal({ players: 2, hands: { 1: ["red/5"] }, starter: "red/9" }))
      .when(play(1, "red/5"))
      .then(
        loggedInOrder("card.played", { type: "turn.started", data: { seat: 0 } }),
        notLogged("cards.drawn"),
      );
  });

  it("sends anything with raw()", () => {
    given(deal({ players: 2 }))
      .when(raw({ type: "shout", seat: 1 }))
      .then(refused("INVALID_COMMAND"));
  });

  it("lets bots play a match out, dealer moving on", () => {
    given(table(single, { players: 3, seed: 3 }))
      .when(bots())
      .then(status("gameOver"), turn(null), dealer(0))
      .when(nextGame())
      .then(ok(), dealer(1), turn(2))
      .when(bots({ until: "match", seed: 9 }))
      .then(status("matchOver"));
  });

  it("repeat() builds commands going round the table", () => {
    given(deal({ players: 2, hands: { 1: ["green/1"], 0: ["green/2"] }, starter: "red/9" }))
      .when(repeat(4, (i) => draw(i % 2 === 0 ? 1 : 0)))
      .then(results("ok", "ok", "ok", "ok"), handSize(0, 7), handSize(1, 7));
  });
});

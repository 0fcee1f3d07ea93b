import {
  check,
  draw,
  drawPile,
  drawPileOf,
  forEachReferee,
  handSize,
  logged,
  notLogged,
  ok,
  pass,
  play,
  scores,
  status,
  table,
  top,
  totals,
  turn,
  type TableSpec,
  winners,
} from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { custom, parseRuleSet, type RuleSetInput } from "./index.js";

/** A French pack without special cards: only the option under test decides. */
const plain = (more: Partial<RuleSetInput> = {}): RuleSetInput => ({
  version: 1,
  deck: "french-52",
  players: { min: 2, max: 5 },
  ...more,
});

const errorsOf = (input: unknown): string[] => {
  const parsed = parseRuleSet(input);
  return parsed.ok ? [] : parsed.errors;
};

forEachReferee(custom, ({ given }) => {
  const at = (options: RuleSetInput, spec: Omit<TableSpec, "options">) =>
    given(table(custom, { ...spec, options }));

  describe("C-3.1 hand size by number of players", () => {
    const rules = plain({ handSize: 5, handSizeByPlayers: { "2": 7 } });

    it("C-3.1 deals seven each at a table of two", () => {
      at(rules, { players: 2 }).then(handSize(0, 7), handSize(1, 7), drawPile(52 - 15));
    });

    it("C-3.1 deals the plain hand size at any other table", () => {
      at(rules, { players: 3 }).then(handSize(0, 5), handSize(1, 5), handSize(2, 5));
    });
  });

  describe("C-3.2 draw until a card fits, at most the cap, then the turn passes", () => {
    const rules = plain({ turn: { drawUntilPlayable: true, drawCap: 3 } });
    const hand = ["hearts/2", "hearts/3", "hearts/4", "hearts/6", "hearts/7"];

    it("C-3.2 three cards that do not fit are drawn and the turn passes", () => {
      at(rules, {
        players: 2,
        hands: { 1: hand },
        starter: "clubs/5",
        drawPile: ["diamonds/k", "spades/9", "diamonds/j", "clubs/j"],
      })
        .when(draw(1))
        .then(ok(), handSize(1, 8), turn(0), top("clubs/5"));
    });

    it("C-3.2 a card that fits within the cap is offered: play it or pass", () => {
      at(rules, {
        players: 2,
        hands: { 1: hand },
        starter: "clubs/5",
        drawPile: ["diamonds/k", "clubs/j", "diamonds/j"],
      })
        .when(draw(1))
        .then(ok(), handSize(1, 7), turn(1))
        .when(play(1, "clubs/j"))
        .then(ok(), top("clubs/j"), turn(0));
    });

    it("C-3.2 the offered card may be passed on", () => {
      at(rules, {
        players: 2,
        hands: { 1: hand },
        starter: "clubs/5",
        drawPile: ["clubs/j"],
      })
        .when(draw(1), pass(1))
        .then(ok(), handSize(1, 6), turn(0));
    });
  });

  describe("C-3.3 the winner collects the points of the other hands", () => {
    // Seat 1 goes out in three plays; seat 0 draws twice and holds hearts/k 10, hearts/2 2,
    // spades/8 8 (no French preset values here: face value), diamonds/3 3, diamonds/4 4 = 27.
    const finish = (points: "penalty" | "winner") =>
      at(
        plain({
          handSize: 3,
          scoring: {
            values: { "8": 8 },
            points,
            matchEnd: { kind: "target", target: 20 },
          },
        }),
        {
          players: 2,
          hands: { 0: ["hearts/k", "hearts/2", "spades/8"], 1: ["clubs/6", "clubs/7", "clubs/9"] },
          starter: "clubs/5",
          drawPile: ["diamonds/3", "diamonds/4"],
        },
      ).when(play(1, "clubs/6"), draw(0), play(1, "clubs/7"), draw(0), play(1, "clubs/9"));

    it("C-3.3 `winner`: the winner scores the other hands, and the highest total wins the match", () => {
      finish("winner").then(
        ok(),
        scores([0, 27]),
        totals([0, 27]),
        status("matchOver"),
        winners([1]),
      );
    });

    it("C-3.3 `penalty` (the default): each scores their own hand, the lowest total wins", () => {
      finish("penalty").then(
        ok(),
        scores([27, 0]),
        totals([27, 0]),
        status("matchOver"),
        winners([1]),
      );
    });
  });

  describe("C-3.4 an empty draw pile passes instead of being refilled", () => {
    // Five players of ten cards each leave one card to draw (C-3.1 makes the table).
    const spec = {
      players: 5,
      hands: {
        1: ["clubs/6"],
        2: ["hearts/2", "hearts/3", "hearts/4", "hearts/5", "hearts/7"],
        3: ["diamonds/2", "diamonds/3", "diamonds/4", "diamonds/5", "diamonds/7"],
      },
      starter: "clubs/5",
      drawPile: ["hearts/k"],
    };
    const more = ["8", "9", "10", "j", "q"];
    const hands = {
      1: spec.hands[1],
      2: [...spec.hands[2], ...more.map((r) => `hearts/${r}`)],
      3: [...spec.hands[3], ...more.map((r) => `diamonds/${r}`)],
    };
    const rules = (emptyStock?: "pass" | "reshuffle") =>
      plain({
        handSizeByPlayers: { "5": 10 },
        turn: emptyStock === undefined ? {} : { emptyStock },
      });

    it("C-3.4 `pass`: the draw stops short, nothing is reshuffled, the turn passes", () => {
      at(rules("pass"), { ...spec, hands })
        .when(play(1, "clubs/6"), draw(2))
        .then(ok(), handSize(2, 11), drawPile(0))
        .when(draw(3))
        .then(ok(), handSize(3, 10), turn(4), notLogged("pile.reshuffled"), top("clubs/6"));
    });

    it("C-3.4 `reshuffle` (the default): the discard pile but its top card is the new draw pile", () => {
      at(rules(), { ...spec, hands })
        .when(play(1, "clubs/6"), draw(2), draw(3))
        .then(ok(), handSize(3, 11), turn(4), logged("pile.reshuffled"), top("clubs/6"));
    });
  });

  describe("C-3.5 a buried starter goes to the bottom of the draw pile", () => {
    const rules = plain({
      effects: { "8": { kind: "wish" } },
      turn: { starterEffects: true, buryStarter: ["8"] },
    });

    it("C-3.5 an eight turned up is buried and the next card is the starter", () => {
      at(rules, { players: 2, starter: "clubs/8", drawPile: ["hearts/5", "spades/k"] }).then(
        status("playing"),
        top("hearts/5"),
        turn(1),
        drawPile(52 - 10 - 1),
        check(({ driver }) => expect(drawPileOf(driver.state).at(-1)).toBe("clubs/8")),
      );
    });

    it("C-3.5 eights turned up one after another are all buried; the buried card is drawn last", () => {
      at(rules, {
        players: 2,
        hands: { 1: ["diamonds/2", "diamonds/3", "diamonds/4", "diamonds/6", "diamonds/7"] },
        starter: "clubs/8",
        drawPile: ["spades/8", "hearts/5"],
      }).then(
        top("hearts/5"),
        turn(1),
        drawPile(41),
        check(({ driver }) => {
          expect(drawPileOf(driver.state).slice(-2)).toEqual(["clubs/8", "spades/8"]);
        }),
      );
    });

    it("C-3.5 without the option an eight starter takes effect (F-2.3): the dealer names a suit", () => {
      at(plain({ effects: { "8": { kind: "wish" } }, turn: { starterEffects: true } }), {
        players: 2,
        starter: "clubs/8",
      }).then(status("setup"), top("clubs/8"), turn(0), notLogged("starter.buried"));
    });
  });
});

describe("C-3 the options are validated", () => {
  it("C-3.1 a hand size that cannot be dealt at its table is refused by name", () => {
    expect(errorsOf(plain({ players: { min: 2, max: 6 }, handSizeByPlayers: { "6": 9 } }))).toEqual(
      [expect.stringContaining("handSizeByPlayers.6: 6 players × 9 cards")],
    );
  });

  it("C-3.2 a draw cap needs draw-until-playable", () => {
    expect(errorsOf(plain({ turn: { drawCap: 3 } }))).toEqual([
      "turn.drawCap: needs drawUntilPlayable",
    ]);
  });

  it("C-3.3 winner points cannot end a match over a limit", () => {
    expect(
      errorsOf(plain({ scoring: { points: "winner", matchEnd: { kind: "limit", limit: 100 } } })),
    ).toEqual([expect.stringContaining("scoring.points")]);
  });

  it("C-3 a document without the new options reads back unchanged", () => {
    const parsed = parseRuleSet(plain());
    expect(parsed.ok && "handSizeByPlayers" in parsed.doc).toBe(false);
  });
});

import { isRefusal, parseOptions } from "@maumau/engine";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CUSTOM_PROBLEMS,
  custom,
  problemOf,
  problemText,
  ruleSetSchema,
  type CustomProblem,
  type Problem,
} from "./index.js";

const base = { version: 1, deck: "french-52" } as const;

/** A document with each problem (and no other), where the problem is named, and its values. */
const CASES: { readonly [P in CustomProblem]: [input: object, path: string, problem: Problem] } = {
  noRank: [
    { ...base, effects: { z: { kind: "skip" } } },
    "effects.z",
    { problem: "noRank", deck: "french-52", rank: "z" },
  ],
  // More values than the deck with the most ranks (noris-110, 14) has ranks.
  tooManyRanks: [
    { ...base, scoring: { values: Object.fromEntries([...Array(40).keys()].map((i) => [i, 1])) } },
    "scoring.values",
    { problem: "tooManyRanks", max: 14 },
  ],
  playersMinOverMax: [
    { ...base, players: { min: 5, max: 3 } },
    "players",
    { problem: "playersMinOverMax" },
  ],
  cannotDeal: [
    { ...base, deck: "french-32", handSize: 8, players: { min: 2, max: 4 } },
    "handSize",
    { problem: "cannotDeal", players: 4, size: 8, cards: 32 },
  ],
  drawCapWithoutDrawUntilPlayable: [
    { ...base, turn: { drawCap: 3 } },
    "turn.drawCap",
    { problem: "drawCapWithoutDrawUntilPlayable" },
  ],
  limitNeedsPenaltyPoints: [
    { ...base, scoring: { points: "winner", matchEnd: { kind: "limit", limit: 100 } } },
    "scoring.points",
    { problem: "limitNeedsPenaltyPoints" },
  ],
  drawUntilPlayableWithVoluntaryDraw: [
    { ...base, turn: { voluntaryDraw: true, drawUntilPlayable: true } },
    "turn.drawUntilPlayable",
    { problem: "drawUntilPlayableWithVoluntaryDraw" },
  ],
  mauMauCostsNothing: [
    { ...base, calls: { mauMau: { required: true, penalty: 0 } } },
    "calls.mauMau.penalty",
    { problem: "mauMauCostsNothing" },
  ],
  ruleIdForm: [
    { ...base, effects: { j: { kind: "wish", rule: "H 2" } } },
    "effects.j.rule",
    { problem: "ruleIdForm" },
  ],
  playersKey: [
    { ...base, handSizeByPlayers: { "2": 7, "11": 5 } },
    "handSizeByPlayers.11",
    { problem: "playersKey" },
  ],
};

describe("the schema's own problems: one table of words, English and German", () => {
  it.each(CUSTOM_PROBLEMS)("%s: the issue names it with its values, in both languages", (name) => {
    const [input, path, problem] = CASES[name];
    const parsed = ruleSetSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    const issues = parsed.error!.issues;
    // Named first (a table of too many ranks names a rank the deck lacks, too).
    const [issue] = issues;
    expect(issue!.path.join(".")).toBe(path);
    const text = problemText(problem);
    expect(issue).toMatchObject({
      code: "custom",
      message: text.en,
      params: { ...problem, de: text.de },
    });
    expect(problemOf((issue as { params?: unknown }).params)).toMatchObject(problem);
    // German throughout: not the English, and none of its words.
    expect(text.de).not.toBe(text.en);
    expect(text.de).not.toMatch(/\b(the|needs|cannot|must|players|cards|rank|at most)\b/);
  });

  it("a refusal of options says each problem in the answer's language (the server's INVALID_OPTIONS)", () => {
    const refused = parseOptions(custom, {
      ...base,
      handSize: 10,
      players: { min: 2, max: 6 },
      turn: { drawCap: 3 },
    });
    expect(isRefusal(refused)).toBe(true);
    if (!isRefusal(refused)) return;
    expect(refused.message).toEqual({
      en:
        "Invalid options for custom: 6 players × 10 cards + a starter need more than the 52 cards of the deck at handSize; " +
        "needs drawUntilPlayable at turn.drawCap.",
      de:
        "Ungültige Optionen für custom: 6 Spieler × 10 Karten + eine Startkarte brauchen mehr als die 52 Karten des Blatts bei handSize; " +
        "braucht drawUntilPlayable bei turn.drawCap.",
    });
  });

  it("a rule id of other characters is refused saying what a rule id is, in both languages (not by its path alone)", () => {
    for (const [at, doc] of [
      ["effects.j.rule", { ...base, effects: { j: { kind: "skip", rule: "-1" } } }],
      ["ruleIds.draw", { ...base, ruleIds: { draw: "N 4" } }],
      ["ruleIds.match", { ...base, ruleIds: { match: "Regel_1" } }],
    ] as const) {
      const refused = parseOptions(custom, doc);
      expect(isRefusal(refused) && refused.message, at).toEqual({
        en: `Invalid options for custom: a rule id is letters, digits, dots and dashes, starting with a letter or digit at ${at}.`,
        de: `Ungültige Optionen für custom: eine Regel-Nummer besteht aus Buchstaben, Ziffern, Punkten und Bindestrichen und beginnt mit einem Buchstaben oder einer Ziffer bei ${at}.`,
      });
    }
    // The ids refusals cite pass: a variant's, a house rule's own.
    for (const rule of ["N-4.2", "C-1.8c", "H-2", "x"])
      expect(isRefusal(parseOptions(custom, { ...base, ruleIds: { draw: rule } })), rule).toBe(
        false,
      );
    // An empty id is refused once, for its form (not for its length too); a long one for its
    // length.
    const empty = parseOptions(custom, { ...base, ruleIds: { draw: "" } });
    expect(isRefusal(empty) && empty.message).toEqual({
      en: "Invalid options for custom: a rule id is letters, digits, dots and dashes, starting with a letter or digit at ruleIds.draw.",
      de: "Ungültige Optionen für custom: eine Regel-Nummer besteht aus Buchstaben, Ziffern, Punkten und Bindestrichen und beginnt mit einem Buchstaben oder einer Ziffer bei ruleIds.draw.",
    });
    const emptyRule = ruleSetSchema.safeParse({
      ...base,
      effects: { j: { kind: "skip", rule: "" } },
    });
    expect(emptyRule.error?.issues.map((i) => i.path.join("."))).toEqual(["effects.j.rule"]);
    const long = parseOptions(custom, { ...base, ruleIds: { draw: "N".repeat(17) } });
    expect(isRefusal(long) && long.message.en).toBe(
      "Invalid options for custom: at most 16 characters at ruleIds.draw.",
    );
  });

  it("a key of handSizeByPlayers other than a number of players is refused saying so, in both languages (not by its path alone)", () => {
    for (const key of ["1", "11", "02", "two", ""]) {
      const refused = parseOptions(custom, { ...base, handSizeByPlayers: { [key]: 7 } });
      expect(isRefusal(refused) && refused.message, key).toEqual({
        en: `Invalid options for custom: a key is a number of players from 2 to 10 at handSizeByPlayers.${key}.`,
        de: `Ungültige Optionen für custom: ein Schlüssel ist eine Spielerzahl von 2 bis 10 bei handSizeByPlayers.${key}.`,
      });
    }
    for (const key of ["2", "7", "10"])
      expect(
        isRefusal(parseOptions(custom, { ...base, handSizeByPlayers: { [key]: 3 } })),
        key,
      ).toBe(false);
  });

  it("the published JSON Schema still gives a rule id's pattern and a number of players'", () => {
    const schema = JSON.stringify(z.toJSONSchema(ruleSetSchema, { io: "input" }));
    expect(schema).toContain(
      '"rule":{"type":"string","maxLength":16,"pattern":"^[A-Za-z0-9][A-Za-z0-9.-]*$"}',
    );
    expect(schema).toContain('"propertyNames":{"type":"string","pattern":"^([2-9]|10)$"}');
  });

  it("problemOf reads a problem from an issue's params, and nothing else", () => {
    expect(problemOf({ problem: "cannotDeal", players: 6, size: 10, cards: 52 })).toEqual({
      problem: "cannotDeal",
      players: 6,
      size: 10,
      cards: 52,
    });
    expect(problemOf({ problem: "mauMauCostsNothing" })).toEqual({ problem: "mauMauCostsNothing" });
    // An unknown problem, a value missing or of the wrong type, no params at all.
    expect(problemOf({ problem: "toString" })).toBeUndefined();
    expect(problemOf({ problem: "cannotDeal", players: 6, size: 10 })).toBeUndefined();
    expect(problemOf({ problem: "noRank", deck: "french-52", rank: 7 })).toBeUndefined();
    expect(problemOf(undefined)).toBeUndefined();
    expect(problemOf("cannotDeal")).toBeUndefined();
  });
});

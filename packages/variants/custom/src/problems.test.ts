import { isRefusal, parseOptions } from "@maumau/engine";
import { describe, expect, it } from "vitest";
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

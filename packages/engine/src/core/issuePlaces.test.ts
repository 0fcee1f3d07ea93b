import { describe, expect, it } from "vitest";
import { z } from "zod";
import { issuePlaces, issueWords, placesText } from "./issuePlaces.js";
import { parseOptions, type Variant } from "./variant.js";

const schema = z
  .object({
    games: z.number().int().min(1).max(100).optional(),
    name: z.string().max(8).optional(),
    stock: z.enum(["pass", "reshuffle"]).optional(),
    hand: z.number().int().positive().optional(),
  })
  .strict()
  .superRefine((o, ctx) => {
    if (o.games === 7 && o.hand === 9)
      ctx.addIssue({ code: "custom", message: "7 games of 9 cards are too many", path: ["hand"] });
    if (o.games === 8 && o.hand === 8)
      ctx.addIssue({
        code: "custom",
        message: "8 games of 8 cards are too many",
        path: ["hand"],
        params: { de: "8 Spiele zu 8 Karten sind zu viele" },
      });
  });

const placesOf = (input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected a refusal");
  return issuePlaces(result.error.issues);
};

describe("issuePlaces: where input was refused, in the project's words", () => {
  it("names bounds, types, choices, unknown keys and our own checks, English and German", () => {
    expect(placesOf({ games: 0 })).toEqual({
      en: ["at least 1 at games"],
      de: ["mindestens 1 bei games"],
    });
    expect(placesOf({ games: 101 })).toEqual({
      en: ["at most 100 at games"],
      de: ["höchstens 100 bei games"],
    });
    expect(placesOf({ hand: 0 })).toEqual({
      en: ["more than 0 at hand"],
      de: ["mehr als 0 bei hand"],
    });
    expect(placesOf({ name: "a".repeat(9) }).en).toEqual(["at most 8 characters at name"]);
    // A check's words as issueWords writes them come back in both languages.
    const named = z.object({
      id: z.string().refine((id) => id !== "x", issueWords({ en: "not x", de: "nicht x" })),
    });
    expect(issuePlaces(named.safeParse({ id: "x" }).error?.issues)).toEqual({
      en: ["not x at id"],
      de: ["nicht x bei id"],
    });
    // One character is one character, in the refusal too.
    const one = z.object({ text: z.string().min(1).max(1) }).strict();
    expect(issuePlaces(one.safeParse({ text: "" }).error?.issues)).toEqual({
      en: ["at least 1 character at text"],
      de: ["mindestens 1 Zeichen bei text"],
    });
    expect(issuePlaces(one.safeParse({ text: "ab" }).error?.issues).en).toEqual([
      "at most 1 character at text",
    ]);
    expect(placesOf({ games: "3" })).toEqual({
      en: ["expected number at games"],
      de: ["erwartet: number bei games"],
    });
    expect(placesOf({ stock: "burn" })).toEqual({
      en: ['one of "pass", "reshuffle" at stock'],
      de: ['eines von "pass", "reshuffle" bei stock'],
    });
    expect(placesOf({ x: 1, y: 2 })).toEqual({
      en: ['unknown key "x" (+1 more)'],
      de: ['unbekannter Schlüssel "x" (+1 weitere)'],
    });
    expect(placesOf({ games: 7, hand: 9 }).en).toEqual(["7 games of 9 cards are too many at hand"]);
  });

  it("says a check of ours in German where its issue carries its German (params.de)", () => {
    expect(placesOf({ games: 8, hand: 8 })).toEqual({
      en: ["8 games of 8 cards are too many at hand"],
      de: ["8 Spiele zu 8 Karten sind zu viele bei hand"],
    });
    // Without one, its one message stands in both.
    expect(placesOf({ games: 7, hand: 9 }).de).toEqual([
      "7 games of 9 cards are too many bei hand",
    ]);
  });

  it("never passes the schema library's own wording on, and names at most five places", () => {
    const many = placesOf({ games: 0, name: 5, stock: 1, hand: -1, a: 1 });
    expect(JSON.stringify(many)).not.toMatch(/Too (big|small)|Invalid|received|<=|>=/);
    expect(placesText(many.en)).toMatch(/^: .+; .+/);
    expect(placesText([])).toBe("");
    expect(issuePlaces("not issues")).toEqual({ en: [], de: [] });
  });
});

describe("parseOptions", () => {
  const variant = { id: "test", optionsSchema: schema } as unknown as Variant<unknown, unknown>;

  it("answers the parsed options, or a refusal that names the places", () => {
    expect(parseOptions(variant, { games: 3 })).toEqual({ games: 3 });
    expect(parseOptions(variant, undefined)).toEqual({});
    expect(parseOptions(variant, { games: 101, x: 1 })).toMatchObject({
      code: "INVALID_COMMAND",
      message: {
        en: 'Invalid options for test: at most 100 at games; unknown key "x".',
        de: 'Ungültige Optionen für test: höchstens 100 bei games; unbekannter Schlüssel "x".',
      },
    });
  });
});

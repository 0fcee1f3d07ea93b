import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  INPUT_LIMITS,
  isShowableText,
  jsonTextProblem,
  shapeProblem,
  SHOWN_TEXT,
  text,
} from "./schema.js";

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("issue #18: input bounds, checked without recursion", () => {
  it("shapeProblem finds depth, size and bad text, with the path of the first offence", () => {
    expect(shapeProblem(JSON.parse(nested(32)), INPUT_LIMITS)).toBeNull();
    expect(shapeProblem(JSON.parse(nested(33)), INPUT_LIMITS)).toMatchObject({ kind: "depth" });
    expect(
      shapeProblem(JSON.parse(`{"a":{"b":[1,${nested(40)}]}}`), { depth: 5, nodes: 100 }),
    ).toEqual({
      kind: "depth",
      path: ["a", "b", 1, 0, 0],
      message: "is nested deeper than 5 levels",
      de: "ist tiefer als 5 Ebenen verschachtelt",
    });
    expect(shapeProblem(JSON.parse(nested(100_000)), INPUT_LIMITS)?.path).toHaveLength(32);
    expect(shapeProblem(new Array(5000).fill(0), INPUT_LIMITS)).toMatchObject({
      kind: "nodes",
      path: [],
    });
    const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]));
    expect(shapeProblem({ x: wide }, INPUT_LIMITS)).toMatchObject({ kind: "nodes", path: ["x"] });
    expect(
      shapeProblem({ a: ["ok", { "b\u0000": 1 }] }, INPUT_LIMITS, { text: true }),
    ).toMatchObject({
      kind: "text",
      path: ["a", 1, "b\u0000"],
    });
    expect(shapeProblem({ a: ["ok", "\ud800"] }, INPUT_LIMITS, { text: true })?.path).toEqual([
      "a",
      1,
    ]);
    expect(shapeProblem({ a: ["ok", "\ud800"] }, INPUT_LIMITS)).toBeNull();
  });

  it("jsonTextProblem reads depth and values from the text, skipping strings", () => {
    const deep = (text: string, depth: number) => jsonTextProblem(text, { depth, nodes: 1000 });
    expect(deep(nested(32), 32)).toBeNull();
    expect(deep(nested(33), 32)).toBe("depth");
    expect(deep(`{"a":"${"[".repeat(100)}"}`, 2)).toBeNull();
    expect(deep(`{"a":"\\"${"[".repeat(100)}"}`, 2)).toBeNull();
    expect(deep(`{"a\\\\":[[[1]]]}`, 3)).toBe("depth");
    expect(deep(`[{},{},{},[],[]]`, 2)).toBeNull();
    const values = (n: number) => `[${Array(n).fill("1").join(",")}]`;
    // n values and their array: n + 1 values for shapeProblem; n − 1 commas in the text.
    expect(jsonTextProblem(values(1023), INPUT_LIMITS)).toBeNull();
    expect(shapeProblem(JSON.parse(values(1023)), INPUT_LIMITS)).toBeNull();
    expect(jsonTextProblem(values(1025), INPUT_LIMITS)).toBe("nodes");
    expect(shapeProblem(JSON.parse(values(1025)), INPUT_LIMITS)).not.toBeNull();
    expect(jsonTextProblem(`["${",".repeat(5000)}"]`, INPUT_LIMITS)).toBeNull();
  });
});

describe("the checks' words, English and German", () => {
  it("a client string's checks carry their German in params.de (what the server's German refusals say)", () => {
    const issuesOf = (schema: z.ZodType, value: string) =>
      schema.safeParse(value).error?.issues.map((i) => ({
        message: i.message,
        de: (i as { params?: { de?: string } }).params?.de,
      }));
    expect(issuesOf(text(), "a\u0000")).toEqual([
      {
        message: "must not contain NUL characters or unpaired surrogates",
        de: "darf keine NUL-Zeichen und keine einzelnen Surrogate enthalten",
      },
    ]);
    expect(issuesOf(text().refine(isShowableText, SHOWN_TEXT), "a\u202e")).toEqual([
      {
        message:
          "must not contain control characters, line breaks, bidi overrides or invisible characters",
        de: "darf keine Steuerzeichen, Zeilenumbrüche, Bidi-Steuerzeichen oder unsichtbaren Zeichen enthalten",
      },
    ]);
  });
});

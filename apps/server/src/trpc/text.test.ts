import { issuePlaces } from "@maumau/engine";
import { describe, expect, it } from "vitest";
import { nestedArrays, nestedObjects } from "../testing/hostile.js";
import { document, inputRefusal, inputTextRefusal } from "./text.js";

/** Where `document()` refuses a value, as a refusal names it, in both languages. */
const placesOf = (value: unknown) => {
  const result = document().safeParse(value);
  expect(result.success).toBe(false);
  return issuePlaces(result.error?.issues);
};

describe("the server's own input checks say what is wrong in German too", () => {
  it("document(): not an object, too deep, too many values, unstorable text, too many bytes", () => {
    expect(placesOf([1, 2])).toEqual({ en: ["must be an object"], de: ["muss ein Objekt sein"] });
    expect(placesOf(JSON.parse(nestedObjects(10)))).toEqual({
      en: ["is nested deeper than 8 levels at a.a.a.a.a.a.a.a"],
      de: ["ist tiefer als 8 Ebenen verschachtelt bei a.a.a.a.a.a.a.a"],
    });
    const wide = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`k${i}`, i]));
    expect(placesOf({ ruleIds: wide })).toEqual({
      en: ["holds more than 512 values at ruleIds"],
      de: ["enthält mehr als 512 Werte bei ruleIds"],
    });
    expect(placesOf({ name: "a\u0000b" })).toEqual({
      en: ["must not contain NUL characters or unpaired surrogates at name"],
      de: ["darf keine NUL-Zeichen und keine einzelnen Surrogate enthalten bei name"],
    });
    const long = { name: "x".repeat(9_000) };
    expect(placesOf(long)).toEqual({
      en: ["is 9011 bytes of JSON, more than 8192"],
      de: ["ist 9011 Bytes JSON, mehr als 8192"],
    });
    expect(JSON.stringify(long).length).toBe(9011);
  });

  it("an input beyond INPUT_LIMITS, from its value or its JSON text", () => {
    const deep = inputRefusal(JSON.parse(nestedArrays(40)));
    expect(deep?.refusal.message.en).toMatch(/^0(\.0){31} is nested deeper than 32 levels\.$/);
    expect(deep?.refusal.message.de).toMatch(
      /^0(\.0){31} ist tiefer als 32 Ebenen verschachtelt\.$/,
    );
    expect(inputRefusal(new Array(2_000).fill(0))?.refusal.message).toEqual({
      en: "(input) holds more than 1024 values.",
      de: "(input) enthält mehr als 1024 Werte.",
    });
    expect(inputTextRefusal(nestedArrays(40), { depth: 0, nodes: 0 })?.refusal.message).toEqual({
      en: "(input) is nested deeper than 32 levels.",
      de: "(input) ist tiefer als 32 Ebenen verschachtelt.",
    });
    expect(
      inputTextRefusal(`[${"0,".repeat(1_500)}0]`, { depth: 0, nodes: 0 })?.refusal.message,
    ).toEqual({
      en: "(input) holds more than 1024 values.",
      de: "(input) enthält mehr als 1024 Werte.",
    });
  });
});

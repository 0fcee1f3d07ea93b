import { describe, expect, it } from "vitest";
import { findVariant } from "@maumau/registry";
import { matchColour } from "./cards.js";
import { parseInput } from "./input.js";

describe("the input grammar", () => {
  it.each([
    ["3", { kind: "card", index: 3, colour: null, mau: false, mauMau: false }],
    ["3 red mau", { kind: "card", index: 3, colour: "red", mau: true, mauMau: false }],
    ["  2  Rot  ", { kind: "card", index: 2, colour: "rot", mau: false, mauMau: false }],
    ["1 maumau", { kind: "card", index: 1, colour: null, mau: false, mauMau: true }],
    [
      "4 dragon green",
      { kind: "card", index: 4, colour: "dragon green", mau: false, mauMau: false },
    ],
    ["d", { kind: "draw" }],
    ["Z", { kind: "draw" }],
    ["p", { kind: "pass" }],
    ["c blue", { kind: "choose", colour: "blue" }],
    ["cut", { kind: "cut", at: null, keep: false }],
    ["cut 12 keep", { kind: "cut", at: 12, keep: true }],
    ["m 2", { kind: "move", index: 2, mau: false, mauMau: false }],
    ["m 2 mau", { kind: "move", index: 2, mau: true, mauMau: false }],
    ["moves", { kind: "moves" }],
    ["?", { kind: "help" }],
    ["q", { kind: "quit" }],
    ["", { kind: "empty" }],
    ["   ", { kind: "empty" }],
    ["blue", { kind: "word", text: "blue" }],
    ["d 3", { kind: "unknown", text: "d 3" }],
    ["cut x", { kind: "unknown", text: "cut x" }],
  ])("%j", (line, intent) => {
    expect(parseInput(line)).toEqual(intent);
  });
});

describe("colour names", () => {
  const noris = findVariant("noris")!.theme;
  const tabaluga = findVariant("tabaluga")!.theme;
  const colours = ["green", "blue", "red", "yellow"];
  it.each([
    ["red", noris, "red"],
    ["Rot", noris, "red"],
    ["gruen", noris, "green"],
    ["Grün", noris, "green"],
    ["2", noris, "blue"],
    ["ye", noris, "yellow"],
    ["dragon green", tabaluga, "green"],
    ["Feuerrot", tabaluga, "red"],
    ["grün", tabaluga, "green"],
    ["5", noris, null],
    ["purple", noris, null],
    ["", noris, null],
  ] as const)("%s", (text, theme, colour) => {
    expect(matchColour(text, colours, theme)).toBe(colour);
  });
});

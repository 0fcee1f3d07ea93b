import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { findVariant } from "@maumau/registry";
import {
  botListArg,
  checkOptions,
  checkPlayers,
  fromShownSeats,
  intArg,
  parseOptionPairs,
  toShownSeats,
  UsageError,
  variantOf,
} from "./args.js";

describe("command-line arguments", () => {
  it("finds variants and names the known ones otherwise", () => {
    expect(variantOf("noris").id).toBe("noris");
    expect(() => variantOf("nope")).toThrow(/unknown variant "nope" \(known: noris, tabaluga/);
  });

  it("H-2.2 reads an option that names a seat counted from 1, as the table shows it", () => {
    const heulDoch = findVariant("heul-doch")!;
    expect(fromShownSeats(heulDoch, { first: 3, games: 2 })).toEqual({ first: 2, games: 2 });
    expect(fromShownSeats(heulDoch, {})).toEqual({});
    expect(() => fromShownSeats(heulDoch, { first: 0 })).toThrow(/counted from 1/);
    expect(toShownSeats(heulDoch, { first: 2, games: 2 })).toEqual({ first: 3, games: 2 });
    // Other variants' numbers stay as typed.
    expect(fromShownSeats(findVariant("noris")!, { games: 3 })).toEqual({ games: 3 });
  });

  it("parses --option pairs into typed, nested options", () => {
    expect(
      parseOptionPairs(["games=1", "voluntaryDraw=true", "name=x", "a.b=2", "a.c=[1,2]"]),
    ).toEqual({ games: 1, voluntaryDraw: true, name: "x", a: { b: 2, c: [1, 2] } });
    expect(() => parseOptionPairs(["games"])).toThrow(UsageError);
    expect(() => parseOptionPairs(["=1"])).toThrow(/key=value/);
    expect(() => parseOptionPairs(["x={nope"])).toThrow(/JSON/);
  });

  it("checks options and player counts against the variant", () => {
    const noris = findVariant("noris")!;
    expect(() => checkOptions(noris, { games: 2 })).not.toThrow();
    expect(() => checkOptions(noris, { games: 0 })).toThrow(/games/);
    expect(() => checkOptions(noris, { colour: "pink" })).toThrow(UsageError);
    expect(() => checkPlayers(noris, 2)).not.toThrow();
    expect(() => checkPlayers(noris, 11)).toThrow("noris is played by 2–10 players, not 11");
  });

  it("parses numbers and bot levels strictly", () => {
    expect(intArg(1)("12")).toBe(12);
    expect(() => intArg(1)("0")).toThrow(InvalidArgumentError);
    expect(() => intArg(1)("abc")).toThrow(/not an integer/);
    expect(() => intArg(0, 5)("6")).toThrow(/0–5/);
    expect(botListArg("random,heuristic")).toEqual(["random", "heuristic"]);
    expect(() => botListArg("random,genius")).toThrow(/bot levels/);
    expect(() => botListArg(",")).toThrow(/at least one/);
  });
});

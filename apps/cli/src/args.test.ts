import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { findVariant } from "@maumau/registry";
import {
  botListArg,
  checkOptions,
  checkPlayers,
  commanderMessage,
  fromShownSeats,
  intArg,
  parseOptionPairs,
  toShownSeats,
  UsageError,
  usageLang,
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

describe("the language of a usage error", () => {
  it("is --lang as typed (the last one), else the locale", () => {
    const node = ["node", "maumau", "play"];
    expect(usageLang([...node, "--lang", "de"], {})).toBe("de");
    expect(usageLang([...node, "--lang=de"], {})).toBe("de");
    expect(usageLang([...node, "--lang", "de", "--lang", "en"], { LANG: "de_DE" })).toBe("en");
    expect(usageLang(node, { LANG: "de_DE.UTF-8" })).toBe("de");
    expect(usageLang(node, { LANG: "de_DE", LC_ALL: "en_US" })).toBe("en");
    // Not a language (commander refuses it): the locale.
    expect(usageLang([...node, "--lang", "fr"], { LANG: "de_AT" })).toBe("de");
    expect(usageLang([...node, "--lang"], {})).toBe("en");
    // After `--` nothing is an option.
    expect(usageLang([...node, "--", "--lang", "de"], {})).toBe("en");
  });

  it("carries both texts; the English one is its message", () => {
    const error = new UsageError({ en: "bad", de: "schlecht" });
    expect(error.message).toBe("bad");
    expect(error.text.de).toBe("schlecht");
    try {
      checkOptions(findVariant("noris")!, { games: 0 });
    } catch (e) {
      expect((e as UsageError).text.de).toMatch(/^Ungültige Optionen für noris/);
    }
    expect.assertions(3);
  });

  it("puts commander's error lines into German and leaves English and unknown lines alone", () => {
    const unknown = "error: unknown option '--foo'";
    expect(commanderMessage(unknown, "en")).toBe(unknown);
    expect(commanderMessage(unknown, "de")).toBe("Fehler: unbekannte Option '--foo'");
    expect(commanderMessage(`${unknown}\n(Did you mean --fog?)`, "de")).toBe(
      "Fehler: unbekannte Option '--foo'\n(Meintest du --fog?)",
    );
    expect(
      commanderMessage(
        "error: option '--lang <lang>' argument 'fr' is invalid. Allowed choices are de, en.",
        "de",
      ),
    ).toBe("Fehler: Option '--lang <lang>': 'fr' ist ungültig. Erlaubt sind de, en.");
    expect(
      commanderMessage(
        "error: option '--bots <n>' argument 'x' is invalid. Keine ganze Zahl.",
        "de",
      ),
    ).toBe("Fehler: Option '--bots <n>': 'x' ist ungültig. Keine ganze Zahl.");
    expect(commanderMessage("error: option '--seed <n>' argument missing", "de")).toBe(
      "Fehler: Option '--seed <n>' braucht einen Wert",
    );
    expect(commanderMessage("error: required option '--server <url>' not specified", "de")).toBe(
      "Fehler: Option '--server <url>' fehlt",
    );
    expect(commanderMessage("error: missing required argument 'file'", "de")).toBe(
      "Fehler: Argument 'file' fehlt",
    );
    expect(commanderMessage("error: unknown command 'plax'\n(Did you mean play?)", "de")).toBe(
      "Fehler: unbekannter Befehl 'plax'\n(Meintest du play?)",
    );
    expect(
      commanderMessage(
        "error: too many arguments for 'play'. Expected 0 arguments but got 1.",
        "de",
      ),
    ).toBe("Fehler: zu viele Argumente für 'play': 0 erwartet, 1 bekommen.");
    expect(commanderMessage("error: something new", "de")).toBe("error: something new");
  });
});

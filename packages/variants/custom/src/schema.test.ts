import { GameDriver, isRefusal, openMatch } from "@maumau/engine";
import { describe, expect, it } from "vitest";
import { custom, familyHouseRules, parseRuleSet, presets } from "./index.js";

const errorsOf = (input: unknown): string[] => {
  const r = parseRuleSet(input);
  return r.ok ? [] : r.errors;
};
const base = { version: 1, deck: "french-52" };

describe("C-1 every option has a default and a validated range", () => {
  it("C-1.1 the deck must be one of the four, once or twice", () => {
    expect(errorsOf({ ...base, deck: "tarot-78" })[0]).toMatch(/^deck:/);
    expect(errorsOf({ ...base, decks: 3 })[0]).toMatch(/^decks:/);
    expect(parseRuleSet({ ...base, deck: "bavarian-32", decks: 2 }).ok).toBe(true);
  });

  it("C-1.2 handSize 3–10 and a sane players range that the deck can serve", () => {
    expect(errorsOf({ ...base, handSize: 11 })[0]).toMatch(/^handSize:/);
    expect(errorsOf({ ...base, handSize: 2 })[0]).toMatch(/^handSize:/);
    expect(errorsOf({ ...base, players: { min: 5, max: 3 } })[0]).toMatch(/^players:/);
    expect(
      errorsOf({ ...base, deck: "french-32", handSize: 8, players: { min: 2, max: 4 } })[0],
    ).toMatch(/^handSize: 4 players × 8 cards/);
  });

  it("C-1.3 effects: known ranks only, draw counts 1–6, one effect per rank", () => {
    expect(errorsOf({ ...base, effects: { wild: { kind: "wish" } } })[0]).toMatch(
      /^effects\.wild:/,
    );
    expect(errorsOf({ ...base, effects: { "7": { kind: "draw", count: 7 } } })[0]).toMatch(
      /^effects\.7\.count:/,
    );
    expect(errorsOf({ ...base, effects: { "7": { kind: "freeze" } } })[0]).toMatch(/^effects\.7/);
    expect(
      errorsOf({ ...base, effects: { "7": { kind: "draw", count: 2, stack: "all" } } })[0],
    ).toMatch(/^effects\.7\.stack:/);
  });

  it("C-1.4 turn options are booleans and drawUntilPlayable excludes voluntaryDraw", () => {
    expect(errorsOf({ ...base, turn: { voluntaryDraw: "yes" } })[0]).toMatch(
      /^turn\.voluntaryDraw:/,
    );
    expect(
      errorsOf({ ...base, turn: { voluntaryDraw: true, drawUntilPlayable: true } })[0],
    ).toMatch(/^turn\.drawUntilPlayable:/);
  });

  it("C-1.5 call penalties 0–4", () => {
    expect(errorsOf({ ...base, calls: { mau: { required: true, penalty: 5 } } })[0]).toMatch(
      /^calls\.mau\.penalty:/,
    );
  });

  it("C-1.6 values per rank and a match end", () => {
    expect(errorsOf({ ...base, scoring: { values: { x: 3 } } })[0]).toMatch(/^scoring\.values\.x:/);
    expect(errorsOf({ ...base, scoring: { matchEnd: { kind: "games", games: 0 } } })[0]).toMatch(
      /^scoring\.matchEnd\.games:/,
    );
  });

  it("C-1.7 preset needs are options too (cut with kept rank, 3+2 dealing, take-back, ace that cannot finish)", () => {
    const doc = parseRuleSet(presets.bavarian);
    expect(doc.ok && doc.doc.cut).toEqual({ enabled: true, keepRank: "u" });
    expect(doc.ok && doc.doc.dealing).toBe("blocks-3-2");
    expect(doc.ok && doc.doc.calls.mauMau.takeBack).toBe(true);
    expect(doc.ok && doc.doc.playAgainCannotFinish).toBe(true);
    expect(errorsOf({ ...base, cut: { enabled: true, keepRank: "z" } })[0]).toMatch(
      /^cut\.keepRank:/,
    );
  });

  it("unknown options are refused by name", () => {
    expect(errorsOf({ ...base, colours: 5 })[0]).toMatch(/colours/);
  });
});

describe("C-2 rule sets as data", () => {
  it("C-2.1 a document with a version field; other versions are refused", () => {
    expect(errorsOf({ ...base, version: 2 })[0]).toMatch(/^version:/);
    expect(parseRuleSet(familyHouseRules).ok).toBe(true);
  });

  it("C-2.2 the first event records the full rule set", () => {
    const events = openMatch(custom, {
      players: 3,
      seed: 4,
      options: familyHouseRules,
    });
    expect(isRefusal(events)).toBe(false);
    if (isRefusal(events)) return;
    const first = events[0] as unknown as {
      type: string;
      data: { rules: { deck: string; handSize: number } };
    };
    expect(first.type).toBe("match.started");
    expect(first.data.rules.deck).toBe("french-32");
    expect(first.data.rules.handSize).toBe(6);
  });

  it("a preset shorthand with overrides, and a bad option refused with its name", () => {
    const ok = GameDriver.open(custom, {
      players: 2,
      seed: 1,
      options: { preset: "bavarian", handSize: 4 },
    });
    expect(isRefusal(ok)).toBe(false);
    const bad = GameDriver.open(custom, {
      players: 2,
      seed: 1,
      options: { preset: "french", handSize: 42 },
    });
    expect(isRefusal(bad) && bad.message.en).toMatch(/handSize/);
  });
});

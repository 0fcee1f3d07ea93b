import { DECKS } from "@maumau/engine";
import { describe, expect, it } from "vitest";
import { parseRuleSet } from "./index.js";
import { MAX_DOCUMENT_BYTES, RULE_KEYS } from "./schema.js";

const errorsOf = (input: unknown): string[] => {
  const r = parseRuleSet(input);
  return r.ok ? [] : r.errors;
};

/** 2,000 keys of junk: what a hostile client sends to make every listing large (issue #18.3). */
const junk = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`junk-${i}`, "N-1"]));

describe("issue #18.3: a document holds known keys only, bounded", () => {
  it("ruleIds takes the engine's rule keys only, each a short rule id", () => {
    const [error, ...rest] = errorsOf({ preset: "noris", ruleIds: junk });
    expect(error).toMatch(/^ruleIds: unknown option "junk-0" \(and 1999 more\)$/);
    expect(rest).toEqual([]);
    expect(errorsOf({ preset: "noris", ruleIds: { match: "x".repeat(17) } })[0]).toMatch(
      /^ruleIds\.match:/,
    );
    expect(errorsOf({ preset: "noris", ruleIds: { match: "N 1" } })[0]).toMatch(/^ruleIds\.match:/);
    expect(parseRuleSet({ preset: "noris", ruleIds: { match: "H-1.2", end: "H-6" } }).ok).toBe(
      true,
    );
  });

  it("tables by rank, rule ids of effects and the kept rank are bounded; refusals stay short", () => {
    const effects = Object.fromEntries(
      Array.from({ length: 500 }, (_, i) => [`r${i}`, { kind: "skip" }]),
    );
    const errors = errorsOf({ version: 1, deck: "french-52", effects });
    expect(errors.join("; ").length).toBeLessThan(400);
    expect(errors[0]).toMatch(/^effects/);
    expect(
      errorsOf({ preset: "noris", effects: { wild: { kind: "wish", rule: "x".repeat(100) } } })[0],
    ).toMatch(/^effects\.wild\.rule:/);
    expect(errorsOf({ preset: "noris", cut: { keepRank: "x".repeat(100) } })[0]).toMatch(
      /^cut\.keepRank:/,
    );
    expect(errorsOf({ preset: "noris", extra: 1, more: 2 })[0]).toBe(
      '(rule set): unknown option "extra" (and 1 more)',
    );
  });

  it(`the largest valid document is at most MAX_DOCUMENT_BYTES (${MAX_DOCUMENT_BYTES}) of JSON`, () => {
    // Every field at its longest: a name of 80 characters JSON writes as \\u00XX, the deck with the
    // most ranks, an effect with a 16-character rule id on each rank, every rule key named.
    const deck = Object.entries(DECKS).reduce((a, b) =>
      b[1].ranks.length > a[1].ranks.length ? b : a,
    );
    const ranks = deck[1].ranks;
    const id = "X-1.2.3.4.5.6.7.8".slice(0, 16);
    const largest = {
      version: 1,
      name: "\u0001".repeat(80),
      deck: deck[0],
      decks: 2,
      handSize: 10,
      players: { min: 10, max: 10 },
      dealing: "blocks-3-2",
      cut: { enabled: true, keepRank: ranks[0] },
      effects: Object.fromEntries(
        ranks.map((r) => [r, { kind: "draw", count: 6, stack: "same-rank", rule: id }]),
      ),
      turn: {
        voluntaryDraw: false,
        playAfterDraw: false,
        drawUntilPlayable: false,
        starterEffects: false,
        wildStarterAllowsAnything: false,
        reverseSkipsWithTwo: false,
      },
      calls: {
        mau: { required: true, penalty: 4 },
        mauMau: { required: true, penalty: 4, takeBack: true },
      },
      playAgainCannotFinish: false,
      scoring: {
        values: Object.fromEntries(ranks.map((r) => [r, 1000])),
        matchEnd: { kind: "target", target: 10000 },
      },
      ruleIds: Object.fromEntries(RULE_KEYS.map((k) => [k, id])),
    };
    const parsed = parseRuleSet(largest);
    expect(parsed.ok).toBe(true);
    const bytes = Buffer.byteLength(JSON.stringify(parsed.ok ? parsed.doc : null));
    console.log(`largest valid house-rules document: ${bytes} bytes of JSON`);
    expect(bytes).toBeLessThanOrEqual(MAX_DOCUMENT_BYTES);
  });
});

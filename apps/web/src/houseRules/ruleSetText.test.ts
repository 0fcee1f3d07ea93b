import { grownHouseRules, parseRuleSet, presets } from "@maumau/variant-custom";
import { describe, expect, it } from "vitest";
import { ruleSetText } from "./ruleSetText";

describe("the rule book of a rule set being edited", () => {
  it("C-3.1 … C-3.5 are told where the set has them, in both languages", () => {
    const parsed = parseRuleSet(grownHouseRules);
    if (!parsed.ok) throw new Error(parsed.errors.join("; "));
    const en = ruleSetText(parsed.doc, "en").filter((r) => r.id.startsWith("C-3"));
    expect(en.map((r) => r.id)).toEqual(["C-3.1", "C-3.2", "C-3.3", "C-3.4", "C-3.5"]);
    expect(en[0]!.text).toBe("Hand size by players: 7 cards with 2.");
    expect(en[1]!.text).toMatch(/^Draw at most 3 card/);
    const de = ruleSetText(parsed.doc, "de").filter((r) => r.id.startsWith("C-3"));
    expect(de.map((r) => r.id)).toEqual(en.map((r) => r.id));
  });

  it("a preset without them tells no C-3 rule", () => {
    expect(ruleSetText(presets.french, "en").some((r) => r.id.startsWith("C-3"))).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { effectRuleOf, PenaltyRanks, ruleIdOf } from "./ruleRefs.js";

/** The shape of a classic view's rules (noris: a +2 is N-4.2, a +4 N-4.3). */
const view = {
  rules: {
    ruleIds: { pending: "N-4.2", mau: "N-5.1" },
    effects: { draw2: { kind: "draw", rule: "N-4.2" }, draw4: { kind: "draw", rule: "N-4.3" } },
  },
};

const raised = (rank: string) => ({ type: "penalty.raised", data: { total: 2, rank } });
const penaltyDraw = { type: "cards.drawn", data: { seat: 0, count: 2, reason: "penalty" } };

describe("the rule ids a table names", () => {
  it("reads a rule key's id and a rank's effect rule off the view, null where it has none", () => {
    expect(ruleIdOf(view, "mau")).toBe("N-5.1");
    expect(ruleIdOf(view, "mauMau")).toBeNull();
    expect(effectRuleOf(view, "draw4")).toBe("N-4.3");
    expect(effectRuleOf(view, "seven")).toBeNull();
    // Not a rule: what every object inherits.
    expect(ruleIdOf(view, "toString")).toBeNull();
    expect(effectRuleOf(view, "constructor")).toBeNull();
    // Heul doch!'s view has no such rules; nor has a view not yet seen.
    for (const none of [{ piles: [] }, null, undefined, "x", { rules: [] }]) {
      expect(ruleIdOf(none, "pending")).toBeNull();
      expect(effectRuleOf(none, "draw2")).toBeNull();
    }
  });

  it("N-4.3 a penalty draw takes the rank of the last raise before it, in its own game only", () => {
    const ranks = new PenaltyRanks();
    const read = (...log: { type: string; data?: unknown }[]) => log.map((e) => ranks.next(e));
    // A draw2 answered with a draw4: the draw names the draw4.
    expect(read(raised("draw2"), raised("draw4"), penaltyDraw)).toEqual([null, null, "draw4"]);
    // Taken once: a later penalty draw (a table that missed the raise) knows none.
    expect(read(penaltyDraw)).toEqual([null]);
    // A turn's draw does not take the pending rank.
    const turnDraw = { type: "cards.drawn", data: { seat: 1, count: 1, reason: "turn" } };
    expect(read(raised("draw2"), turnDraw, penaltyDraw)).toEqual([null, null, "draw2"]);
    // A new game forgets a raise of the last.
    expect(read(raised("draw2"), { type: "game.started" }, penaltyDraw)).toEqual([
      null,
      null,
      null,
    ]);
    // A raise without a rank names none.
    expect(read({ type: "penalty.raised", data: { total: 2 } }, penaltyDraw)).toEqual([null, null]);
  });
});

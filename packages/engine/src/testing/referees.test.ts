import { describe, expect, it } from "vitest";
import { NORIS_110 } from "../cards/decks.js";
import { classicEngine } from "../classic/engine.js";
import { withBranchProbe, type BranchKey } from "../core/branches.js";
import type { AnyEngine } from "../core/engine.js";
import { heulDochEngine } from "../heul-doch/engine.js";
import { play } from "./commands.js";
import { hand, ok, pendingDraw, turn, wish } from "./expect.js";
import { plainClassicRuleSet, testVariant } from "./fixtures.js";
import { REFEREE_EXCEPTIONS, REFEREES, rowException, type RefereeName } from "./referees.js";
import { Scenario, table } from "./scenario.js";

/**
 * The harness itself, in process: a forgotten "Mau-Mau" under a pending draw (B-5.3) passes in
 * every referee's row, and with one of its branches switched off in one referee it fails in
 * the rows that referee's code runs in and passes in the others.
 */
const variant = testVariant(
  "referee-harness",
  plainClassicRuleSet({
    handSize: 2,
    calls: {
      mau: { required: true, penalty: 1 },
      mauMau: { required: true, penalty: 2, takeBack: true },
    },
  }),
  NORIS_110.cards,
);

/** Seat 1 answers seat 0's draw2 with its last card, a draw2, and forgets "Mau-Mau". */
const scenario = (referee: RefereeName) => () =>
  new Scenario(
    table(variant, {
      players: 2,
      hands: { 1: ["red/1", "blue/draw2"], 0: ["red/draw2", "green/5"] },
      starter: "red/9",
      drawPile: ["blue/5", "blue/6", "blue/7", "blue/8", "yellow/5"],
    }),
    { referee },
  )
    .when(play(1, "red/1", { mau: true }), play(0, "red/draw2", { mau: true }))
    .then(ok(), pendingDraw(2), turn(1))
    .when(play(1, "blue/draw2"))
    .then(
      ok(),
      // B-5.3: the card goes back, the pending two and the penalty two are drawn
      hand(1, ["blue/draw2", "blue/5", "blue/6", "blue/7", "blue/8"]),
      pendingDraw(0),
      turn(0),
    );

/** Seat 0 wishes blue; seat 1 plays its last card, blue/5, and forgets "Mau-Mau". */
const underAWish = (referee: RefereeName) => () =>
  new Scenario(
    table(variant, {
      players: 2,
      hands: { 1: ["red/1", "blue/5"], 0: ["wild", "green/5"] },
      starter: "red/9",
      drawPile: ["yellow/5", "yellow/6"],
    }),
    { referee },
  )
    .when(play(1, "red/1", { mau: true }), play(0, "wild", { wish: "blue", mau: true }))
    .then(ok(), wish("blue"), turn(1))
    .when(play(1, "blue/5"))
    // B-5.3: the card goes back, the wish stays (the machine stays in turn.wishInForce)
    .then(ok(), hand(1, ["blue/5", "yellow/5", "yellow/6"]), wish("blue"), turn(0));

const off = (...keys: BranchKey[]) => ({ off: new Set(keys) });

describe("the referee harness", () => {
  it("runs a classic variant in every row", () => {
    for (const referee of REFEREES) expect(rowException(variant, referee)).toBeNull();
  });

  it("runs Heul doch! in every row; a family with no fast row gets the exception there only", () => {
    const rules = plainClassicRuleSet();
    const on = (engine: unknown) =>
      testVariant("family-of-engine", rules, NORIS_110.cards, engine as AnyEngine);
    for (const referee of REFEREES) expect(rowException(on(heulDochEngine), referee)).toBeNull();
    const none = on({ ...classicEngine, family: "no-fast-path" });
    expect(rowException(none, "decide")).toBeNull();
    expect(rowException(none, "machine")).toBeNull();
    expect(rowException(none, "fast")).toBe(
      `${REFEREE_EXCEPTIONS.fast.family} (family no-fast-path)`,
    );
  });

  it.each(REFEREES)("the B-5.3 scenarios pass in the %s row", (referee) => {
    expect(scenario(referee)).not.toThrow();
    expect(underAWish(referee)).not.toThrow();
  });

  it("machine:B-5.3 switched off (its take-back transition) fails the machine row only", () => {
    withBranchProbe(off("machine:B-5.3"), () => {
      expect(underAWish("machine")).toThrow(/the machine is in turn.awaitingPlay/);
      expect(underAWish("decide")).not.toThrow();
      expect(underAWish("fast")).not.toThrow();
    });
  });

  it.each([
    // the machine carries moves out with decide's carryOut; the fast row is held to decide
    { key: "decide:B-5.3 pending", failing: ["decide", "machine", "fast"] },
    { key: "decide:B-5.3", failing: ["decide", "machine", "fast"] },
    { key: "fast:B-5.3 pending", failing: ["fast"] },
    { key: "fast:B-5.3", failing: ["fast"] },
  ] as const)("$key switched off fails the rows $failing only", ({ key, failing }) => {
    withBranchProbe(off(key), () => {
      for (const referee of REFEREES)
        if ((failing as readonly string[]).includes(referee))
          expect(scenario(referee), referee).toThrow();
        else expect(scenario(referee), referee).not.toThrow();
    });
  });
});

import { describe, expect, it } from "vitest";
import { NORIS_110 } from "../cards/decks.js";
import { classicEngine } from "../classic/engine.js";
import type { ClassicState } from "../classic/state.js";
import type { AnyEngine } from "../core/engine.js";
import { isRefusal } from "../core/types.js";
import type { AnyVariant } from "../core/variant.js";
import { plainClassicRuleSet, testVariant } from "./fixtures.js";
import { classicLeaks } from "./leaks/index.js";
import { checkProperties, playAndCheck, type PropertyRun } from "./properties.js";

const rules = plainClassicRuleSet({
  players: { min: 2, max: 4 },
  matchEnd: { kind: "games", games: 1 },
});
const variantWith = (engine: AnyEngine): AnyVariant =>
  testVariant("harness", rules, NORIS_110.cards, engine);

const classic = classicEngine as unknown as AnyEngine;
const run = (engine: AnyEngine, over: Partial<PropertyRun> = {}): PropertyRun => ({
  variant: variantWith(engine),
  players: 3,
  seed: 20,
  levels: ["random"],
  leaks: classicLeaks,
  compareMachine: true,
  ...over,
});

describe("the property harness", () => {
  it("passes the classic engine, faulty commands and the machine included", () => {
    const stats = playAndCheck(run(classic));
    expect(stats.ended).toBe("matchOver");
    expect(stats.faults).toBeGreaterThan(0);
    expect(checkProperties(variantWith(classic), classicLeaks, { runs: 20 })).toBe(20);
  });

  it("catches a refusal that changes the game", () => {
    // A refused command that still counts as a version (the state is changed in place).
    const mutating: AnyEngine = {
      ...classic,
      apply: (s, c) => {
        const r = classic.apply(s, c);
        if (isRefusal(r)) (s as { version: number }).version += 1;
        return r;
      },
    };
    expect(() => playAndCheck(run(mutating, { compareMachine: false }))).toThrow(
      /a refusal changed the game/,
    );
  });

  it("catches a legal move that decide refuses", () => {
    const strict: AnyEngine = {
      ...classic,
      decide: (s, c) =>
        c.type === "drawCard"
          ? { code: "ILLEGAL_MOVE", message: { en: "no", de: "nein" } }
          : classic.decide(s, c),
    };
    expect(() => playAndCheck(run(strict, { compareMachine: false, faults: 0 }))).toThrow(
      /legal move refused/,
    );
  });

  it("catches a view that shows another seat's hand, and an event that does", () => {
    const peeking: AnyEngine = {
      ...classic,
      view: (s, viewer) => ({
        ...classic.view(s, viewer),
        peek: (s as ClassicState).hands.flat(),
      }),
    };
    expect(() => playAndCheck(run(peeking, { compareMachine: false }))).toThrow(/view leak/);
    const telling: AnyEngine = { ...classic, eventFor: (e) => e };
    expect(() => playAndCheck(run(telling, { compareMachine: false }))).toThrow(/event leak/);
  });

  it("catches a fold that differs from the state", () => {
    const forgetful: AnyEngine = {
      ...classic,
      evolve: (s, e) => {
        const next = classic.evolve(s, e) as ClassicState | null;
        return next && e.type === "turn.started"
          ? { ...next, idleTurns: next.idleTurns + 100 }
          : next;
      },
    };
    expect(() => playAndCheck(run(forgetful, { compareMachine: false }))).toThrow(
      /folded log differs/,
    );
  });

  it("catches a decide path that accepts what the machine refuses", () => {
    const lenient: AnyEngine = {
      ...classic,
      apply: (s, c) => {
        const r = classic.apply(s, c);
        return isRefusal(r) && r.code === "NOT_YOUR_TURN" ? { events: [], state: s } : r;
      },
    };
    expect(() => playAndCheck(run(lenient, { faults: 0.8 }))).toThrow(
      /the machine and decide disagree/,
    );
  });
});

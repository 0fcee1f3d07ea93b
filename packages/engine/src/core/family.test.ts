import { describe, expect, it } from "vitest";
import { NORIS_110 } from "../cards/decks.js";
import { classicEngine } from "../classic/engine.js";
import { heulDochEngine } from "../heul-doch/engine.js";
import { heulDochRuleSetOf } from "../heul-doch/ruleSet.js";
import { plainClassicRuleSet } from "../testing/fixtures.js";
import { BOT_LEVELS, type AnyEngine } from "./engine.js";
import { isRefusal, type Command } from "./types.js";

const engines: [string, AnyEngine, unknown][] = [
  ["classic", classicEngine as unknown as AnyEngine, plainClassicRuleSet()],
  ["heul-doch", heulDochEngine as unknown as AnyEngine, heulDochRuleSetOf()],
];

describe.each(engines)("the family kernel: %s", (_family, engine, ruleSet) => {
  const opened = engine.start({ variant: "t", rules: ruleSet, players: 3, seed: 9 });
  if (isRefusal(opened)) throw new Error(opened.message.en);

  it("folds the opening from initialState, and replay equals that fold", () => {
    expect(engine.initialState()).toBeNull();
    const folded = opened.reduce((s, e) => engine.evolve(s, e), engine.initialState());
    expect(engine.replay(opened)).toEqual(folded);
    expect(() => engine.replay([])).toThrow(/empty log/);
  });

  it("apply returns decide's events and their fold, and the same refusal", () => {
    let state = engine.replay(opened);
    for (let i = 0; i < 30; i++) {
      const seat = engine.progress(state).toAct;
      if (seat === null) break;
      const junk: Command = { type: "pass", seat: (seat + 1) % 3 };
      expect(engine.apply(state, junk)).toEqual(engine.decide(state, junk));
      const move = engine.legalMoves(state, seat)[0]!;
      const decided = engine.decide(state, move);
      const applied = engine.apply(state, move);
      if (isRefusal(decided) || isRefusal(applied)) throw new Error("a legal move was refused");
      expect(applied.events).toEqual(decided);
      expect(applied.state).toEqual(decided.reduce((s, e) => engine.evolve(s, e), state));
      state = applied.state;
    }
    expect(engine.apply(state, 42 as unknown as Command)).toMatchObject({
      code: "INVALID_COMMAND",
    });
  });

  it("offers every bot level as data; a level without a view bot needs the log", () => {
    expect(Object.keys(engine.bots).sort()).toEqual([...BOT_LEVELS].sort());
    const strengths = BOT_LEVELS.map((level) => engine.bots[level].strength);
    expect(new Set(strengths).size).toBe(BOT_LEVELS.length);
    const state = engine.replay(opened);
    const seat = engine.progress(state).toAct!;
    for (const level of BOT_LEVELS) {
      const bot = engine.bots[level];
      expect(bot.level).toBe(level);
      expect(bot.description.en.length).toBeGreaterThan(0);
      expect(bot.fromView === undefined).toBe(bot.needsLog);
      if (bot.fallback !== null) expect(engine.bots[bot.fallback].needsLog).toBe(false);
      if (bot.needsLog)
        expect(() => engine.botMove(state, seat, level, () => 0.5)).toThrow(/needs the match log/);
      else
        expect(engine.botMove(state, seat, level, () => 0.5)).toEqual(
          bot.fromView!(engine.view(state, seat), engine.legalMoves(state, seat), () => 0.5),
        );
    }
  });

  it("refuses a set-up the kernel checks, before the family's own conditions", () => {
    const bad = engine.start({ variant: "t", rules: ruleSet, players: 1, seed: 9 });
    expect(bad).toMatchObject({ code: "INVALID_COMMAND" });
    const deck = engine.start({
      variant: "t",
      rules: ruleSet,
      players: 3,
      seed: 9,
      deck: NORIS_110.cards.slice(0, 3),
    });
    expect(isRefusal(deck) && deck.message.en).toMatch(/not a permutation/);
  });
});

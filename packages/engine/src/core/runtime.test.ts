import { transition, type ExecutableActionObject } from "xstate";
import { describe, expect, it } from "vitest";
import { classicEngine } from "../classic/engine.js";
import { heulDochEngine } from "../heul-doch/engine.js";
import { heulDochRuleSetOf } from "../heul-doch/ruleSet.js";
import { REFUSED } from "../machine/table.js";
import { plainClassicRuleSet } from "../testing/fixtures.js";
import type { AnyEngine } from "./engine.js";
import { decisionOf, positionOf, runtimeOf } from "./runtime.js";
import { isRefusal, type Command } from "./types.js";

const engines: [string, AnyEngine, unknown][] = [
  ["classic", classicEngine as unknown as AnyEngine, plainClassicRuleSet()],
  ["heul-doch", heulDochEngine as unknown as AnyEngine, heulDochRuleSetOf()],
];

describe.each(engines)("the machine hands over its decision: %s", (_family, engine, ruleSet) => {
  const opened = engine.start({ variant: "t", rules: ruleSet, players: 3, seed: 4 });
  if (isRefusal(opened)) throw new Error(opened.message.en);

  it("emits the decided events: the runtime's step, XState's transition() and decide agree", () => {
    let state = engine.replay(opened);
    const runtime = runtimeOf(engine, engine.ruleSetOf(state));
    let accepted = 0;
    for (let i = 0; i < 40; i++) {
      const seat = engine.progress(state).toAct;
      if (seat === null) break;
      const snapshot = runtime.snapshotOf(state);
      const move = engine.legalMoves(state, seat)[0]!;
      const [next, actions] = transition(runtime.machine, snapshot, move);
      // XState's types leave `xstate.emit` out of the action types a transition returns.
      const emitted = (actions as ExecutableActionObject[]).filter((a) => a.type === "xstate.emit");
      const step = runtime.step(snapshot, move);
      if (isRefusal(step)) throw new Error(`a legal move was refused: ${step.message.en}`);
      expect(emitted.length).toBe(step.events.length);
      expect(decisionOf(actions)).toEqual(step.events);
      expect(step.events).toEqual(engine.decide(state, move));
      // The machine's own fold is the fold of what it emitted.
      const folded = step.events.reduce((s, e) => engine.evolve(s, e), state);
      expect(step.state).toEqual(folded);
      expect(positionOf(next)).toBe(engine.chartPosition(folded).state);
      // A snapshot made from the folded game takes the next command as the step's does.
      expect(runtime.snapshotOf(folded).value).toEqual(step.snapshot.value);
      state = folded;
      accepted++;
    }
    expect(accepted).toBeGreaterThan(10);
  });

  it("a refusal is emitted as one command.refused, the same as decide's; the context stays", () => {
    const state = engine.replay(opened);
    const runtime = runtimeOf(engine, engine.ruleSetOf(state));
    const snapshot = runtime.snapshotOf(state);
    const seat = engine.progress(state).toAct!;
    const refused: Command[] = [
      { type: "pass", seat: (seat + 1) % 3 },
      { type: "playCard", seat, card: "not a card" },
    ];
    for (const command of refused) {
      const [next, actions] = transition(runtime.machine, snapshot, command);
      // XState's types leave `xstate.emit` out of the action types a transition returns.
      const emitted = (actions as ExecutableActionObject[]).filter((a) => a.type === "xstate.emit");
      expect(emitted.map((a) => (a.params as { event: { type: string } }).event.type)).toEqual([
        REFUSED,
      ]);
      const decided = engine.decide(state, command);
      expect(isRefusal(decided)).toBe(true);
      expect(decisionOf(actions)).toEqual(decided);
      expect(runtime.step(snapshot, command)).toEqual(decided);
      expect(next.context).toBe(snapshot.context);
      expect(next.value).toEqual(snapshot.value);
    }
  });

  it("snapshotOf gives what machine.resolveState gives at the game's position", () => {
    let state = engine.replay(opened);
    const runtime = runtimeOf(engine, engine.ruleSetOf(state));
    for (let i = 0; i < 20; i++) {
      const seat = engine.progress(state).toAct;
      if (seat === null) break;
      const mine = runtime.snapshotOf(state);
      const resolved = runtime.machine.resolveState({
        value: mine.value,
        context: { game: state, taken: [] },
      });
      expect(mine.value).toEqual(resolved.value);
      expect(mine.status).toBe(resolved.status);
      expect(mine.context).toEqual(resolved.context);
      expect(mine._nodes).toEqual(resolved._nodes);
      const applied = engine.apply(state, engine.legalMoves(state, seat)[0]!);
      if (isRefusal(applied)) throw new Error(applied.message.en);
      state = applied.state;
    }
  });
});

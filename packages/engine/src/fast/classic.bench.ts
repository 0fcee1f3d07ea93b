import { bench, describe } from "vitest";
import { classicEngine } from "../classic/engine.js";
import { startClassicMatch } from "../classic/decide.js";
import { isFastUnsupported } from "../core/fast.js";
import { plainClassicRuleSet } from "../testing/fixtures.js";
import { FastClassic } from "./classic.js";

/**
 * Whole random games on the classic fast path (deal + playout per iteration): a plain
 * noris-like rule set, and one with every call and the take-back (B-5.3) and play-again
 * (B-4.4) branches on. `npx vitest bench --run src/fast/classic.bench.ts`.
 */
const rulesWithCalls = plainClassicRuleSet({
  effects: {
    draw2: { kind: "draw", count: 2, stack: "same-rank" },
    wild: { kind: "wish", onWish: true },
    stop: { kind: "skip" },
    reverse: { kind: "reverse" },
    "1": { kind: "playAgain" },
  },
  calls: {
    mau: { required: true, penalty: 1 },
    mauMau: { required: true, penalty: 2, takeBack: true },
  },
  playAgainCannotFinish: true,
});

function gameOn(rules: ReturnType<typeof plainClassicRuleSet>): FastClassic {
  const events = startClassicMatch({ variant: "bench", rules, players: 4, seed: "bench" });
  if (!Array.isArray(events)) throw new Error(events.message.en);
  const state = classicEngine.replay(events);
  const fast = FastClassic.load(state, { rngSeed: 2026 });
  if (isFastUnsupported(fast)) throw new Error(fast.reason);
  return fast;
}

describe("classic fast path: deal and play a random game", () => {
  const plain = gameOn(plainClassicRuleSet());
  const calls = gameOn(rulesWithCalls);
  bench("plain rule set, 4 players", () => {
    plain.deal();
    plain.playout();
  });
  bench("calls, take-back and play-again, 4 players", () => {
    calls.deal();
    calls.playout();
  });
});

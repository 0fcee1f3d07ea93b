import { classicLeaks } from "@maumau/engine/testing/leaks";
import { checkProperties } from "@maumau/engine/testing/properties";
import { describe, expect, it } from "vitest";
import { custom, familyHouseRules } from "./index.js";

const houseRules = [
  familyHouseRules,
  {
    version: 1,
    deck: "noris-110",
    decks: 2,
    handSize: 7,
    players: { min: 2, max: 10 },
    effects: {
      draw2: { kind: "draw", count: 2, stack: "any-draw" },
      draw4: { kind: "draw", count: 4, stack: "any-draw" },
      wild: { kind: "wish" },
      stop: { kind: "skip" },
      reverse: { kind: "reverse" },
    },
    calls: { mau: { required: true, penalty: 2 } },
  },
  // Hoyle's draw-until-playable: the 8s alone can circulate for ever (every move legal, nothing
  // stalls; see README), so its games may be cut off, with every other invariant still checked.
  {
    version: 1,
    deck: "french-52",
    players: { min: 2, max: 4 },
    effects: { "8": { kind: "wish" } },
    turn: { drawUntilPlayable: true },
    scoring: { values: { "8": 50 }, matchEnd: { kind: "target", target: 50 } },
  },
  {
    version: 1,
    deck: "bavarian-32",
    dealing: "blocks-3-2",
    cut: { enabled: true, keepRank: "u" },
    players: { min: 2, max: 4 },
    effects: {
      u: { kind: "wish", onWish: false },
      a: { kind: "playAgain" },
      "7": { kind: "draw", count: 3, stack: "none" },
    },
    calls: {
      mau: { required: true, penalty: 1 },
      mauMau: { required: true, penalty: 3, takeBack: false },
    },
    playAgainCannotFinish: true,
    scoring: { matchEnd: { kind: "limit", limit: 60 } },
  },
];

describe("custom: properties over 1,000 random bot games of composed house rules", () => {
  it("faulty commands refused without a change, legal moves accepted, replay = live, machine = decide, cards conserved, views and events hide secrets, every game ends", () => {
    expect(
      checkProperties(custom, classicLeaks, {
        options: houseRules,
        mayNotEnd: (options) =>
          (options.turn as { drawUntilPlayable?: boolean } | undefined)?.drawUntilPlayable === true,
      }),
    ).toBe(1000);
  }, 600_000);
});

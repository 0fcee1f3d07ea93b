import { freezeRuleSet, type ClassicRuleSet } from "@maumau/engine";

export interface FrenchOptions {
  /** F-3.2: the card just drawn may be played at once if it fits. */
  readonly playAfterDraw: boolean;
  /** F-6.3: the match ends after the game in which a total reaches this. */
  readonly targetScore: number;
}

/** F-6.2: the classic Crazy Eights count. */
export const frenchValues: Readonly<Record<string, number>> = Object.freeze({
  ...Object.fromEntries(["2", "3", "4", "5", "6", "7", "9", "10"].map((r) => [r, Number(r)])),
  "8": 50,
  j: 10,
  q: 10,
  k: 10,
  a: 1,
});

/** rules/french.md as data the classic engine reads. */
export function frenchRuleSet(options: FrenchOptions): ClassicRuleSet {
  return freezeRuleSet({
    deck: "french-52",
    deckCopies: 1,
    handSize: 5,
    players: { min: 2, max: 8 },
    dealing: "single",
    cut: { enabled: false, keepRank: null },
    effects: {
      "8": { kind: "wish", onWish: true, rule: "F-4.1" },
      "2": { kind: "draw", count: 2, stack: "same-rank", rule: "F-4.2" },
      q: { kind: "skip", rule: "F-4.3" },
      a: { kind: "reverse", rule: "F-4.4" },
    },
    starterEffects: true,
    wildStarterAllowsAnything: false,
    voluntaryDraw: true,
    playAfterDraw: options.playAfterDraw,
    drawUntilPlayable: false,
    reverseSkipsWithTwo: false,
    calls: {
      mau: { required: true, penalty: 2 },
      mauMau: { required: false, penalty: 0, takeBack: false },
    },
    playAgainCannotFinish: false,
    values: frenchValues,
    matchEnd: { kind: "target", target: options.targetScore },
    ruleIds: {
      match: "F-3.1",
      pending: "F-4.2",
      draw: "F-3.2",
      pass: "F-3.2",
      drawnCard: "F-3.2",
      wish: "F-4.1",
      starter: "F-2.3",
      cut: "F-2.2",
      keep: "F-2.2",
      mau: "F-5.1",
      end: "F-6.1",
    },
  });
}

import { freezeRuleSet, type ClassicRuleSet } from "@maumau/engine";

export interface BavarianOptions {
  /** B-2.2: the dealer's right neighbour cuts. */
  readonly cut: boolean;
  /** B-3.2: drawing allowed even with a playable card. */
  readonly voluntaryDraw: boolean;
  /** B-4.1: an Unter may lie on an Unter. */
  readonly unterOnUnter: boolean;
  /** B-6.3: an account over this loses the match. */
  readonly limit: number;
}

/** B-6.2: u = 20; a k o = 10; 10 9 8 7 at face value. */
export const bavarianValues: Readonly<Record<string, number>> = Object.freeze({
  "7": 7,
  "8": 8,
  "9": 9,
  "10": 10,
  u: 20,
  o: 10,
  k: 10,
  a: 10,
});

/** rules/bavarian.md as data the classic engine reads. */
export function bavarianRuleSet(options: BavarianOptions): ClassicRuleSet {
  return freezeRuleSet({
    deck: "bavarian-32",
    deckCopies: 1,
    handSize: 5,
    players: { min: 2, max: 5 },
    dealing: "blocks-3-2",
    cut: { enabled: options.cut, keepRank: "u" },
    effects: {
      u: { kind: "wish", onWish: options.unterOnUnter, rule: "B-4.1" },
      "8": { kind: "skip", rule: "B-4.2" },
      "7": { kind: "draw", count: 2, stack: "same-rank", rule: "B-4.3" },
      a: { kind: "playAgain", rule: "B-4.4" },
    },
    starterEffects: false,
    wildStarterAllowsAnything: false,
    voluntaryDraw: options.voluntaryDraw,
    playAfterDraw: true,
    drawUntilPlayable: false,
    reverseSkipsWithTwo: false,
    calls: {
      mau: { required: true, penalty: 2 },
      mauMau: { required: true, penalty: 2, takeBack: true },
    },
    playAgainCannotFinish: true,
    values: bavarianValues,
    matchEnd: { kind: "limit", limit: options.limit },
    ruleIds: {
      match: "B-3.1",
      pending: "B-4.3",
      draw: "B-3.2",
      pass: "B-3.2",
      drawnCard: "B-3.2",
      wish: "B-4.1",
      playAgain: "B-4.4",
      starter: "B-2.3",
      cut: "B-2.2",
      keep: "B-2.5",
      mau: "B-5.1",
      mauMau: "B-5.3",
      end: "B-6.1",
    },
  });
}

import { freezeRuleSet, type ClassicRuleSet } from "@maumau/engine";

export interface NorisOptions {
  /** N-2.1: games in a match. */
  readonly games: number;
  /** N-3.3: drawing allowed even with a playable card. */
  readonly voluntaryDraw: boolean;
  /** N-2.2: the dealer of game 1. */
  readonly dealer?: number | undefined;
}

/** N-6.2: ranks 1…9 at face value, every other card 10. */
export const norisValues: Readonly<Record<string, number>> = Object.freeze({
  ...Object.fromEntries(["1", "2", "3", "4", "5", "6", "7", "8", "9"].map((r) => [r, Number(r)])),
  reverse: 10,
  draw2: 10,
  draw4: 10,
  stop: 10,
  wild: 10,
});

/** The noris rule set (rules/noris.md) as data the classic engine reads. */
export function norisRuleSet(options: NorisOptions): ClassicRuleSet {
  return freezeRuleSet({
    deck: "noris-110",
    deckCopies: 1,
    handSize: 5,
    players: { min: 2, max: 10 },
    dealing: "single",
    cut: { enabled: false, keepRank: null },
    effects: {
      reverse: { kind: "reverse", rule: "N-4.1" },
      draw2: { kind: "draw", count: 2, stack: "same-rank", rule: "N-4.2" },
      draw4: { kind: "draw", count: 4, stack: "none", rule: "N-4.3" },
      stop: { kind: "skip", rule: "N-4.4" },
      wild: { kind: "wish", onWish: true, rule: "N-4.5" },
    },
    starterEffects: false,
    wildStarterAllowsAnything: true,
    voluntaryDraw: options.voluntaryDraw,
    playAfterDraw: false,
    drawUntilPlayable: false,
    reverseSkipsWithTwo: false,
    calls: {
      mau: { required: true, penalty: 1 },
      mauMau: { required: false, penalty: 0, takeBack: false },
    },
    playAgainCannotFinish: false,
    values: norisValues,
    matchEnd: { kind: "games", games: options.games },
    ruleIds: {
      match: "N-3.1",
      pending: "N-4.2",
      draw: "N-3.3",
      pass: "N-3.2",
      drawnCard: "N-3.2",
      wish: "N-4.5",
      starter: "N-2.4",
      cut: "N-2.3",
      keep: "N-2.3",
      mau: "N-5.1",
      end: "N-6.1",
    },
  });
}

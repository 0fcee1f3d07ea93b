import { freezeRuleSet, type ClassicRuleSet } from "@maumau/engine";

export interface SwitchOptions {
  /** S-6.3: games in a match (one: the first player out wins). */
  readonly games: number;
}

/** S-6.2: the count of a card left in hand: aces 1, 2–10 face value, court cards 10. */
export const switchValues: Readonly<Record<string, number>> = Object.freeze({
  ...Object.fromEntries(["2", "3", "4", "5", "6", "7", "8", "9", "10"].map((r) => [r, Number(r)])),
  j: 10,
  q: 10,
  k: 10,
  a: 1,
});

/** S-2.3: the trick cards, which may not be the starter. */
export const SWITCH_TRICK_CARDS: readonly string[] = Object.freeze(["a", "2", "8", "k"]);

/** README.md as data the classic engine reads. */
export function switchRuleSet(options: SwitchOptions): ClassicRuleSet {
  return freezeRuleSet({
    deck: "french-52",
    deckCopies: 1,
    handSize: 5, // S-2.2: five each with five to seven players …
    handSizeByPlayers: { "2": 7, "3": 7, "4": 7 }, // … seven each with two to four
    players: { min: 2, max: 7 },
    dealing: "single",
    cut: { enabled: false, keepRank: null },
    effects: {
      a: { kind: "wish", onWish: true, rule: "S-4.1" },
      "2": { kind: "draw", count: 2, stack: "same-rank", rule: "S-4.2" },
      "8": { kind: "skip", rule: "S-4.3" },
      k: { kind: "reverse", rule: "S-4.4" },
    },
    buryStarter: [...SWITCH_TRICK_CARDS], // S-2.3
    starterEffects: false,
    wildStarterAllowsAnything: false,
    voluntaryDraw: true, // S-3.2: "if they cannot, or choose not to"
    playAfterDraw: true, // S-3.2: the drawn card may be played at once if it fits
    drawUntilPlayable: false,
    emptyStock: "reshuffle", // S-3.3
    reverseSkipsWithTwo: false, // S-4.4
    calls: {
      mau: { required: true, penalty: 2 }, // S-5: "Last card!"
      mauMau: { required: false, penalty: 0, takeBack: false },
    },
    playAgainCannotFinish: false,
    values: switchValues,
    points: "penalty",
    matchEnd: { kind: "games", games: options.games },
    ruleIds: {
      match: "S-3.1",
      pending: "S-4.2",
      draw: "S-3.2",
      pass: "S-3.2",
      drawnCard: "S-3.2",
      wish: "S-4.1",
      starter: "S-2.3",
      mau: "S-5",
      end: "S-6.1",
    },
  });
}

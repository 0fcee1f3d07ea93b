import { freezeRuleSet, type ClassicRuleSet } from "@maumau/engine";
import { frenchValues } from "@maumau/variant-french";

export interface CrazyEightsOptions {
  /** E-6.3: the match ends after the game in which a total reaches this. */
  readonly targetScore: number;
}

/** E-3.2: the most cards a player who cannot play draws in a turn. */
export const CRAZY_EIGHTS_DRAW_CAP = 3;

/** The README's rules as data the classic engine reads (every field: classic/ruleSet.ts). */
export function crazyEightsRuleSet(options: CrazyEightsOptions): ClassicRuleSet {
  return freezeRuleSet({
    deck: "french-52",
    deckCopies: 1,
    handSize: 5,
    handSizeByPlayers: { "2": 7 }, // E-2.2: seven each with two players
    players: { min: 2, max: 7 },
    dealing: "single",
    cut: { enabled: false, keepRank: null },
    effects: { "8": { kind: "wish", onWish: true, rule: "E-4.1" } },
    buryStarter: ["8"], // E-2.3
    starterEffects: false,
    wildStarterAllowsAnything: false,
    voluntaryDraw: false,
    playAfterDraw: false,
    drawUntilPlayable: true, // E-3.2
    drawCap: CRAZY_EIGHTS_DRAW_CAP,
    emptyStock: "pass", // E-3.3
    reverseSkipsWithTwo: false,
    calls: {
      mau: { required: false, penalty: 0 },
      mauMau: { required: false, penalty: 0, takeBack: false },
    },
    playAgainCannotFinish: false,
    values: frenchValues, // E-6.2: the classic Crazy Eights count, as F-6.2
    points: "winner", // E-6.2: the winner collects
    matchEnd: { kind: "target", target: options.targetScore },
    ruleIds: {
      match: "E-3.1",
      draw: "E-3.2",
      pass: "E-3.2",
      drawnCard: "E-3.2",
      wish: "E-4.1",
      starter: "E-2.3",
      end: "E-6.1",
    },
  });
}

import { bavarian, bavarianRuleSet } from "@maumau/variant-bavarian";
import { french, frenchRuleSet } from "@maumau/variant-french";
import { noris, norisRuleSet } from "@maumau/variant-noris";
import { toDocument, type RuleSetDocument, type RuleSetInput } from "./schema.js";

/** C-1: noris, french and bavarian as rule-set documents (their default options). */
export const presets = {
  noris: toDocument(norisRuleSet(noris.optionsSchema.parse({})), "Mau Mau – Das Original"),
  french: toDocument(frenchRuleSet(french.optionsSchema.parse({})), "Mau Mau (52 Karten)"),
  bavarian: toDocument(
    bavarianRuleSet(bavarian.optionsSchema.parse({})),
    "Mau-Mau (bayerisches Blatt)",
  ),
} as const satisfies Record<string, RuleSetDocument>;

export type PresetId = keyof typeof presets;

/**
 * A composed house-rule set: the 32-card French pack, jacks wish, sevens draw two and stack
 * with any draw card, eights skip, nines reverse, aces play again; match to 150.
 */
export const familyHouseRules: RuleSetInput = {
  version: 1,
  name: "Family house rules",
  deck: "french-32",
  handSize: 6,
  players: { min: 2, max: 4 },
  effects: {
    j: { kind: "wish", onWish: false },
    "7": { kind: "draw", count: 2, stack: "any-draw" },
    "8": { kind: "skip" },
    "9": { kind: "reverse" },
    a: { kind: "playAgain" },
  },
  turn: {
    voluntaryDraw: false,
    playAfterDraw: true,
    drawUntilPlayable: false,
    starterEffects: true,
    wildStarterAllowsAnything: false,
    reverseSkipsWithTwo: true,
  },
  calls: {
    mau: { required: true, penalty: 1 },
    mauMau: { required: false, penalty: 0, takeBack: false },
  },
  scoring: { values: { j: 20, a: 11, k: 4, q: 3 }, matchEnd: { kind: "target", target: 150 } },
};

/**
 * C-3.1 … C-3.5 on the French preset, as `{preset, …overrides}` (C-1.8i): seven cards with two
 * players, draw until a card fits but at most three, an empty draw pile is not refilled, the
 * winner collects (match to 500), a jack turned up as starter is buried (not the eight, so
 * that an eight starter still lets the dealer name a suit, F-2.3).
 */
export const grownHouseRules = {
  preset: "french",
  handSizeByPlayers: { "2": 7 },
  turn: {
    voluntaryDraw: false,
    drawUntilPlayable: true,
    drawCap: 3,
    emptyStock: "pass",
    buryStarter: ["j"],
  },
  scoring: { points: "winner", matchEnd: { kind: "target", target: 500 } },
} as const;

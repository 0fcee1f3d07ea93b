import { z } from "zod";
import type { CardCode } from "../cards/codes.js";
import { classicEngine } from "../classic/engine.js";
import { freezeRuleSet, type ClassicRuleSet } from "../classic/ruleSet.js";
import type { AnyEngine } from "../core/engine.js";
import { defineVariant, type AnyVariant } from "../core/variant.js";

/** A plain noris-like classic rule set for the engine's own tests: draw2 and wild only. */
export const plainClassicRuleSet = (over: Partial<ClassicRuleSet> = {}): ClassicRuleSet =>
  freezeRuleSet({
    deck: "noris-110",
    deckCopies: 1,
    handSize: 5,
    players: { min: 2, max: 10 },
    dealing: "single",
    cut: { enabled: false, keepRank: null },
    effects: {
      draw2: { kind: "draw", count: 2, stack: "same-rank" },
      wild: { kind: "wish", onWish: true },
    },
    starterEffects: false,
    wildStarterAllowsAnything: true,
    voluntaryDraw: false,
    playAfterDraw: false,
    drawUntilPlayable: false,
    reverseSkipsWithTwo: false,
    calls: {
      mau: { required: false, penalty: 0 },
      mauMau: { required: false, penalty: 0, takeBack: false },
    },
    playAgainCannotFinish: false,
    values: {},
    matchEnd: { kind: "games", games: 2 },
    ruleIds: {},
    ...over,
  });

/** A variant without options that plays `ruleSet` on `engine` (the classic one by default). */
export const testVariant = (
  id: string,
  ruleSet: ClassicRuleSet,
  deck: readonly CardCode[],
  engine: AnyEngine = classicEngine as unknown as AnyEngine,
): AnyVariant =>
  defineVariant({
    id,
    names: { en: id, de: id },
    description: { en: id, de: id },
    players: ruleSet.players,
    deck,
    optionsSchema: z.object({}).strict(),
    optionDocs: [],
    engine,
    ruleSetFor: () => ruleSet,
    deckFor: () => deck,
    ruleBook: [],
    theme: { accent: "#000", table: "#000", cardBack: "#000", colours: {} },
  });

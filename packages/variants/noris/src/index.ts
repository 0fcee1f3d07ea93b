import { classicEngine, defineVariant, NORIS_110 } from "@maumau/engine";
import { z } from "zod";
import { norisRuleBook } from "./ruleBook.js";
import { norisRuleSet, type NorisOptions } from "./ruleSet.js";
import { norisTheme } from "./theme.js";

export const norisOptionsSchema = z
  .object({
    games: z.number().int().min(1).max(100).default(3),
    voluntaryDraw: z.boolean().default(false),
  })
  .strict();

/** Shared by noris and tabaluga: the same rules and card codes, another look. */
export const norisFamily = {
  players: { min: 2, max: 10 },
  deck: NORIS_110.cards,
  optionsSchema: norisOptionsSchema as z.ZodType<NorisOptions>,
  optionDocs: [
    { key: "games", label: { en: "Games in the match", de: "Spiele der Partie" }, rule: "N-2.1" },
    {
      key: "voluntaryDraw",
      label: { en: "Drawing allowed with a playable card", de: "Ziehen trotz passender Karte" },
      rule: "N-3.3",
    },
  ],
  engine: classicEngine,
  ruleSetFor: norisRuleSet,
  deckFor: () => NORIS_110.cards,
  ruleBook: norisRuleBook,
} as const;

export const noris = defineVariant({
  id: "noris",
  names: { de: "Mau Mau – Das Original", en: "Mau Mau – The Original" },
  description: {
    en: "noris's classic: 110 cards with draw2, draw4, stop, reverse and wild cards.",
    de: "Der Klassiker von noris: 110 Karten mit +2, +4, Aussetzen, Richtungswechsel und Farbwechsel.",
  },
  ...norisFamily,
  theme: norisTheme,
});

export { norisRuleSet, norisValues, type NorisOptions } from "./ruleSet.js";
export { norisRuleBook } from "./ruleBook.js";
export { norisTheme } from "./theme.js";

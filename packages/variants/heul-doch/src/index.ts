import {
  defineVariant,
  heulDochDeck,
  heulDochEngine,
  heulDochRuleSetOf,
  type HeulDochRuleSet,
} from "@maumau/engine";
import { z } from "zod";
import { heulDochRuleBook } from "./ruleBook.js";
import { heulDochTheme } from "./theme.js";

export interface HeulDochOptions {
  /** H-1.2: shuffle in the 12 special cards. */
  readonly specials: boolean;
  /** H-5.1: only top cards are shown; false = assist mode with onion counts. */
  readonly memory: boolean;
  /** H-2.2: the seat that starts. */
  readonly first: number;
  /** H-6.4: games in the match. */
  readonly games: number;
}

/**
 * Unknown options are refused by name (`.strict()`). `first` (a seat, counted from 0) is checked
 * against the seats when the match is set up.
 */
export const heulDochOptionsSchema = z
  .object({
    specials: z.boolean().default(false),
    memory: z.boolean().default(true),
    first: z.number().int().min(0).max(5).default(0),
    games: z.number().int().min(1).max(100).default(1),
  })
  .strict();

/** The rule set the engine plays, from validated options. */
export const heulDochRuleSetFor = (options: HeulDochOptions): HeulDochRuleSet =>
  heulDochRuleSetOf({
    specials: options.specials,
    memory: options.memory,
    first: options.first,
    games: options.games,
  });

export const heulDoch = defineVariant({
  id: "heul-doch",
  names: { de: "Heul doch! Mau Mau", en: "Cry Baby Mau Mau" },
  description: {
    en: "Ravensburger's gloating card collecting game: build your own pile, give away what fits your neighbours, and beware of the onions that spoil your points.",
    de: "Das schadenfrohe Kartensammelspiel von Ravensburger: bau deinen Stapel, verschenk, was bei den Nachbarn passt, und hüte dich vor den Zwiebeln, die deine Punkte entwerten.",
  },
  players: { min: 3, max: 6 },
  deck: Object.freeze(heulDochDeck(false)),
  optionsSchema: heulDochOptionsSchema,
  optionDocs: [
    {
      key: "specials",
      label: { en: "Special cards (catapult, towel, carousel, werewolf)", de: "Sonderkarten" },
      rule: "H-1.2",
    },
    {
      key: "memory",
      label: {
        en: "Memory: only top cards are shown (off: onion counts shown)",
        de: "Gedächtnis: nur oberste Karten sichtbar (aus: Zwiebelzahl sichtbar)",
      },
      rule: "H-5.1",
    },
    {
      key: "first",
      label: { en: "Seat that starts", de: "Startplatz" },
      rule: "H-2.2",
      seat: true,
    },
    { key: "games", label: { en: "Games in the match", de: "Spiele der Partie" }, rule: "H-6.4" },
  ],
  engine: heulDochEngine,
  ruleSetFor: heulDochRuleSetFor,
  deckFor: (options: HeulDochOptions) => heulDochDeck(options.specials),
  ruleBook: heulDochRuleBook,
  theme: heulDochTheme,
});

export { heulDochRuleBook } from "./ruleBook.js";
export { heulDochTheme } from "./theme.js";

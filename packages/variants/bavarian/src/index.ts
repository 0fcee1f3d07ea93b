import {
  BAVARIAN_32,
  classicEngine,
  defineVariant,
  type RuleText,
  type Theme,
} from "@maumau/engine";
import { z } from "zod";
import { bavarianRuleSet } from "./ruleSet.js";

const r = (id: string, en: string, de: string): RuleText => ({ id, text: { en, de } });

/** rules/bavarian.md, numbered as there. */
export const bavarianRuleBook: readonly RuleText[] = [
  r(
    "B-1",
    "32 cards: Eichel, Gras, Herz, Schellen × 7 8 9 10 Unter Ober König Ass.",
    "32 Karten: Eichel, Gras, Herz, Schellen × 7 8 9 10 Unter Ober König Ass.",
  ),
  r(
    "B-2.1",
    "Seat 1 deals first, then the previous dealer's left neighbour.",
    "Platz 1 gibt zuerst, dann der linke Nachbar.",
  ),
  r(
    "B-2.2",
    "The dealer's right neighbour cuts; a revealed Unter at the bottom may be kept as a first card (you say beforehand “keep it if it is an Unter”; never refused, so nobody learns the card).",
    "Rechts vom Geber wird abgehoben; ein Unter unten darf als erste Karte behalten werden (du sagst vorher „behalten, falls es ein Unter ist“; nie abgelehnt, so erfährt niemand die Karte).",
  ),
  r(
    "B-2.3",
    "Deal 3 each, then 2 each, from the dealer's left; the next card opens the game without effect.",
    "Je 3, dann je 2 ab links vom Geber; die nächste Karte eröffnet ohne Wirkung.",
  ),
  r("B-2.4", "The dealer's left neighbour plays first.", "Links vom Geber beginnt."),
  r(
    "B-2.5",
    "Before the cut the table is empty; keep on a card that is not an Unter is not refused.",
    "Vor dem Abheben ist der Tisch leer; Behalten auf einer Karte, die kein Unter ist, wird nicht abgelehnt.",
  ),
  r(
    "B-3.1",
    "Play a card of the top card's suit or rank, or an Unter.",
    "Leg eine Karte gleicher Farbe oder gleichen Werts, oder einen Unter.",
  ),
  r(
    "B-3.2",
    "If you cannot play, draw one; play it at once if it fits, or pass. No drawing with a playable card.",
    "Kannst du nicht, ziehst du eine; passt sie, darfst du sie legen oder passen. Kein Ziehen mit passender Karte.",
  ),
  r(
    "B-3.3",
    "An empty draw pile is refilled from the shuffled discard pile but its top card.",
    "Ein leerer Stapel wird aus dem gemischten Ablagestapel ohne oberste Karte neu gebildet.",
  ),
  r(
    "B-4.1",
    "Unter: on anything (also on an Unter); name the suit to go on with.",
    "Unter: auf alles (auch auf Unter); nenne die Farbe.",
  ),
  r("B-4.2", "8: the next player is skipped.", "8: der Nächste setzt aus."),
  r(
    "B-4.3",
    "7: the next player draws 2 unless they add a 7 (2, 4, 6 …).",
    "7: der Nächste zieht 2, außer er legt eine 7 (2, 4, 6 …).",
  ),
  r(
    "B-4.4",
    "Ass: play again at once; if you cannot, draw one. An Ass as last card does not win: draw one.",
    "Ass: sofort nochmal legen; sonst eine ziehen. Ein Ass als letzte Karte gewinnt nicht: eine ziehen.",
  ),
  r(
    "B-5.1",
    'Say "Mau" when a play leaves you one card.',
    'Sag "Mau", wenn dir eine Karte bleibt.',
  ),
  r("B-5.2", 'Say "Mau-Mau" with your last card.', 'Sag "Mau-Mau" mit der letzten Karte.'),
  r(
    "B-5.3",
    "Forgotten: a last card goes back into your hand; draw 2 (and any pending draw); the turn ends.",
    "Vergessen: die letzte Karte geht zurück; zieh 2 (und eine offene Strafe); der Zug endet.",
  ),
  r(
    "B-6.1",
    'The game ends with the last card played with "Mau-Mau".',
    'Das Spiel endet mit der letzten Karte und "Mau-Mau".',
  ),
  r(
    "B-6.2",
    "Accounts: Unter 20; Ass, König, Ober 10; 10 9 8 7 face value.",
    "Konto: Unter 20; Ass, König, Ober 10; 10 9 8 7 nach Zahl.",
  ),
  r(
    "B-6.3",
    "Whoever's account goes over 100 loses the match; the lowest account wins.",
    "Wer über 100 kommt, verliert; das niedrigste Konto gewinnt.",
  ),
  r(
    "B-6.4",
    "A whole round without a card played or drawn ends the game without a winner.",
    "Eine ganze Runde ohne gelegte oder gezogene Karte beendet das Spiel ohne Sieger.",
  ),
];

export const bavarianTheme: Theme = {
  accent: "#0057b8",
  table: "#5b3a1a",
  cardBack: "#0057b8",
  colours: {
    eichel: { label: { en: "acorns", de: "Eichel" }, css: "#8b5a2b" },
    gras: { label: { en: "leaves", de: "Gras" }, css: "#2e8b57" },
    herz: { label: { en: "hearts", de: "Herz" }, css: "#d62828" },
    schellen: { label: { en: "bells", de: "Schellen" }, css: "#d4a017" },
  },
  ranks: {
    u: { en: "Unter", de: "Unter" },
    o: { en: "Ober", de: "Ober" },
    k: { en: "King", de: "König" },
    a: { en: "Ace", de: "Ass" },
  },
};

export const bavarianOptionsSchema = z
  .object({
    cut: z.boolean().default(true),
    voluntaryDraw: z.boolean().default(false),
    unterOnUnter: z.boolean().default(true),
    limit: z.number().int().min(1).max(10000).default(100),
  })
  .strict();

export const bavarian = defineVariant({
  id: "bavarian",
  names: { de: "Mau-Mau (bayerisches Blatt)", en: "Mau-Mau (Bavarian deck)" },
  description: {
    en: "32 Bavarian cards: the cut with a kept Unter, Unter wishes, 8 skips, 7 draws two, the Ass plays again; say Mau and Mau-Mau.",
    de: "32 bayerische Karten: Abheben mit Unter, Unter wünscht, 8 setzt aus, 7 zieht zwei, das Ass legt nochmal; Mau und Mau-Mau sagen.",
  },
  players: { min: 2, max: 5 },
  deck: BAVARIAN_32.cards,
  optionsSchema: bavarianOptionsSchema,
  optionDocs: [
    { key: "cut", label: { en: "Cut before dealing", de: "Abheben vor dem Geben" }, rule: "B-2.2" },
    {
      key: "voluntaryDraw",
      label: { en: "Drawing allowed with a playable card", de: "Ziehen trotz passender Karte" },
      rule: "B-3.2",
    },
    { key: "unterOnUnter", label: { en: "Unter on Unter", de: "Unter auf Unter" }, rule: "B-4.1" },
    { key: "limit", label: { en: "Account limit", de: "Kontogrenze" }, rule: "B-6.3" },
  ],
  engine: classicEngine,
  ruleSetFor: bavarianRuleSet,
  deckFor: () => BAVARIAN_32.cards,
  ruleBook: bavarianRuleBook,
  theme: bavarianTheme,
});

export { bavarianRuleSet, bavarianValues, type BavarianOptions } from "./ruleSet.js";

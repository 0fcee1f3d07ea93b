import { classicEngine, defineVariant, FRENCH_52, type RuleText, type Theme } from "@maumau/engine";
import { z } from "zod";
import { frenchRuleSet } from "./ruleSet.js";

const r = (id: string, en: string, de: string): RuleText => ({ id, text: { en, de } });

/** rules/french.md, numbered as there. */
export const frenchRuleBook: readonly RuleText[] = [
  r(
    "F-1",
    "52 cards: clubs, diamonds, hearts, spades × 2–10, j, q, k, a.",
    "52 Karten: Kreuz, Karo, Herz, Pik × 2–10, B, D, K, A.",
  ),
  r(
    "F-2.1",
    "Seat 1 deals the first game, then the previous dealer's left neighbour.",
    "Platz 1 gibt zuerst, danach der linke Nachbar.",
  ),
  r(
    "F-2.2",
    "Deal 5 each, one at a time from the dealer's left; the next card is turned up as played by the dealer.",
    "Je 5 einzeln ab links vom Geber; die nächste Karte gilt als vom Geber gelegt.",
  ),
  r(
    "F-2.3",
    "A special starter acts as if the dealer played it: 8 – the dealer names a suit; 2 – the left neighbour draws 2; q – the left neighbour is skipped; a – the right neighbour starts.",
    "Eine Sonderkarte wirkt, als hätte der Geber sie gelegt: 8 – Geber wünscht; 2 – links zieht 2; D – links setzt aus; A – rechts beginnt.",
  ),
  r(
    "F-2.4",
    "Otherwise the dealer's left neighbour starts.",
    "Sonst beginnt der linke Nachbar des Gebers.",
  ),
  r(
    "F-3.1",
    "Play a card of the top card's suit or rank, or an 8 — or draw one card.",
    "Leg eine Karte gleicher Farbe oder gleichen Werts oder eine 8 – oder zieh eine Karte.",
  ),
  r(
    "F-3.2",
    "Drawing is always allowed and ends the turn (if the table allows it: play the drawn card if it fits, or pass).",
    "Ziehen ist immer erlaubt und beendet den Zug (wenn der Tisch es erlaubt: gezogene Karte legen, wenn sie passt, oder passen).",
  ),
  r(
    "F-3.3",
    "An empty draw pile is refilled from the shuffled discard pile but its top card.",
    "Ein leerer Stapel wird aus dem gemischten Ablagestapel ohne oberste Karte neu gebildet.",
  ),
  r(
    "F-4.1",
    "8: on anything, also on any 8; name a suit to follow until the next card. Not against a pending draw.",
    "8: auf alles, auch auf jede 8; wünsch eine Farbe bis zur nächsten Karte. Nicht gegen eine Ziehstrafe.",
  ),
  r(
    "F-4.2",
    "2: the next player draws 2 or adds a 2 (2, 4, 6 …); only a 2 may be played against it.",
    "2: der Nächste zieht 2 oder legt eine 2 (2, 4, 6 …); nur eine 2 darf dagegen gelegt werden.",
  ),
  r(
    "F-4.3",
    "q: the next player is skipped; a skip cannot be passed on.",
    "D: der Nächste setzt aus; nicht weitergebbar.",
  ),
  r("F-4.4", "a: reverses the direction of play.", "A: kehrt die Spielrichtung um."),
  r(
    "F-5.1",
    "Knock when playing your second-to-last card, or draw 2 penalty cards.",
    "Klopf mit der vorletzten Karte, sonst ziehst du 2 Strafkarten.",
  ),
  r(
    "F-6.1",
    "The game ends with a last card (its effect is not carried out); the others add their hands.",
    "Das Spiel endet mit der letzten Karte (ohne Wirkung); die anderen zählen ihre Hand.",
  ),
  r(
    "F-6.2",
    "Values: 8 = 50; j q k = 10; a = 1; 2–10 face value.",
    "Werte: 8 = 50; B D K = 10; A = 1; 2–10 nach Zahl.",
  ),
  r(
    "F-6.3",
    "The match ends after the game in which a total reaches 100; the lowest total wins.",
    "Die Partie endet nach dem Spiel, in dem jemand 100 erreicht; die niedrigste Summe gewinnt.",
  ),
  r(
    "F-6.4",
    "A whole round without a card played or drawn ends the game without a winner.",
    "Eine ganze Runde ohne gelegte oder gezogene Karte beendet das Spiel ohne Sieger.",
  ),
];

export const frenchTheme: Theme = {
  accent: "#1d3557",
  table: "#2a6041",
  cardBack: "#8d0801",
  colours: {
    clubs: { label: { en: "♣ clubs", de: "♣ Kreuz" }, css: "#222222" },
    diamonds: { label: { en: "♦ diamonds", de: "♦ Karo" }, css: "#d62828" },
    hearts: { label: { en: "♥ hearts", de: "♥ Herz" }, css: "#c1121f" },
    spades: { label: { en: "♠ spades", de: "♠ Pik" }, css: "#111111" },
  },
  ranks: {
    j: { en: "J", de: "B" },
    q: { en: "Q", de: "D" },
    k: { en: "K", de: "K" },
    a: { en: "A", de: "A" },
  },
  // F-5.1: the French deck's "mau" is a knock.
  words: { calls: { mau: { en: "Knock", de: "Klopfen" } } },
};

export const frenchOptionsSchema = z
  .object({
    playAfterDraw: z.boolean().default(false),
    targetScore: z.number().int().min(1).max(10000).default(100),
  })
  .strict();

export const french = defineVariant({
  id: "french",
  names: { de: "Mau Mau (52 Karten)", en: "Mau Mau (52 cards)" },
  description: {
    en: "The app preset after Crazy Eights: 8 wishes, 2 draws, queen skips, ace reverses; knock on your last-but-one card.",
    de: "Das App-Preset nach Crazy Eights: 8 wünscht, 2 zieht, Dame setzt aus, Ass wechselt die Richtung; klopfen vor der letzten Karte.",
  },
  players: { min: 2, max: 8 },
  deck: FRENCH_52.cards,
  optionsSchema: frenchOptionsSchema,
  optionDocs: [
    {
      key: "playAfterDraw",
      label: { en: "Play the drawn card at once", de: "Gezogene Karte sofort legen" },
      rule: "F-3.2",
    },
    {
      key: "targetScore",
      label: { en: "Match ends at total", de: "Partie endet bei" },
      rule: "F-6.3",
    },
  ],
  engine: classicEngine,
  ruleSetFor: frenchRuleSet,
  deckFor: () => FRENCH_52.cards,
  ruleBook: frenchRuleBook,
  theme: frenchTheme,
});

export { frenchRuleSet, frenchValues, type FrenchOptions } from "./ruleSet.js";

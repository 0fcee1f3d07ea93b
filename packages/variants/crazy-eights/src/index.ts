import { classicEngine, defineVariant, FRENCH_52, type RuleText, type Theme } from "@maumau/engine";
import { frenchTheme } from "@maumau/variant-french";
import { z } from "zod";
import { crazyEightsRuleSet } from "./ruleSet.js";

const r = (id: string, en: string, de: string): RuleText => ({ id, text: { en, de } });

/** The rules of README.md, numbered as there. */
export const crazyEightsRuleBook: readonly RuleText[] = [
  r(
    "E-1",
    "52 cards: clubs, diamonds, hearts, spades × 2–10, jack, queen, king, ace.",
    "52 Karten: Kreuz, Karo, Herz, Pik × 2–10, Bube, Dame, König, Ass.",
  ),
  r(
    "E-2.1",
    "Seat 1 deals the first game, then the previous dealer's left neighbour.",
    "Platz 1 gibt zuerst, danach der linke Nachbar des letzten Gebers.",
  ),
  r(
    "E-2.2",
    "Deal one at a time from the dealer's left: 5 cards each, 7 each with two players.",
    "Einzeln ab links vom Geber geben: je 5 Karten, zu zweit je 7.",
  ),
  r(
    "E-2.3",
    "The next card is turned up as the starter. An eight turned up goes to the bottom of the stock and the next card is turned. The starter has no effect.",
    "Die nächste Karte wird als Startkarte aufgedeckt. Eine Acht kommt unter den Stapel, die nächste Karte wird aufgedeckt. Die Startkarte wirkt nicht.",
  ),
  r("E-2.4", "The dealer's left neighbour plays first.", "Der linke Nachbar des Gebers beginnt."),
  r(
    "E-3.1",
    "Play a card of the top card's suit or rank, or an eight.",
    "Leg eine Karte gleicher Farbe oder gleichen Werts oder eine Acht.",
  ),
  r(
    "E-3.2",
    "Only a player who cannot play draws: until a card fits, at most 3 cards. The card that fits may be played at once, or pass; if none of the 3 fits, the turn passes.",
    "Ziehen darf nur, wer nicht legen kann: bis eine Karte passt, höchstens 3. Die passende Karte darf sofort gelegt werden, oder passen; passt keine der 3, ist der Zug vorbei.",
  ),
  r(
    "E-3.3",
    "When the stock is empty it is not refilled: a player who cannot play passes.",
    "Ist der Stapel leer, wird er nicht neu gebildet: wer nicht legen kann, passt.",
  ),
  r(
    "E-4.1",
    "Eights are wild: an eight lies on anything, also on an eight; its player names a suit, which must be followed (or another eight played).",
    "Achten sind Joker: eine Acht passt auf alles, auch auf eine Acht; wer sie legt, nennt eine Farbe, die bedient werden muss (oder wieder eine Acht).",
  ),
  r(
    "E-5",
    "Nothing is called: no Mau, no knock.",
    "Es wird nichts angesagt: kein Mau, kein Klopfen.",
  ),
  r(
    "E-6.1",
    "The first player to play their last card wins the game.",
    "Wer zuerst seine letzte Karte legt, gewinnt das Spiel.",
  ),
  r(
    "E-6.2",
    "The winner scores the cards left in the other hands: eight 50, king, queen, jack 10, ace 1, others face value.",
    "Der Sieger bekommt die Punkte der anderen Hände: Acht 50, König, Dame, Bube 10, Ass 1, sonst der Zahlenwert.",
  ),
  r(
    "E-6.3",
    "The match ends after the game in which a total reaches 500; the highest total wins.",
    "Die Partie endet nach dem Spiel, in dem jemand 500 erreicht; die höchste Summe gewinnt.",
  ),
  r(
    "E-6.4",
    "A whole round in which nobody plays or draws (the game is blocked) ends the game without a winner; nobody scores.",
    "Eine ganze Runde, in der niemand legt oder zieht (das Spiel ist blockiert), beendet das Spiel ohne Sieger; niemand punktet.",
  ),
];

/** E-1: the French pack's suits and ranks, under Crazy Eights' own colours. */
export const crazyEightsTheme: Theme = {
  accent: "#355070",
  table: "#2a6041",
  cardBack: "#6d597a",
  colours: frenchTheme.colours,
  ...(frenchTheme.ranks === undefined ? {} : { ranks: frenchTheme.ranks }),
  // E-4.1: an eight names a suit (no wish); E-5: no calls, so no words for them.
  words: {
    wish: { en: "Suit named: {colour}", de: "Genannte Farbe: {colour}" },
    wished: { en: ", naming {colour}", de: ", Farbe: {colour}" },
  },
};

export const crazyEightsOptionsSchema = z
  .object({ targetScore: z.number().int().min(50).max(5000).default(500) })
  .strict();

export const crazyEights = defineVariant({
  id: "crazy-eights",
  names: { en: "Crazy Eights", de: "Verrückte Achten" },
  description: {
    en: "Eights are wild; draw up to three when you cannot play; the winner collects the others' points, match to 500.",
    de: "Achten sind Joker; wer nicht legen kann, zieht bis zu drei; der Sieger kassiert die Punkte der anderen, Partie bis 500.",
  },
  players: { min: 2, max: 7 },
  deck: FRENCH_52.cards,
  optionsSchema: crazyEightsOptionsSchema,
  optionDocs: [
    {
      key: "targetScore",
      label: { en: "Match ends at total", de: "Partie endet bei" },
      rule: "E-6.3",
    },
  ],
  engine: classicEngine,
  ruleSetFor: crazyEightsRuleSet,
  deckFor: () => FRENCH_52.cards,
  ruleBook: crazyEightsRuleBook,
  theme: crazyEightsTheme,
});

export { crazyEightsRuleSet, CRAZY_EIGHTS_DRAW_CAP, type CrazyEightsOptions } from "./ruleSet.js";

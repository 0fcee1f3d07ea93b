import { classicEngine, defineVariant, FRENCH_52, type RuleText, type Theme } from "@maumau/engine";
import { frenchTheme } from "@maumau/variant-french";
import { z } from "zod";
import { switchRuleSet } from "./ruleSet.js";

const r = (id: string, en: string, de: string): RuleText => ({ id, text: { en, de } });

/** The rules of README.md, numbered as there. */
export const switchRuleBook: readonly RuleText[] = [
  r(
    "S-1",
    "52 cards: clubs, diamonds, hearts, spades × 2–10, jack, queen, king, ace.",
    "52 Karten: Kreuz, Karo, Herz, Pik × 2–10, Bube, Dame, König, Ass.",
  ),
  r(
    "S-2.1",
    "Seat 1 deals the first game, then the previous dealer's left neighbour.",
    "Platz 1 gibt zuerst, danach der linke Nachbar des letzten Gebers.",
  ),
  r(
    "S-2.2",
    "Deal one at a time from the dealer's left: 7 cards each with two to four players, 5 each with five to seven.",
    "Einzeln ab links vom Geber geben: zu zweit bis viert je 7 Karten, zu fünft bis siebt je 5.",
  ),
  r(
    "S-2.3",
    "The next card is turned up as the starter. A trick card (ace, 2, 8, king) turned up goes to the bottom of the stock and the next card is turned. The starter has no effect.",
    "Die nächste Karte wird als Startkarte aufgedeckt. Eine Trickkarte (Ass, 2, 8, König) kommt unter den Stapel, die nächste wird aufgedeckt. Die Startkarte wirkt nicht.",
  ),
  r("S-2.4", "The dealer's left neighbour plays first.", "Der linke Nachbar des Gebers beginnt."),
  r(
    "S-3.1",
    "Play a card of the top card's suit or rank, or an ace.",
    "Leg eine Karte gleicher Farbe oder gleichen Werts oder ein Ass.",
  ),
  r(
    "S-3.2",
    "Instead of playing, draw one card (also when you could play). If it fits you may play it at once or pass; if it does not, your turn ends.",
    "Statt zu legen, ziehst du eine Karte (auch wenn du legen könntest). Passt sie, darfst du sie sofort legen oder passen; sonst ist dein Zug vorbei.",
  ),
  r(
    "S-3.3",
    "An empty stock is refilled from the shuffled discard pile but its top card.",
    "Ein leerer Stapel wird aus dem gemischten Ablagestapel ohne oberste Karte neu gebildet.",
  ),
  r(
    "S-4.1",
    "Aces change the suit: an ace lies on anything, also on an ace; its player names a suit, which must be followed (or another ace played).",
    "Asse wechseln die Farbe: ein Ass passt auf alles, auch auf ein Ass; wer es legt, nennt eine Farbe, die bedient werden muss (oder wieder ein Ass).",
  ),
  r(
    "S-4.2",
    "A 2: the next player picks up two, unless they play a 2, which passes on two more; whoever does not add a 2 picks up the sum and their turn ends.",
    "Eine 2: der Nächste nimmt zwei auf, außer er legt eine 2 und gibt zwei mehr weiter; wer keine 2 legt, nimmt die Summe auf, und sein Zug ist vorbei.",
  ),
  r("S-4.3", "An 8: the next player misses a turn.", "Eine 8: der Nächste setzt aus."),
  r(
    "S-4.4",
    "A king reverses the direction of play (with two players it changes nothing).",
    "Ein König kehrt die Spielrichtung um (zu zweit ändert das nichts).",
  ),
  r(
    "S-5",
    'Say "Last card" when you play your second-to-last card, or pick up 2 penalty cards.',
    "Sag „Letzte Karte“, wenn du deine vorletzte Karte legst, sonst nimmst du 2 Strafkarten auf.",
  ),
  r(
    "S-6.1",
    "The first player to play their last card wins the game (its effect is not carried out).",
    "Wer zuerst seine letzte Karte legt, gewinnt das Spiel (sie wirkt nicht mehr).",
  ),
  r(
    "S-6.2",
    "The others score the cards left in their hands: ace 1, king, queen, jack 10, others face value.",
    "Die anderen zählen ihre Handkarten: Ass 1, König, Dame, Bube 10, sonst der Zahlenwert.",
  ),
  r(
    "S-6.3",
    "A match is one game (option: more); after the last game the lowest total wins.",
    "Eine Partie ist ein Spiel (Option: mehr); nach dem letzten Spiel gewinnt die niedrigste Summe.",
  ),
  r(
    "S-6.4",
    "A whole round without a card played or drawn ends the game without a winner; nobody scores.",
    "Eine ganze Runde ohne gelegte oder gezogene Karte beendet das Spiel ohne Sieger; niemand punktet.",
  ),
];

/** S-1: the French pack's suits and ranks, under Switch's own colours and words. */
export const switchTheme: Theme = {
  accent: "#1d3557",
  table: "#2d6a4f",
  cardBack: "#9d0208",
  colours: frenchTheme.colours,
  ...(frenchTheme.ranks === undefined ? {} : { ranks: frenchTheme.ranks }),
  // S-4.1: an ace changes the suit; S-5: the call is "Last card".
  words: {
    wish: { en: "Suit: {colour}", de: "Farbe: {colour}" },
    wished: { en: ", changing to {colour}", de: ", wechselt zu {colour}" },
    calls: { mau: { en: "Last card", de: "Letzte Karte" } },
  },
};

export const switchOptionsSchema = z
  .object({ games: z.number().int().min(1).max(100).default(1) })
  .strict();

/** `switch` is a reserved word, so the variant's export is `switchGame`. */
export const switchGame = defineVariant({
  id: "switch",
  names: { en: "Switch", de: "Switch" },
  description: {
    en: "The British game: aces change the suit, 2s pick up two, 8s miss a turn, kings reverse; say “Last card”.",
    de: "Das britische Spiel: Asse wechseln die Farbe, 2en ziehen zwei, 8en setzen aus, Könige drehen um; sag „Letzte Karte“.",
  },
  players: { min: 2, max: 7 },
  deck: FRENCH_52.cards,
  optionsSchema: switchOptionsSchema,
  optionDocs: [
    { key: "games", label: { en: "Games in the match", de: "Spiele der Partie" }, rule: "S-6.3" },
  ],
  engine: classicEngine,
  ruleSetFor: switchRuleSet,
  deckFor: () => FRENCH_52.cards,
  ruleBook: switchRuleBook,
  theme: switchTheme,
});

export { switchRuleSet, switchValues, SWITCH_TRICK_CARDS, type SwitchOptions } from "./ruleSet.js";

import type { RuleText } from "@maumau/engine";

const r = (id: string, en: string, de: string): RuleText => ({ id, text: { en, de } });

/** rules/heul-doch.md, numbered as there; clients show it, tests are named after these ids. */
export const heulDochRuleBook: readonly RuleText[] = [
  r(
    "H-1.1",
    "98 number cards: red, orange, yellow, green, blue, purple, black × 1–7, twice each.",
    "98 Zahlenkarten: Rot, Orange, Gelb, Grün, Blau, Lila, Schwarz × 1–7, je zweimal.",
  ),
  r(
    "H-1.2",
    "With special cards: add 12 special cards, 3 each of catapult, towel, carousel and werewolf.",
    "Mit Sonderkarten: 12 Sonderkarten dazu, je 3 Katapult, Strandtuch, Karussell und Werwolf.",
  ),
  r(
    "H-2.1",
    "Each player gets one card face up as the start of their pile (a special card goes back into the draw pile and they get the next), then 4 hand cards, one at a time, seat 1 first.",
    "Jeder bekommt eine offene Karte als Beginn seines Stapels (eine Sonderkarte wird wieder untergemischt, er bekommt die nächste), dann 4 Handkarten, einzeln, ab Platz 1.",
  ),
  r(
    "H-2.2",
    "The biggest crybaby starts: the table chooses who (default: seat 1).",
    "Die größte Heulsuse beginnt: der Tisch wählt, wer (Standard: Platz 1).",
  ),
  r(
    "H-3.1",
    "Play exactly one hand card; there is no drawing or passing. Special cards only go to the middle.",
    "Spiel genau eine Handkarte; Ziehen oder Passen gibt es nicht. Sonderkarten kommen nur in die Mitte.",
  ),
  r(
    "H-3.1a",
    "Face up onto a neighbour's pile, if it matches their top card in colour or number.",
    "Offen auf den Stapel eines Nachbarn, wenn sie in Farbe oder Zahl zu seiner obersten Karte passt.",
  ),
  r(
    "H-3.1b",
    "Face up onto your own pile, if it matches your top card (or your top is an onion or nothing) and matches neither neighbour's top.",
    "Offen auf deinen Stapel, wenn sie zu deiner obersten Karte passt (oder dort eine Zwiebel oder nichts liegt) und bei keinem Nachbarn passt.",
  ),
  r(
    "H-3.1c",
    "Face down onto your own pile as an onion: any number card.",
    "Verdeckt als Zwiebel auf deinen Stapel: jede Zahlenkarte.",
  ),
  r(
    "H-3.2",
    "A card that matches a neighbour's top must go to a neighbour (your choice if both fit) or face down.",
    "Eine Karte, die bei einem Nachbarn passt, muss zu ihm (bei beiden: deine Wahl) oder verdeckt abgelegt werden.",
  ),
  r(
    "H-3.3",
    "Nothing goes onto another player's onion or empty pile: it matches nothing.",
    "Auf eine fremde Zwiebel oder einen leeren fremden Stapel kommt nichts: sie passt zu nichts.",
  ),
  r(
    "H-3.4",
    "Only your two neighbours' piles count; with 3 players both others are neighbours.",
    "Nur die Stapel deiner beiden Nachbarn zählen; zu dritt sind beide anderen Nachbarn.",
  ),
  r(
    "H-3.5",
    "An onion may go onto an onion on your own pile.",
    "Auf die eigene Zwiebel darf eine weitere Zwiebel.",
  ),
  r(
    "H-3.6",
    "After playing, draw 1 card while the draw pile lasts; then play on until every hand is empty, passing over empty hands.",
    "Nach dem Ausspielen 1 Karte nachziehen, solange der Stapel reicht; danach weiterspielen, bis alle Hände leer sind; leere Hände werden übersprungen.",
  ),
  r(
    "H-4.1",
    "Catapult: every face-up top of the highest rank goes to the middle, starting with you, clockwise; an emptied pile counts as an onion.",
    "Katapult: jede offene oberste Karte mit dem höchsten Wert kommt in die Mitte, ab dir im Uhrzeigersinn; ein leerer Stapel gilt als Zwiebel.",
  ),
  r(
    "H-4.2",
    "Towel: swap your top card with any other player's top card, onions included; matching is not checked.",
    "Strandtuch: tausch deine oberste Karte mit der eines beliebigen Mitspielers, auch Zwiebeln; Passen wird nicht geprüft.",
  ),
  r(
    "H-4.3",
    "Carousel: every top card moves one seat left or right, as it lay; an empty pile passes nothing.",
    "Karussell: jede oberste Karte wandert einen Platz nach links oder rechts, wie sie lag; ein leerer Stapel gibt nichts weiter.",
  ),
  r(
    "H-4.4",
    "Werewolf: every top card is turned over: a number card becomes an onion and an onion a number card.",
    "Werwolf: jede oberste Karte wird umgedreht: aus einer Zahlenkarte wird eine Zwiebel und umgekehrt.",
  ),
  r(
    "H-5.1",
    "No one may look through a pile: only top cards are shown (a table setting; without it the onion counts are shown).",
    "Niemand darf einen Stapel durchsehen: nur die obersten Karten sind zu sehen (eine Tisch-Einstellung; ohne sie ist die Zwiebelzahl sichtbar).",
  ),
  r(
    "H-6.1",
    "The game ends when the last hand card has been played.",
    "Das Spiel endet, wenn die letzte Handkarte ausgespielt ist.",
  ),
  r(
    "H-6.2",
    "n onions spoil your cards of rank n; more than 7 spoil the 7s and rank n − 7. Every other face-up card scores its rank.",
    "n Zwiebeln entwerten deine Karten mit Zahl n; mehr als 7 entwerten die 7er und die Zahl n − 7. Jede andere offene Karte zählt ihren Wert.",
  ),
  r(
    "H-6.3",
    "Highest score wins; a tie goes to whoever lost more points to onions; still tied, they share the win.",
    "Die höchste Summe gewinnt; bei Gleichstand, wer mehr Punkte durch Zwiebeln verlor; sonst gibt es mehrere Sieger.",
  ),
  r(
    "H-6.4",
    "A match is one game unless the table asks for more games; totals add up.",
    "Eine Partie ist ein Spiel, außer der Tisch verlangt mehr Spiele; die Summen werden addiert.",
  ),
];

import type { RuleText } from "@maumau/engine";

const r = (id: string, en: string, de: string): RuleText => ({ id, text: { en, de } });

/** rules/noris.md, numbered as there; clients show it, tests are named after these ids. */
export const norisRuleBook: readonly RuleText[] = [
  r(
    "N-1",
    "110 cards: green, blue, red, yellow; 1–9 twice, reverse, draw2, draw4 and stop twice each; 6 wild cards.",
    "110 Karten: Grün, Blau, Rot, Gelb; 1–9 je zweimal, Richtungswechsel, +2, +4 und Aussetzen je zweimal; 6 Farbwechsel.",
  ),
  r(
    "N-2.1",
    "A match is a series of an agreed number of games (default 3).",
    "Eine Partie ist eine vereinbarte Zahl von Spielen (Standard 3).",
  ),
  r(
    "N-2.2",
    "Seat 1 deals the first game, then the dealer's left neighbour.",
    "Platz 1 gibt das erste Spiel, danach der linke Nachbar des Gebers.",
  ),
  r(
    "N-2.3",
    "Deal one card at a time from the dealer's left, 5 each; turn up the next card.",
    "Einzeln austeilen ab links vom Geber, je 5; die nächste Karte wird aufgedeckt.",
  ),
  r(
    "N-2.4",
    "The starter has no effect, but a wild starter lets the first player play any card. The dealer's left neighbour starts.",
    "Die Startkarte wirkt nicht, nur ein Farbwechsel erlaubt dem ersten Spieler jede Karte. Links vom Geber beginnt.",
  ),
  r(
    "N-3.1",
    "Play one card of the same colour or rank as the top card, or a wild.",
    "Leg eine Karte gleicher Farbe oder gleichen Werts, oder einen Farbwechsel.",
  ),
  r(
    "N-3.2",
    "With no playable card, draw one; your turn ends even if it fits.",
    "Ohne passende Karte ziehst du eine; dein Zug endet, auch wenn sie passt.",
  ),
  r(
    "N-3.3",
    "You may not draw while holding a playable card (unless the table allows drawing at will).",
    "Mit passender Karte darfst du nicht ziehen (außer der Tisch erlaubt freiwilliges Ziehen).",
  ),
  r(
    "N-3.4",
    "A special card goes on its colour or on the same special card; its effect hits the next player.",
    "Eine Aktionskarte passt auf ihre Farbe oder die gleiche Aktionskarte; sie trifft den Nächsten.",
  ),
  r(
    "N-3.5",
    "An empty draw pile is refilled from the shuffled discard pile but its top card.",
    "Ist der Stapel leer, wird der Ablagestapel ohne oberste Karte gemischt.",
  ),
  r(
    "N-4.1",
    "reverse: the direction of play flips at once.",
    "Richtungswechsel: die Spielrichtung kehrt sich sofort um.",
  ),
  r(
    "N-4.2",
    "draw2: the next player draws 2 unless they add a draw2; the sum grows by 2; only a draw2 may be played against it.",
    "+2: der Nächste zieht 2, außer er legt eine +2; die Summe wächst um 2; nur +2 darf dagegen gelegt werden.",
  ),
  r(
    "N-4.3",
    "draw4: the next player draws 4 and loses the turn; it cannot be answered.",
    "+4: der Nächste zieht 4 und setzt aus; nicht abwehrbar.",
  ),
  r("N-4.4", "stop: the next player is skipped.", "Aussetzen: der Nächste wird übersprungen."),
  r(
    "N-4.5",
    "wild: on any card (not against a pending draw); name the colour to follow.",
    "Farbwechsel: auf jede Karte (nicht gegen eine Ziehstrafe); nenne die Farbe.",
  ),
  r(
    "N-4.6",
    "A pending draw is taken by the victim's draw; afterwards the top card matches as usual.",
    "Die Strafe wird mit dem eigenen Ziehen genommen; danach gilt die oberste Karte normal.",
  ),
  r(
    "N-5.1",
    'Say "mau" with your second-to-last card, or draw 1 penalty card.',
    'Sag "Mau" mit der vorletzten Karte, sonst ziehst du 1 Strafkarte.',
  ),
  r(
    "N-5.2",
    'Saying "mau" at other times has no effect.',
    '"Mau" zu anderen Zeiten hat keine Wirkung.',
  ),
  r(
    "N-6.1",
    "The game ends when someone plays their last card; its effect is not carried out.",
    "Das Spiel endet mit der letzten Karte; ihre Wirkung entfällt.",
  ),
  r(
    "N-6.2",
    "The winner scores 0; others their hand: 1–9 face value, other cards 10.",
    "Der Sieger erhält 0; die anderen ihre Hand: 1–9 nach Wert, sonst 10.",
  ),
  r(
    "N-6.3",
    "After the agreed games, the lowest total wins; ties share.",
    "Nach den Spielen gewinnt die niedrigste Summe; Gleichstand teilt.",
  ),
  r(
    "N-6.4",
    "If for a whole round no card was played or drawn, the game ends without a winner.",
    "Wird eine ganze Runde keine Karte gelegt oder gezogen, endet das Spiel ohne Sieger.",
  ),
];

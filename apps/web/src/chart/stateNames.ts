import type { Lang } from "@maumau/engine";

/** The machines' state names as a player reads them, in both languages. */
const NAMES: Readonly<Record<string, Readonly<Record<Lang, string>>>> = {
  idle: { en: "Not started", de: "Nicht begonnen" },
  dealing: { en: "Dealing", de: "Geben" },
  choosingColour: { en: "Choosing a colour", de: "Farbe wählen" },
  cutting: { en: "Cutting", de: "Abheben" },
  turn: { en: "Turn", de: "Zug" },
  awaitingPlay: { en: "Awaiting a play", de: "Wartet auf einen Zug" },
  awaitingCard: { en: "Awaiting a card", de: "Wartet auf eine Karte" },
  underPenalty: { en: "Under penalty", de: "Strafe läuft" },
  wishInForce: { en: "A wish in force", de: "Wunsch gilt" },
  drawnCard: { en: "Card drawn", de: "Karte gezogen" },
  playAgain: { en: "Play again", de: "Noch einmal" },
  handsRunningDown: { en: "Last cards", de: "Letzte Karten" },
  gameOver: { en: "Game over", de: "Spiel vorbei" },
  matchOver: { en: "Match over", de: "Partie vorbei" },
};

/** One state's own name (`underPenalty`) in the player's language; unknown names stay. */
export const stateLabel = (label: string, lang: Lang): string => NAMES[label]?.[lang] ?? label;

/** The chart panel's own controls. */
export const CHART_UI: Readonly<Record<Lang, Readonly<Record<"in" | "out" | "fit", string>>>> = {
  en: { in: "Zoom in", out: "Zoom out", fit: "Fit the chart" },
  de: { in: "Vergrößern", out: "Verkleinern", fit: "Ganzes Diagramm zeigen" },
};

import type { Theme } from "@maumau/engine";

/** Seven colours and an onion for the card back (our own drawing, never the printed artwork). */
export const heulDochTheme: Theme & {
  readonly onion: { readonly label: { en: string; de: string }; readonly css: string };
} = {
  accent: "#7b4fa0",
  table: "#2f5d62",
  cardBack: "#9a9a9a",
  colours: {
    red: { label: { en: "red", de: "Rot" }, css: "#d62828" },
    orange: { label: { en: "orange", de: "Orange" }, css: "#f77f00" },
    yellow: { label: { en: "yellow", de: "Gelb" }, css: "#f2c200" },
    green: { label: { en: "green", de: "Grün" }, css: "#2e9d4a" },
    blue: { label: { en: "blue", de: "Blau" }, css: "#1f5fbf" },
    purple: { label: { en: "purple", de: "Lila" }, css: "#7b2cbf" },
    black: { label: { en: "black", de: "Schwarz" }, css: "#222222" },
  },
  ranks: {
    catapult: { en: "catapult", de: "Katapult" },
    towel: { en: "beach towel", de: "Strandtuch" },
    carousel: { en: "carousel", de: "Karussell" },
    werewolf: { en: "werewolf", de: "Werwolf" },
  },
  // H-3.1c: a face-down card shows a grey onion with a tear.
  onion: {
    label: { en: "onion (face down)", de: "Heul doch!-Zwiebel (verdeckt)" },
    css: "#b8b8b8",
  },
};

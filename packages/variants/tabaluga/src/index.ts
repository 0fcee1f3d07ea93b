import { defineVariant, type Theme } from "@maumau/engine";
import { norisFamily } from "@maumau/variant-noris";

/** Tabaluga's look: our own drawing of a dragon's world, never the licensed artwork. */
export const tabalugaTheme: Theme = {
  accent: "#2bb24c",
  table: "#3a2f6b",
  cardBack: "#f28c28",
  colours: {
    green: { label: { en: "dragon green", de: "Drachengrün" }, css: "#3cb44b" },
    blue: { label: { en: "ice blue", de: "Eisblau" }, css: "#4aa3df" },
    red: { label: { en: "fire red", de: "Feuerrot" }, css: "#e4572e" },
    yellow: { label: { en: "sun yellow", de: "Sonnengelb" }, css: "#f6c343" },
  },
  ranks: {
    reverse: { en: "⇄", de: "⇄" },
    draw2: { en: "+2", de: "+2" },
    draw4: { en: "+4", de: "+4" },
    stop: { en: "⊘", de: "⊘" },
    wild: { en: "dragon", de: "Drache" },
  },
};

/** noris "Tabaluga Mau Mau": the same rules (rules/noris.md), its own names and look. */
export const tabaluga = defineVariant({
  id: "tabaluga",
  names: { de: "Tabaluga Mau Mau", en: "Tabaluga Mau Mau" },
  description: {
    en: "The original's rules in Tabaluga's dragon world.",
    de: "Die Regeln des Originals in Tabalugas Drachenwelt.",
  },
  ...norisFamily,
  theme: tabalugaTheme,
});

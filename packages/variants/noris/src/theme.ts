import type { Theme } from "@maumau/engine";

export const norisTheme: Theme = {
  accent: "#c8102e",
  table: "#1f6f43",
  cardBack: "#0b3d91",
  colours: {
    green: { label: { en: "green", de: "Grün" }, css: "#2e9d4a" },
    blue: { label: { en: "blue", de: "Blau" }, css: "#1f5fbf" },
    red: { label: { en: "red", de: "Rot" }, css: "#d62828" },
    yellow: { label: { en: "yellow", de: "Gelb" }, css: "#e0b000" },
  },
  ranks: {
    reverse: { en: "⇄", de: "⇄" },
    draw2: { en: "+2", de: "+2" },
    draw4: { en: "+4", de: "+4" },
    stop: { en: "⊘", de: "⊘" },
    wild: { en: "wild", de: "Farbwahl" },
  },
};

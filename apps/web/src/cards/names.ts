import type { Lang } from "@maumau/engine";
import { FAMILY_DECKS } from "../families/decks";
import { splitCard } from "./splitCard";

export { splitCard };

/** The decks of the classic family; custom rule sets use the deck they play with. */
export type ClassicDeckStyle = "noris" | "tabaluga" | "french" | "bavarian";

/** How a deck's cards look and are named: a classic deck, or one a family registers. */
export type DeckStyle = ClassicDeckStyle | keyof typeof FAMILY_DECKS;

export type Names = Readonly<Record<string, Readonly<Record<Lang, string>>>>;

const NORIS_COLOURS: Names = {
  green: { en: "green", de: "Grün" },
  blue: { en: "blue", de: "Blau" },
  red: { en: "red", de: "Rot" },
  yellow: { en: "yellow", de: "Gelb" },
};
const NORIS_RANKS: Names = {
  reverse: { en: "reverse", de: "Richtungswechsel" },
  draw2: { en: "draw two", de: "Zieh zwei" },
  draw4: { en: "draw four", de: "Zieh vier" },
  stop: { en: "stop", de: "Aussetzen" },
};
const FRENCH_SUITS: Names = {
  clubs: { en: "clubs", de: "Kreuz" },
  diamonds: { en: "diamonds", de: "Karo" },
  hearts: { en: "hearts", de: "Herz" },
  spades: { en: "spades", de: "Pik" },
};
const FRENCH_RANKS: Names = {
  j: { en: "jack", de: "Bube" },
  q: { en: "queen", de: "Dame" },
  k: { en: "king", de: "König" },
  a: { en: "ace", de: "Ass" },
};
const BAVARIAN_SUITS: Names = {
  eichel: { en: "Acorns", de: "Eichel" },
  gras: { en: "Leaves", de: "Gras" },
  herz: { en: "Hearts", de: "Herz" },
  schellen: { en: "Bells", de: "Schellen" },
};
const BAVARIAN_RANKS: Names = {
  u: { en: "Unter", de: "Unter" },
  o: { en: "Ober", de: "Ober" },
  k: { en: "King", de: "König" },
  a: { en: "Ace", de: "Ass" },
};
/** The classic deck style of a deck id (`noris-110`, `french-52`, `bavarian-32`, …). */
export function classicDeckStyle(deck: string | undefined, variant: string): ClassicDeckStyle {
  if (deck?.startsWith("french")) return "french";
  if (deck?.startsWith("bavarian")) return "bavarian";
  return variant === "tabaluga" ? "tabaluga" : "noris";
}

/** The colours/suits a deck style names, for wishes. */
export function colourName(style: DeckStyle, colour: string, lang: Lang): string {
  switch (style) {
    case "noris":
    case "tabaluga":
      return NORIS_COLOURS[colour]?.[lang] ?? colour;
    case "french":
      return FRENCH_SUITS[colour]?.[lang] ?? colour;
    case "bavarian":
      return BAVARIAN_SUITS[colour]?.[lang] ?? colour;
    default:
      return FAMILY_DECKS[style].colourName(colour, lang);
  }
}

/** A card's full name in a language: "Herz Ober", "queen of hearts", "Rot Zieh zwei". */
export function cardName(style: DeckStyle, code: string, lang: Lang): string {
  const { colour, rank } = splitCard(code);
  switch (style) {
    case "noris":
    case "tabaluga": {
      if (rank === "wild")
        return style === "tabaluga"
          ? { en: "dragon (wild card)", de: "Drache (Farbwahlkarte)" }[lang]
          : { en: "wild card", de: "Farbwahlkarte" }[lang];
      const r = NORIS_RANKS[rank]?.[lang] ?? rank;
      return `${colourName(style, colour, lang)} ${r}`;
    }
    case "french": {
      const suit = colourName(style, colour, lang);
      const r = FRENCH_RANKS[rank]?.[lang] ?? rank;
      return lang === "de" ? `${suit} ${r}` : `${r} of ${suit}`;
    }
    case "bavarian":
      return `${colourName(style, colour, lang)} ${BAVARIAN_RANKS[rank]?.[lang] ?? rank}`;
    default:
      return FAMILY_DECKS[style].cardName(code, lang);
  }
}

/** The short rank mark printed in a card's corner. */
export function rankMark(style: DeckStyle, rank: string, lang: Lang): string {
  switch (style) {
    case "noris":
    case "tabaluga":
      return (
        (
          { reverse: "⇄", draw2: "+2", draw4: "+4", stop: "⊘", wild: "★" } as Record<string, string>
        )[rank] ?? rank
      );
    case "french":
      return (
        (
          { j: lang === "de" ? "B" : "J", q: lang === "de" ? "D" : "Q", k: "K", a: "A" } as Record<
            string,
            string
          >
        )[rank] ?? rank
      );
    case "bavarian":
      return ({ u: "U", o: "O", k: "K", a: "A" } as Record<string, string>)[rank] ?? rank;
    default:
      return FAMILY_DECKS[style].rankMark(rank, lang);
  }
}

export const ONION_NAME = { en: "onion (face down)", de: "Zwiebel (verdeckt)" } as const;
export const CARD_BACK_NAME = { en: "face-down card", de: "verdeckte Karte" } as const;

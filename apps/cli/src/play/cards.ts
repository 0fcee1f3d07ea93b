import type { ChalkInstance } from "chalk";
import { wordWith } from "@maumau/client";
import { parseCard, type CardCode, type Lang, type Theme } from "@maumau/engine";

/** Black or white, whichever reads better on `css` (a `#rrggbb` colour). */
function contrastOn(css: string): string {
  const hex = /^#?([0-9a-f]{6})$/i.exec(css)?.[1];
  if (hex === undefined) return "#000000";
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 0.55 ? "#000000" : "#ffffff";
}

/** Card and colour names in the variant's look and the player's language. */
export class CardStyle {
  /**
   * `chips`: a card is its colour's background with black or white text, which reads on dark
   * and light terminals alike (a coloured text alone may vanish: yellow on white).
   */
  constructor(
    private readonly theme: Theme,
    private readonly lang: Lang,
    private readonly chalk: ChalkInstance,
    private readonly chips = false,
  ) {}

  private paint(css: string | undefined, text: string): string {
    if (this.chalk.level === 0) return text;
    if (css === undefined) return this.chips ? this.chalk.inverse(text) : this.chalk.bold(text);
    return this.chips
      ? this.chalk.bgHex(css).hex(contrastOn(css))(` ${text} `)
      : this.chalk.hex(css).bold(text);
  }

  colourName(colour: string): string {
    return this.theme.colours[colour]?.label[this.lang] ?? colour;
  }

  /** A colour name painted in its colour. */
  colour(colour: string): string {
    return this.paint(this.theme.colours[colour]?.css, this.colourName(colour));
  }

  /** The variant's own word (Theme.words) with a painted colour in it, or null. */
  word(key: "wish" | "wished", colour: string): string | null {
    return wordWith(this.theme.words?.[key], this.lang, this.colour(colour));
  }

  rankName(rank: string): string {
    return this.theme.ranks?.[rank]?.[this.lang] ?? rank;
  }

  plain(code: CardCode): string {
    const { colour, rank } = parseCard(code);
    return colour === null
      ? this.rankName(rank)
      : `${this.colourName(colour)} ${this.rankName(rank)}`;
  }

  /** A card in its colour; colourless cards (wild) cycle through every colour of the theme. */
  card(code: CardCode): string {
    const { colour } = parseCard(code);
    const text = this.plain(code);
    if (colour !== null) return this.paint(this.theme.colours[colour]?.css, text);
    if (this.chips) return this.chalk.level === 0 ? text : this.chalk.inverse(` ${text} `);
    const palette = Object.values(this.theme.colours).map((c) => c.css);
    if (palette.length === 0 || this.chalk.level === 0) return this.chalk.bold(text);
    return [...text].map((ch, i) => this.chalk.hex(palette[i % palette.length]!).bold(ch)).join("");
  }

  cards(codes: readonly CardCode[]): string {
    return codes.map((c) => this.card(c)).join(", ");
  }

  /** Hand order for display: by the theme's colour order, then rank; colourless last. */
  compare = (a: CardCode, b: CardCode): number => {
    const colours = Object.keys(this.theme.colours);
    const ranks = Object.keys(this.theme.ranks ?? {});
    const ca = parseCard(a);
    const cb = parseCard(b);
    const colourIndex = (c: string | null) => {
      const i = c === null ? -1 : colours.indexOf(c);
      return i < 0 ? colours.length : i;
    };
    const rankKey = (r: string): [number, number, string] => {
      if (/^\d+$/.test(r)) return [0, Number(r), r];
      const i = ranks.indexOf(r);
      return [1, i < 0 ? ranks.length : i, r];
    };
    const byColour = colourIndex(ca.colour) - colourIndex(cb.colour);
    if (byColour !== 0) return byColour;
    const [ga, na, sa] = rankKey(ca.rank);
    const [gb, nb, sb] = rankKey(cb.rank);
    return ga - gb || na - nb || sa.localeCompare(sb);
  };
}

const fold = (s: string): string =>
  s
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/[\s_-]+/g, "");

/**
 * Finds the colour the player means among `choices`: its number (1-based), its code, its
 * name in either language (umlauts may be typed as ae/oe/ue), or an unambiguous part of it
 * ("grün" finds tabaluga's "Drachengrün").
 */
export function matchColour(text: string, choices: readonly string[], theme: Theme): string | null {
  const t = fold(text);
  if (t === "") return null;
  if (/^\d+$/.test(t)) return choices[Number(t) - 1] ?? null;
  const names = (c: string): string[] => {
    const label = theme.colours[c]?.label;
    return [c, ...(label ? [label.en, label.de] : [])].map(fold);
  };
  const exact = choices.filter((c) => names(c).includes(t));
  if (exact.length === 1) return exact[0]!;
  const prefix = choices.filter((c) => names(c).some((n) => n.startsWith(t)));
  if (prefix.length === 1) return prefix[0]!;
  const part = choices.filter((c) => names(c).some((n) => n.includes(t)));
  return part.length === 1 ? part[0]! : null;
}

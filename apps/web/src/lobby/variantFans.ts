import type { VariantSummary } from "@maumau/client";
import type { FanFace } from "../cards/DeckLook";
import type { DeckStyle } from "../cards/names";
import { FAMILY_DECK_OF_VARIANT, FAMILY_DECKS } from "../families/decks";

/** One card of a variant's fan in the lobby, in the deck it is drawn in. */
export interface FanCard extends FanFace {
  readonly style: DeckStyle;
}

/**
 * Three cards that say what each variant plays with, drawn with the table's own card art in the
 * variant's deck: its special cards where it has them (noris's +2 and wild, the French preset's
 * 8, queen and ace, Crazy Eights' eights, Switch's ace, 2 and king), the Bavarian Unter and Ober,
 * the Tabaluga dragon; house rules one card of each deck they can use. A variant playing a
 * family's own deck shows the fan that deck registers (`FAMILY_DECKS`).
 */
const FANS: Readonly<Record<string, readonly FanCard[]>> = {
  noris: [
    { style: "noris", code: "green/7" },
    { style: "noris", code: "red/draw2" },
    { style: "noris", code: "wild" },
  ],
  tabaluga: [
    { style: "tabaluga", code: "blue/5" },
    { style: "tabaluga", code: "yellow/draw4" },
    { style: "tabaluga", code: "wild" },
  ],
  french: [
    { style: "french", code: "spades/8" },
    { style: "french", code: "hearts/q" },
    { style: "french", code: "diamonds/a" },
  ],
  bavarian: [
    { style: "bavarian", code: "eichel/7" },
    { style: "bavarian", code: "gras/o" },
    { style: "bavarian", code: "herz/u" },
  ],
  custom: [
    { style: "noris", code: "blue/stop" },
    { style: "french", code: "clubs/k" },
    { style: "bavarian", code: "schellen/u" },
  ],
  "crazy-eights": [
    { style: "french", code: "clubs/8" },
    { style: "french", code: "hearts/8" },
    { style: "french", code: "diamonds/8" },
  ],
  switch: [
    { style: "french", code: "spades/a" },
    { style: "french", code: "hearts/2" },
    { style: "french", code: "clubs/k" },
  ],
};

/**
 * A variant's fan: its own three cards, its family deck's, or (a variant the lobby has no fan
 * for) three backs, in its theme's colour.
 */
export function fanOf(variant: VariantSummary): readonly FanCard[] {
  const own = FANS[variant.id];
  if (own !== undefined) return own;
  const style = FAMILY_DECK_OF_VARIANT[variant.id];
  if (style !== undefined) return FAMILY_DECKS[style].fan.map((card) => ({ ...card, style }));
  return [0, 1, 2].map(() => ({ style: "noris", code: null }));
}

/** The variants with a fan of their own (for tests: every installed variant has one). */
export const FAN_VARIANTS: readonly string[] = [
  ...Object.keys(FANS),
  ...Object.keys(FAMILY_DECK_OF_VARIANT),
];

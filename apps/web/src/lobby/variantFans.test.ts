import { variants } from "@maumau/registry";
import { describeVariant } from "@maumau/server";
import { describe, expect, it } from "vitest";
import type { DeckStyle } from "../cards/names";
import { FAMILY_DECK_OF_VARIANT } from "../families/decks";
import { FAN_VARIANTS, fanOf } from "./variantFans";

/** The deck a variant deals with its default options (house rules: the preset's own). */
const deckOf = (id: string): ReadonlySet<string> => {
  const v = variants.find((x) => x.id === id)!;
  return new Set(v.deckFor(v.optionsSchema.parse(id === "custom" ? { preset: "noris" } : {})));
};

/** The variant whose deck a deck style draws: a family deck's variant, a classic style's namesake. */
const variantOfStyle = (style: DeckStyle): string =>
  Object.entries(FAMILY_DECK_OF_VARIANT).find(([, own]) => own === style)?.[0] ?? style;

describe("the lobby's fan of each variant's cards", () => {
  it("every installed variant has a fan of its own, three cards of the decks it plays", () => {
    for (const v of variants) {
      expect(FAN_VARIANTS, v.id).toContain(v.id);
      const fan = fanOf(describeVariant(v));
      expect(fan, v.id).toHaveLength(3);
      for (const card of fan) {
        if (card.code === null) continue;
        // A card of the deck it is drawn in, and (but house rules, which play any classic
        // deck) of the variant's own deck.
        expect([...deckOf(variantOfStyle(card.style))], `${v.id}: ${card.code}`).toContain(
          card.code,
        );
        if (v.id !== "custom")
          expect([...deckOf(v.id)], `${v.id}: ${card.code}`).toContain(card.code);
      }
    }
  });

  it("a variant the lobby does not know shows three backs in its theme", () => {
    const known = describeVariant(variants[0]!);
    const fan = fanOf({ ...known, id: "somewhere-else" });
    expect(fan.map((c) => c.code)).toEqual([null, null, null]);
  });
});

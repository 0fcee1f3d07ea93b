import type { ClassicView, FamilyView, HeulDochView } from "@maumau/engine";
import type { Texts } from "../play/texts.js";

/**
 * What the terminal client knows of each game family, in one place: the only code of the CLI
 * that names a family. The renderers ask these for the parts of a view only one family has.
 */

/** The classic family's view (top card, wish, pending draw, cut), or null for another's. */
export const classicViewOf = (view: FamilyView | null): ClassicView | null =>
  view?.family === "classic" ? view : null;

/** Heul doch!'s view (personal piles, the middle), or null for another family's. */
export const heulDochViewOf = (view: FamilyView | null): HeulDochView | null =>
  view?.family === "heul-doch" ? view : null;

/** The help a family adds to the shared help (`?`, `help`), or null. */
export function familyHelp(view: FamilyView | null, t: Texts): string | null {
  switch (view?.family) {
    case "heul-doch":
      return t.heulDochHelp;
    default:
      return null;
  }
}

/**
 * Every game's points so far, one row per game, for the score table; none from a view of a
 * family this build does not know (a newer server's).
 */
export const scoreRows = (view: FamilyView): readonly (readonly number[])[] =>
  classicViewOf(view)?.history ?? heulDochViewOf(view)?.history.map((game) => game.scores) ?? [];

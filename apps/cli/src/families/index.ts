import type { FamilyName, FamilyView, ViewOf } from "@maumau/engine";
import type { CliFamily } from "./CliFamily.js";
import { classic } from "./classic.js";
import { heulDoch } from "./heulDoch.js";

export type { CardLine, CliFamily, EndAt, TableAt, TurnAt } from "./CliFamily.js";

/**
 * Every family the terminal client plays, by name: the only code of the CLI that names a
 * family. A new family in the engine's `FamilyView` fails to compile until it is here.
 */
export const FAMILIES: { readonly [F in FamilyName]: CliFamily<ViewOf<F>> } = {
  classic,
  "heul-doch": heulDoch,
};

/**
 * The parts of a view's family, or null for none (no view yet) or a family this build does not
 * know (a newer server's view). The registry pairs each name with its own view's parts, so the
 * view the parts are called with is always their family's.
 */
export function familyOf(view: FamilyView | null): CliFamily<FamilyView> | null {
  if (view === null) return null;
  const known: Readonly<Record<string, CliFamily<FamilyView> | undefined>> = FAMILIES;
  return Object.hasOwn(known, view.family) ? (known[view.family] ?? null) : null;
}

/** A view as one family's, or null for another family's (tests, scripts). */
export const viewOf = <F extends FamilyName>(
  view: FamilyView | null,
  family: F,
): ViewOf<F> | null => (view?.family === family ? (view as ViewOf<F>) : null);

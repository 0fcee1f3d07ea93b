import type { FamilyName, FamilyView, ViewOf } from "@maumau/engine";
import type { DeckStyle } from "../cards/names";
import type { OpenTable, TableProps } from "../table/ClassicTable";
import type { EventLines } from "../table/eventText";
import { classic } from "./classic";
import { heulDoch } from "./heulDoch";
import type { WebFamily } from "./WebFamily";

/** Every family the web client draws, by name: a new family fails to compile until it is here. */
export const FAMILIES: { readonly [F in FamilyName]: WebFamily<ViewOf<F>> } = {
  classic,
  "heul-doch": heulDoch,
};

/** Calls `use` with a view's family and the view, narrowed to each other. */
function withFamily<R>(
  view: FamilyView,
  use: <V extends FamilyView>(family: WebFamily<V>, view: V) => R,
): R {
  switch (view.family) {
    case "classic":
      return use(FAMILIES.classic, view);
    case "heul-doch":
      return use(FAMILIES["heul-doch"], view);
  }
}

/** The table of a view's family. */
export function FamilyTable(props: TableProps & { readonly view: FamilyView }) {
  const { view, ...table } = props;
  return withFamily(view, (family, own) => <family.Table {...table} view={own} />);
}

/** The deck a view's cards are drawn in. */
export const deckStyleOf = (view: FamilyView, variant: string): DeckStyle =>
  withFamily(view, (family, own) => family.deckStyle(own, variant));

/** The rule id a view's rule set gives a rule key, where it has one. */
export const ruleIdOf = (view: FamilyView, key: string): string | null =>
  withFamily(view, (family, own) => family.ruleId(own, key));

/** The rule id of a rank's effect in a view's rule set (a +4's penalty: N-4.3). */
export const effectRuleIdOf = (view: FamilyView, rank: string): string | null =>
  withFamily(view, (family, own) => family.effectRuleId(own, rank));

/** A replay's board at a state of a finished match, whose spectator's view is `view`. */
export const openTableOf = (view: FamilyView, state: unknown): OpenTable =>
  withFamily(view, (family) => family.openTable(state));

/** A family's own lines of the table's log. */
export const eventLinesOf = (family: FamilyName): EventLines => FAMILIES[family].eventLines;

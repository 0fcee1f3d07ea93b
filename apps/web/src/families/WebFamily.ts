import type { FamilyView } from "@maumau/engine";
import type { ComponentType } from "react";
import type { DeckStyle } from "../cards/names";
import type { OpenTable, TableProps } from "../table/ClassicTable";
import type { EventLines } from "../table/eventText";

/** A table's props with its family's view, told apart from the snapshot's union. */
export interface FamilyTableProps<V extends FamilyView> extends TableProps {
  readonly view: V;
}

/**
 * What the web client knows of one game family, in one place: the family's table (live, and
 * the replay's board, read-only with every hand `open`), the deck its cards are drawn in, its
 * own lines of the table's log, how its rule set names rules and what a replay opens.
 */
export interface WebFamily<V extends FamilyView> {
  /** The table that draws the family's view (a lazy chunk). */
  readonly Table: ComponentType<FamilyTableProps<V>>;
  /** The deck a view's cards are drawn in. */
  deckStyle(view: V, variant: string): DeckStyle;
  /** The family's own lines of the log (its events), before the shared ones. */
  readonly eventLines: EventLines;
  /** The rule id the rule set gives a rule key (`pending` → N-4.2), where it has one. */
  ruleId(view: V, key: string): string | null;
  /** The rule id of a rank's effect (a +4's penalty is N-4.3, a +2's N-4.2), where it has one. */
  effectRuleId(view: V, rank: string): string | null;
  /**
   * The replay's board beyond the spectator's view: every hand (and pile) open, read off a
   * state the family's own engine folded from a finished match's log ("Always true" 4).
   */
  openTable(state: unknown): OpenTable;
}

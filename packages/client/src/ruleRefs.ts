/**
 * The rule ids a table names in its lines, read off a view's rules the same way by every
 * front end: a rule key's id (`rules.ruleIds`) and a rank's effect rule (`rules.effects`); and,
 * along a log, the card that raised each penalty draw (which names that card's rule: N-4.2 for
 * a +2, N-4.3 for a +4). A view without such rules (Heul doch!) names none.
 */

/** An event as a table reads it: its type and its data. */
export interface LoggedEvent {
  readonly type: string;
  readonly data?: unknown;
}

const isRecord = (x: unknown): x is Readonly<Record<string, unknown>> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

/** The field `key` of a record, only if it is the record's own. */
const own = (record: unknown, key: string): unknown =>
  isRecord(record) && Object.hasOwn(record, key) ? record[key] : undefined;

const rulesOf = (view: unknown): unknown => own(view, "rules");

/** The rule id the variant gives a rule key (`view.rules.ruleIds`: "pending" → "N-4.2"), or null. */
export function ruleIdOf(view: unknown, key: string): string | null {
  const id = own(own(rulesOf(view), "ruleIds"), key);
  return typeof id === "string" ? id : null;
}

/** The rule id of a rank's effect (`view.rules.effects[rank].rule`: a +4's is N-4.3), or null. */
export function effectRuleOf(view: unknown, rank: string): string | null {
  const rule = own(own(own(rulesOf(view), "effects"), rank), "rule");
  return typeof rule === "string" ? rule : null;
}

/**
 * Follows a log event by event and tells, for each penalty draw (`cards.drawn`, reason
 * `penalty`), the rank that raised it: the last `penalty.raised` before it in the same game.
 */
export class PenaltyRanks {
  #raised: string | null = null;

  /** Reads the next event: for a penalty draw, the rank that raised it (null: not seen); else null. */
  next(e: LoggedEvent): string | null {
    const data = isRecord(e.data) ? e.data : {};
    switch (e.type) {
      case "penalty.raised":
        this.#raised = typeof data.rank === "string" && data.rank !== "" ? data.rank : null;
        return null;
      case "cards.drawn": {
        if (data.reason !== "penalty") return null;
        const rank = this.#raised;
        this.#raised = null;
        return rank;
      }
      case "game.started":
        this.#raised = null;
        return null;
      default:
        return null;
    }
  }
}

import { afterAll, describe, expect, it } from "vitest";
import { setBranchProbe, type BranchKey, type RefereeName } from "../core/branches.js";
import type { AnyEngine } from "../core/engine.js";
import type { AnyVariant } from "../core/variant.js";
import { FAST_ROW_FAMILIES } from "./families.js";
import { Scenario, type Setup } from "./scenario.js";

export type { RefereeName };

/**
 * The three referees of the rules, in the order the harness runs them:
 * - `decide`: the engine's `apply` (the check table walked by `firstRefusal`, then `carryOut`);
 * - `machine`: the family's statechart through `MachineRuntime.step`, as the server runs it;
 *   after every accepted command its state must be the game's chart position and what it
 *   took must be what the events say (`machineEvents`);
 * - `fast`: the family's fast path (`FastClassic` in fast/classic.ts, `FastHeulDoch` in
 *   fast/heulDoch.ts; `FAST_ROW_FAMILIES` in testing/fastBeside.ts) beside `decide`: loaded
 *   from decide's state, before each command it judges the command itself (`accepts`), plays
 *   it on its own integer table (`apply`), and its verdict, whole table and the legal moves of
 *   the seat to act must equal decide's.
 */
export const REFEREES: readonly RefereeName[] = ["decide", "machine", "fast"];

/**
 * What a referee cannot express, and why. The harness never skips in silence: a whole row it
 * cannot run is registered as a skipped test named after its reason, and a step the fast path
 * cannot judge is left to `decide` in that row and counted (the row fails if it judged none).
 */
export const REFEREE_EXCEPTIONS = {
  fast: {
    /** Row: a variant whose family has no fast path the harness can drive. */
    family:
      "the harness drives the fast paths of the families in FAST_ROW_FAMILIES (classic, heul-doch); this family has none it can load a state into and compare",
    /** Steps: the events and refusal codes of the fast row are decide's. */
    events:
      "the fast path builds no events and names no refusal code (it allocates nothing per move): in its row the events and refusals the expectations read are decide's, and the fast path's own verdict and table must equal them",
    /** Steps: outside one dealt game. */
    scope:
      "the fast path plays one dealt game: the deal, the cut (B-2.2), a position its load refuses and the match bookkeeping (startNextGame, a command after the game's end) are left to decide in its row",
  },
} as const;

/**
 * `MAUMAU_BRANCHES_OFF=fast:B-5.3,decide:N-5.1` switches those rule branches off (as if deleted
 * from that referee's source) for the whole test run: the seam of the mutation tests, which run
 * a rule suite so and expect that rule's tests to fail in that referee's row. Unset: no probe.
 */
export const BRANCHES_OFF_ENV = "MAUMAU_BRANCHES_OFF";
const branchesOff = (process.env[BRANCHES_OFF_ENV] ?? "")
  .split(",")
  .map((k) => k.trim())
  .filter((k) => k !== "");
for (const key of branchesOff)
  if (!REFEREES.some((r) => key.startsWith(`${r}:`)))
    throw new Error(`${BRANCHES_OFF_ENV}: "${key}" names no referee (${REFEREES.join(", ")})`);
if (branchesOff.length > 0) setBranchProbe({ off: new Set(branchesOff as BranchKey[]) });

/** One row of the harness: its referee, and `given` running scenarios on it. */
export interface RefereeRow {
  readonly referee: RefereeName;
  readonly given: (setup: Setup) => Scenario;
}

/** Why `referee` cannot run `variant`'s scenarios at all, or null when it can. */
export function rowException(variant: AnyVariant, referee: RefereeName): string | null {
  const family = (variant.engine as AnyEngine).family;
  if (referee === "fast" && FAST_ROW_FAMILIES[family] === undefined)
    return `${REFEREE_EXCEPTIONS.fast.family} (family ${family})`;
  return null;
}

/**
 * Runs a rule suite once per referee: `describe.each(REFEREES)`, each row with its own
 * `given`, so a rule changed in one referee fails that rule's own tests in that referee's row.
 *
 *   forEachReferee(bavarian, ({ given }) => {
 *     describe("B-5.3 a forgotten call", () => {
 *       it("…", () => given(table(bavarian, { … })).when(…).then(…));
 *     });
 *   });
 *
 * A table spec's `mode` is ignored here: the row says which referee plays.
 */
export function forEachReferee(variant: AnyVariant, body: (row: RefereeRow) => void): void {
  describe.each(REFEREES)("%s", (referee) => {
    const exception = rowException(variant, referee);
    if (exception !== null) {
      it.skip(`exception: ${exception}`, () => {});
      return;
    }
    const stats = { judged: 0, left: 0 };
    body({ referee, given: (setup) => new Scenario(setup, { referee, stats }) });
    if (referee === "fast")
      afterAll(() => {
        expect(stats.judged, "steps the fast path judged in this row").toBeGreaterThan(0);
      });
  });
}

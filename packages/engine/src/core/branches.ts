/**
 * Rule branches of the referees, for tests only: which branches a run took (counting) and a
 * referee with one branch switched off (mutation). A referee marks a rule branch by adding
 * `ruleBranch(referee, id)` as the last term of the branch's condition:
 *
 *   if (forgotMauMau && rules.calls.mauMau.takeBack && ruleBranch("decide", "B-5.3")) { … }
 *
 * With no probe set (always, outside tests) `ruleBranch` is one null check and returns true,
 * so the branch runs as written. With a probe, a branch the probe switches off is not taken
 * (as if it were deleted from the source), and a branch taken is counted.
 */

/** The referees that hold the classic rules: `decide`, the statechart, the fast path. */
export type RefereeName = "decide" | "machine" | "fast";

/** A branch as the probe names it: `decide:B-5.3`. */
export type BranchKey = `${RefereeName}:${string}`;

export interface BranchProbe {
  /** Branches not taken, as if deleted from their referee. */
  readonly off?: ReadonlySet<BranchKey>;
  /** Counts of the branches taken, by key (written while the probe is set). */
  readonly taken?: Map<BranchKey, number>;
}

let probe: BranchProbe | null = null;

/**
 * The last term of a rule branch's condition: true unless a probe switches the branch off.
 * Pure as far as the rules go: it reads no game state.
 */
export function ruleBranch(referee: RefereeName, rule: string): boolean {
  if (probe === null) return true;
  const key: BranchKey = `${referee}:${rule}`;
  if (probe.off?.has(key)) return false;
  if (probe.taken) probe.taken.set(key, (probe.taken.get(key) ?? 0) + 1);
  return true;
}

/** Is a probe switching a branch off? (Caches of built referees, e.g. machines, skip it then.) */
export const mutating = (): boolean => probe !== null && (probe.off?.size ?? 0) > 0;

/** Sets the probe for what runs next (null: none); for a test run that mutates a referee. */
export function setBranchProbe(next: BranchProbe | null): void {
  probe = next;
}

/** Runs `fn` with `next` as the probe (probes nest: the outer one is restored). */
export function withBranchProbe<T>(next: BranchProbe, fn: () => T): T {
  const outer = probe;
  probe = next;
  try {
    return fn();
  } finally {
    probe = outer;
  }
}

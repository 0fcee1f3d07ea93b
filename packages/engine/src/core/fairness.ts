import type { Seed } from "../cards/rng.js";

/** An event of a match log as `verifyFairness` reads it. */
export type Logged = { readonly type: string; readonly data?: unknown };

/** A family's log folded event by event, with the checks of its random outcomes. */
export interface Fold {
  state(): unknown;
  deck(): string[];
  apply(event: Logged): void;
  /** undefined: not a random outcome; null: checked and right; a string: what is wrong. */
  checkRandom(before: unknown, event: Logged, seed: Seed): string | null | undefined;
}

/** What a family gives `verifyFairness` (fairness.ts): its event types and its fold. */
export interface FairnessParts {
  /** The family's event types: a match log's other events (lobby, table talk) are left out. */
  readonly known: Readonly<Record<string, true>>;
  fold(): Fold;
}

export const sameOrder = (a: readonly string[], b: readonly string[] | undefined): boolean =>
  b !== undefined && a.length === b.length && a.every((card, i) => card === b[i]);

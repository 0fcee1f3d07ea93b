import type { Seed } from "../cards/rng.js";

/** An event of a match log as `verifyFairness` reads it. */
export type Logged = { readonly type: string; readonly data?: unknown };

/** A family's log folded event by event, with the checks of its random outcomes. */
export interface Fold {
  /** The full deck of the rules folded so far (none before `match.started`). */
  deck(): string[];
  apply(event: Logged): void;
  /**
   * `event`'s random outcome checked on the state folded so far: undefined when it is none (or
   * before `match.started`), null when it is the seed's, else what is wrong.
   */
  checkRandom(event: Logged, seed: Seed): string | null | undefined;
}

/** What a family writes for its fold: its `evolve`, its full deck, its random outcomes' check. */
export interface FoldParts<S> {
  evolve(state: S | null, event: Logged): S;
  deck(state: S): string[];
  checkRandom(before: S, event: Logged, seed: Seed): string | null | undefined;
}

/** A fresh fold of one log on a family's parts. */
export function foldOf<S>(parts: FoldParts<S>): Fold {
  let state: S | null = null;
  return {
    deck: () => (state === null ? [] : parts.deck(state)),
    apply: (event) => {
      state = parts.evolve(state, event);
    },
    checkRandom: (event, seed) =>
      state === null ? undefined : parts.checkRandom(state, event, seed),
  };
}

/** What a family gives `verifyFairness` (fairness.ts): its event types and its fold. */
export interface FairnessParts {
  /** The family's event types: a match log's other events (lobby, table talk) are left out. */
  readonly known: Readonly<Record<string, true>>;
  fold(): Fold;
}

export const sameOrder = (a: readonly string[], b: readonly string[] | undefined): boolean =>
  b !== undefined && a.length === b.length && a.every((card, i) => card === b[i]);

/** Folds one event into the state; `null` is the state before a match's first event. */
export type Evolve<S, E> = (state: S | null, event: E) => S;

/**
 * Collects events while folding them, so each step of carrying out a command decides on the
 * state so far; at the end `events` is what the command caused and `state` the fold of them.
 */
export class Tx<S, E> {
  readonly events: E[] = [];
  constructor(
    public state: S,
    private readonly evolve: Evolve<S, E>,
  ) {}

  /** A transaction over a new match: `opening` (its `match.started`) is recorded and folded. */
  static open<S, E>(opening: E, evolve: Evolve<S, E>): Tx<S, E> {
    const tx = new Tx(evolve(null, opening), evolve);
    tx.events.push(opening);
    return tx;
  }

  emit(event: E): void {
    this.events.push(event);
    this.state = this.evolve(this.state, event);
  }
}

/** Folds a whole log (replay); an empty log has no match to rebuild. */
export function replayWith<S, E>(evolve: Evolve<S, E>, events: readonly E[]): S {
  let s: S | null = null;
  for (const e of events) s = evolve(s, e);
  if (s === null) throw new Error("empty log");
  return s;
}

/** A copy of `xs` with `x` at `i` (folds never write into a state). */
export const replaceAt = <T>(xs: readonly T[], i: number, x: T): T[] => {
  const out = xs.slice();
  out[i] = x;
  return out;
};

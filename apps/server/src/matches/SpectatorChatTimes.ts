/** How many times one client's budget keeps per match: enough for the rate's window. */
const KEPT = 32;
/** Every this many lines, the budgets whose newest line is older than the window are dropped. */
const SWEEP_EVERY = 1_024;

/**
 * When each spectator's client wrote in a match lately (ms since the epoch, oldest first), in
 * this process. A spectator's chat budget is its client's (`clientOf`: its address, an IPv6
 * /64), not its name: a name is no identity, and one noisy watcher must not use up the others'.
 * The map forgets a budget once its window has passed (so that it cannot grow without end).
 */
export class SpectatorChatTimes {
  private readonly times = new Map<string, number[]>();
  private added = 0;

  constructor(private readonly windowMs: number) {}

  /** When the client wrote in the match lately, oldest first. */
  of(matchId: string, client: string): readonly number[] {
    return this.times.get(keyOf(matchId, client)) ?? [];
  }

  /** The client wrote (or is about to write) a line at `at`. */
  add(matchId: string, client: string, at: number): void {
    const key = keyOf(matchId, client);
    const recent = (this.times.get(key) ?? []).filter((t) => t > at - this.windowMs);
    this.times.set(key, [...recent, at].slice(-KEPT));
    if (++this.added % SWEEP_EVERY === 0) this.sweep(at);
  }

  /** A line counted by `add` was not stored after all: it gives its place back. */
  remove(matchId: string, client: string, at: number): void {
    const key = keyOf(matchId, client);
    const times = this.times.get(key);
    if (times === undefined) return;
    const index = times.lastIndexOf(at);
    if (index < 0) return;
    const rest = times.filter((_, i) => i !== index);
    if (rest.length === 0) this.times.delete(key);
    else this.times.set(key, rest);
  }

  /** Budgets held (tests). */
  get size(): number {
    return this.times.size;
  }

  private sweep(now: number): void {
    for (const [key, times] of this.times)
      if ((times.at(-1) ?? 0) <= now - this.windowMs) this.times.delete(key);
  }
}

/** A match id holds no space (`newMatchId`, `rematchIdOf`): it ends the match's part of a key. */
const keyOf = (matchId: string, client: string): string => `${matchId} ${client}`;

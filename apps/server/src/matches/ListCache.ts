/**
 * How long a cached `lobby.list` answer is served, counted from when its load started.
 *
 * Commits of this process that change the list (`changesTheList`) drop every cached answer at
 * once. What this process does not see being committed is only picked up by a new load: matches
 * created, joined or started through another process behind the same store (scale-out), and the
 * `version`/`updatedAt` and order of listed matches, which every move changes. 250 ms keeps that
 * staleness below what a person looking at the lobby notices, while a lobby read 2,000 times a
 * second loads each answer at most 4 times a second.
 */
export const LIST_CACHE_MS = 250;

interface Entry<T> {
  /** When its load started: the answer holds nothing older than this. */
  readonly at: number;
  readonly answer: Promise<T>;
}

/**
 * Answers by key, each served for `ms` after its load started. Callers that miss while a load
 * for their key is in flight share it (one load, however many ask). `clear` drops every
 * answer, loads in flight included: a caller after it starts a new load.
 */
export class ListCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ms: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.now();
    const cached = this.entries.get(key);
    if (cached !== undefined && now - cached.at < this.ms) return cached.answer;
    const entry: Entry<T> = { at: now, answer: load() };
    this.entries.set(key, entry);
    // A failed load is not served again; the caller gets its error.
    entry.answer.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.answer;
  }

  clear(): void {
    this.entries.clear();
  }

  /** Answers held, fresh or not (tests). */
  get size(): number {
    return this.entries.size;
  }
}

import type { Logger } from "pino";
import { ServiceError } from "../errors/ServiceError.js";
import {
  ConcurrencyError,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from "../store/EventStore.js";
import { KeyedQueue } from "./KeyedQueue.js";
import { matchNotFound } from "./lobbyDecider.js";
import { engineEventsOf, Match, RETAINED_EVENTS, streamIdOf } from "./Match.js";

export type Listener = (match: Match, events: readonly StoredEvent[]) => void;

/** What a decision function returns: events to append, or null for "nothing to do". */
export type Decide = (match: Match) => NewEvent[] | null;

export interface CommitOptions {
  /** The store's idempotency key of a client command, from the match (it names the seat). */
  readonly commandIdOf?: (match: Match) => string;
  /** Read what other processes appended before deciding. */
  readonly fresh?: boolean;
  /**
   * Logs about this commit go here (a command's: with its match id and command id). A function,
   * called only when there is something to log: a pino child serialises its bindings when it is
   * made, which a command that logs nothing need not pay for.
   */
  readonly logger?: () => Logger;
}

export interface Committed {
  readonly match: Match;
  readonly events: StoredEvent[];
  readonly duplicate: boolean;
}

/** How the rest of the process takes part in the cache's life. */
export interface RepositoryHooks {
  /** The match was loaded, brought up to date with news, or committed to: plan its timers. */
  changed(match: Match): void;
  /** The match entered the cache. */
  cached(match: Match): void;
  /** Something of this process (watchers, timers, seats' sockets) needs the cached copy. */
  pinned(match: Match): boolean;
  /** The match was dropped from the cache (it is read again when needed). */
  evicted(match: Match): void;
}

export interface MatchRepositoryOptions {
  readonly store: EventStore;
  readonly logger: Logger;
  /**
   * Matches kept in memory; beyond it the least recently used idle ones are dropped. Of the
   * idle matches that are over, at most a tenth of it (`finishedKept`).
   */
  readonly cacheSize: number;
  /** Other processes append to the same store: every decision is made on a fresh read. */
  readonly shared: boolean;
  readonly hooks: RepositoryHooks;
  /** Committed events a cached match keeps in memory (default `RETAINED_EVENTS`). */
  readonly retainedEvents?: number;
}

/**
 * The matches of this process: a bounded cache folded from the store, one queue per match, and
 * `commit` = decide → append with the expected version (and the command id) → fold → announce.
 */
export class MatchRepository {
  private readonly queue = new KeyedQueue();
  private readonly cache = new Map<string, Match>();
  private readonly loading = new Map<string, Promise<Match>>();
  private readonly listeners = new Set<Listener>();
  private closing = false;

  constructor(private readonly options: MatchRepositoryOptions) {}

  /** Called after every commit of this process, in commit order, before the command is answered. */
  onCommit(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  assertOpen(): void {
    if (this.closing) {
      throw ServiceError.of(
        "SHUTTING_DOWN",
        "The server is shutting down.",
        "Der Server fährt herunter.",
      );
    }
  }

  /** Runs a task in the match's queue (one at a time per match in this process). */
  run<T>(matchId: string, task: () => Promise<T>): Promise<T> {
    return this.queue.run(matchId, task);
  }

  /** The match brought up to date with the store, inside its queue. */
  withFresh<T>(matchId: string, task: (match: Match) => T): Promise<T> {
    return this.queue.run(matchId, async () => task(await this.refresh(await this.load(matchId))));
  }

  /** The cached match without touching its place in the cache, if it is cached. */
  peek(matchId: string): Match | undefined {
    return this.cache.get(matchId);
  }

  cached(): IterableIterator<Match> {
    return this.cache.values();
  }

  get size(): number {
    return this.cache.size;
  }

  get busy(): boolean {
    return this.queue.size > 0;
  }

  /** Stops new commits and waits for every command in flight. */
  async close(): Promise<void> {
    this.closing = true;
    await this.queue.drain();
  }

  async load(matchId: string): Promise<Match> {
    const cached = this.cache.get(matchId);
    if (cached) {
      // Least recently used first out: touching a match moves it to the end.
      this.cache.delete(matchId);
      this.cache.set(matchId, cached);
      return cached;
    }
    let pending = this.loading.get(matchId);
    if (!pending) {
      pending = (async () => {
        const events = await this.options.store.read(streamIdOf(matchId));
        if (events.length === 0) throw matchNotFound(matchId);
        const match = this.fold(matchId, events);
        this.remember(match);
        this.options.hooks.changed(match);
        return match;
      })();
      this.loading.set(matchId, pending);
      void pending.then(
        () => this.loading.delete(matchId),
        () => this.loading.delete(matchId),
      );
    }
    return pending;
  }

  /** Reads what other processes appended since the cached version. Call inside the queue. */
  async refresh(match: Match): Promise<Match> {
    const added = match.apply(await this.options.store.read(match.streamId, match.version));
    if (added.length > 0) this.options.hooks.changed(match);
    return match;
  }

  /** A match folded from its stream (not cached), keeping as many events as cached ones do. */
  fold(matchId: string, events: readonly StoredEvent[]): Match {
    return Match.fromEvents(matchId, events, this.options.retainedEvents ?? RETAINED_EVENTS);
  }

  /**
   * The match's events after `afterVersion` up to its version: from memory when it keeps them,
   * else from the store. Call inside the queue (so that the version cannot move meanwhile).
   */
  async eventsAfter(match: Match, afterVersion: number): Promise<readonly StoredEvent[]> {
    const kept = match.eventsAfter(afterVersion);
    if (kept !== null) return kept;
    const read = await this.options.store.read(match.streamId, afterVersion);
    return read.filter((e) => e.version <= match.version);
  }

  /**
   * The match's engine events up to version `upTo` (a search bot's log): from memory when it
   * holds its whole log, else from the store.
   */
  async engineLog(match: Match, upTo: number): Promise<{ type: string }[]> {
    if (match.holdsWholeLog) return match.engineEvents(upTo);
    const read = await this.options.store.read(match.streamId);
    return engineEventsOf(read.filter((e) => e.version <= upTo));
  }

  /**
   * A match that holds its whole log (for what needs every event: a search bot's log, a
   * replay's position): the match itself when it does, else a copy folded from the store, not
   * cached. Call inside the queue.
   */
  async whole(match: Match): Promise<Match> {
    if (match.holdsWholeLog) return match;
    const events = (await this.options.store.read(match.streamId)).filter(
      (e) => e.version <= match.version,
    );
    return Match.fromEvents(match.id, events, Infinity);
  }

  /** A match this process just wrote as a new stream: cached, and told like any commit. */
  created(match: Match, events: readonly StoredEvent[]): void {
    this.remember(match);
    this.tell(match, events);
  }

  private tell(match: Match, events: readonly StoredEvent[], logger?: () => Logger): void {
    for (const listener of this.listeners) {
      try {
        listener(match, events);
      } catch (error) {
        (logger?.() ?? this.options.logger).error(
          { err: error, matchId: match.id },
          "commit listener failed",
        );
      }
    }
  }

  /**
   * Caches a match and drops the least recently used idle ones beyond the cache size, and idle
   * finished ones beyond `finishedKept`.
   */
  remember(match: Match): void {
    const { cacheSize, hooks } = this.options;
    this.cache.delete(match.id);
    this.cache.set(match.id, match);
    hooks.cached(match);
    this.dropFinished(match.id);
    if (this.cache.size <= cacheSize) return;
    for (const [id, cached] of this.cache) {
      if (this.cache.size <= cacheSize) break;
      if (id === match.id || !this.idle(cached)) continue;
      this.drop(id, cached);
    }
  }

  /**
   * Drops the least recently used idle matches that are over, beyond `finishedKept`. A finished
   * match nobody watches is rarely asked for again (a late rematch, a replay: both read the
   * store), while the cache filled with them: under a long load, 2,000 finished matches held
   * about 80 MB of the heap (apps/server/BENCHMARKS.md, 2026-11-29).
   */
  private dropFinished(keep: string): void {
    let finished = 0;
    for (const cached of this.cache.values()) if (cached.over) finished++;
    const kept = finishedKept(this.options.cacheSize);
    if (finished <= kept) return;
    for (const [id, cached] of this.cache) {
      if (finished <= kept) break;
      if (id === keep || !cached.over || !this.idle(cached)) continue;
      this.drop(id, cached);
      finished--;
    }
  }

  private drop(id: string, match: Match): void {
    this.cache.delete(id);
    this.options.hooks.evicted(match);
  }

  /** Nothing in this process depends on the cached copy: it can be read again from the store. */
  private idle(match: Match): boolean {
    return !this.queue.has(match.id) && !this.options.hooks.pinned(match);
  }

  /**
   * Decide → append with the expected version → fold → announce, inside the match's queue. A
   * concurrent append elsewhere costs one re-read and one more decision.
   */
  commit(matchId: string, decide: Decide, options: CommitOptions = {}): Promise<Committed> {
    try {
      this.assertOpen();
    } catch (error) {
      // assertOpen throws a ServiceError, which becomes this promise's rejection.
      return Promise.reject(
        error instanceof Error ? error : new Error("assertOpen threw", { cause: error }),
      );
    }
    const { commandIdOf } = options;
    const fresh = options.fresh === true || this.options.shared;
    return this.queue.run(matchId, async () => {
      const match = await this.load(matchId);
      if (fresh) await this.refresh(match);
      let refreshed = fresh;
      for (let attempt = 0; ; attempt++) {
        const commandId = commandIdOf?.(match);
        if (commandId !== undefined) {
          const earlier = match.commandResult(commandId);
          if (earlier !== null) return { match, events: earlier, duplicate: true };
        }
        let events: NewEvent[] | null;
        try {
          events = decide(match);
        } catch (error) {
          // A command repeated after the match forgot its id (it keeps only its newest events)
          // gets the earlier answer from the store, as a repeat it remembers would.
          if (commandId !== undefined && error instanceof ServiceError && !match.holdsWholeLog) {
            const earlier = await this.options.store.findCommand(match.streamId, commandId);
            if (earlier !== null) return { match, events: earlier, duplicate: true };
          }
          // A refusal may come from a stale cache (another process appended): judge again on
          // the fresh log before refusing.
          if (!(error instanceof ServiceError) || refreshed) throw error;
          refreshed = true;
          const before = match.version;
          await this.refresh(match);
          if (match.version === before) throw error;
          continue;
        }
        if (events === null || events.length === 0) return { match, events: [], duplicate: false };
        try {
          const result = await this.options.store.append(
            match.streamId,
            match.version,
            events,
            commandId === undefined ? {} : { commandId },
          );
          if (result.duplicate) {
            await this.refresh(match);
            return { match, events: result.events.slice(), duplicate: true };
          }
          const added = match.apply(result.events);
          this.tell(match, added, options.logger);
          this.options.hooks.changed(match);
          return { match, events: result.events.slice(), duplicate: false };
        } catch (error) {
          if (!(error instanceof ConcurrencyError)) throw error;
          await this.refresh(match);
          refreshed = true;
          if (attempt >= 1) {
            throw ServiceError.of(
              "CONFLICT",
              "The match changed meanwhile; try again.",
              "Die Partie hat sich inzwischen geändert; bitte erneut versuchen.",
            );
          }
        }
      }
    });
  }
}

/** Idle finished matches a cache of `cacheSize` keeps: a tenth of it, at least one. */
const finishedKept = (cacheSize: number): number => Math.max(1, Math.floor(cacheSize / 10));

/** A timer's failure is logged, except the refusal of a process that shuts down. */
export function logFailure(logger: Logger, error: unknown, matchId: string, what: string): void {
  if (error instanceof ServiceError && error.refusal.code === "SHUTTING_DOWN") return;
  logger.error({ err: error, matchId }, what);
}

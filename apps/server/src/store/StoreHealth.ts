import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { ServiceError } from "../errors/ServiceError.js";
import type { AppendResult as AppendOutcome, Metrics } from "../metrics.js";
import { UnstorableTextError } from "./common.js";
import {
  ConcurrencyError,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type StoredEvent,
  type StreamInfo,
} from "./EventStore.js";

/** How often a store failure is logged while it lasts. */
const ERROR_LOG_INTERVAL_MS = 5000;

/**
 * Whether a store's error says the store cannot serve now (disk full, I/O error, lost
 * connection, a dead writer thread) rather than refusing this one call (a stale version, text
 * it cannot keep) or being called wrongly (a TypeError or RangeError of its checks).
 */
export function isStoreFailure(error: unknown): boolean {
  return !(
    error instanceof ConcurrencyError ||
    error instanceof UnstorableTextError ||
    error instanceof ServiceError ||
    error instanceof TypeError ||
    error instanceof RangeError
  );
}

export const storeUnavailable = (): ServiceError =>
  ServiceError.of(
    "STORE_UNAVAILABLE",
    "The game store cannot be written to right now; try again shortly.",
    "Der Spielspeicher ist gerade nicht beschreibbar; bitte gleich noch einmal versuchen.",
  );

/**
 * The server's store as the rest of the server uses it: a store failure becomes a typed
 * STORE_UNAVAILABLE refusal (503) instead of an internal error, and a failed write marks the
 * store unready until a write succeeds — one of the server's own, or the probe write that
 * `check()` makes while it is unready (an unready process gets no traffic behind a balancer,
 * so it must find out by itself).
 */
export class StoreHealth implements EventStore {
  /** Whether the last write failed with a store failure (its error is in the log, not here). */
  #writeFailure = false;
  #probe: Promise<void> | null = null;
  /** The probe writes into a stream of this process's own: one event per recovery. */
  readonly #probeStream = `health-${randomUUID()}`;
  #probeVersion = 0;
  #lastLogged = 0;

  constructor(
    readonly store: EventStore,
    private readonly logger: Logger,
    private readonly metrics?: Metrics,
  ) {}

  /**
   * Null when the store reads and writes; else why it is unready, in the server's own words
   * (issue #18.6: `/readyz` is public, so the store's error text goes to the log only).
   */
  async check(): Promise<string | null> {
    if (this.#writeFailure) {
      this.#probe ??= this.#probeWrite().finally(() => (this.#probe = null));
      await this.#probe;
      if (this.#writeFailure) return "store: writes fail (see the server log)";
    }
    try {
      await this.store.version("match-readiness-probe");
      return null;
    } catch (error) {
      this.#log(error, false);
      return "store: reads fail (see the server log)";
    }
  }

  async append(
    streamId: string,
    expectedVersion: number,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ): Promise<AppendResult> {
    const started = performance.now();
    const took = (result: AppendOutcome) =>
      this.metrics?.appendSeconds.observe({ result }, (performance.now() - started) / 1000);
    try {
      const result = await this.store.append(streamId, expectedVersion, events, options);
      took(result.duplicate ? "duplicate" : "ok");
      this.#writable();
      return result;
    } catch (error) {
      took(error instanceof ConcurrencyError ? "conflict" : "failed");
      throw this.#failed(error, true);
    }
  }

  read(streamId: string, afterVersion?: number): Promise<StoredEvent[]> {
    return this.#reading(() => this.store.read(streamId, afterVersion));
  }

  version(streamId: string): Promise<number> {
    return this.#reading(() => this.store.version(streamId));
  }

  listStreams(prefix?: string, limit?: number): Promise<StreamInfo[]> {
    return this.#reading(() => this.store.listStreams(prefix, limit));
  }

  findCommand(streamId: string, commandId: string): Promise<StoredEvent[] | null> {
    return this.#reading(() => this.store.findCommand(streamId, commandId));
  }

  close(): Promise<void> {
    return this.store.close();
  }

  async #reading<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      throw this.#failed(error, false);
    }
  }

  async #probeWrite(): Promise<void> {
    try {
      const result = await this.store.append(this.#probeStream, this.#probeVersion, [
        { type: "health.probed", data: { at: new Date().toISOString() } },
      ]);
      this.#probeVersion = result.version;
      this.#writable();
    } catch (error) {
      if (error instanceof ConcurrencyError) this.#probeVersion = error.actual;
      else this.#failed(error, true);
    }
  }

  #writable(): void {
    if (!this.#writeFailure) return;
    this.#writeFailure = false;
    this.#lastLogged = 0;
    this.logger.info("the event store takes writes again");
  }

  /** The error to throw for a store's `error`: STORE_UNAVAILABLE for a store failure. */
  #failed(error: unknown, write: boolean): unknown {
    if (!isStoreFailure(error)) return error;
    if (write) this.#writeFailure = true;
    this.#log(error, write);
    return storeUnavailable();
  }

  /** Logs a store failure, at most once per `ERROR_LOG_INTERVAL_MS` while it lasts. */
  #log(error: unknown, write: boolean): void {
    const now = Date.now();
    if (now - this.#lastLogged < ERROR_LOG_INTERVAL_MS) return;
    this.#lastLogged = now;
    this.logger.error({ err: error, write }, "the event store failed");
  }
}

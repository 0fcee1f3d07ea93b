/**
 * The server's event store: every match is one stream of versioned events. Implementations:
 * SQLite (embedded, default) and PostgreSQL (`DATABASE_URL`); both pass one contract test.
 */

/** An event as it is written: the engine's (or the lobby's) fact. */
export interface NewEvent {
  readonly type: string;
  readonly data: unknown;
}

/** An event as it is stored: its stream, its 1-based version, when it was committed. */
export interface StoredEvent extends NewEvent {
  readonly streamId: string;
  /** 1 for the first event of a stream; versions have no gaps. */
  readonly version: number;
  /** ISO timestamp of the commit (set by the store, never by the engine). */
  readonly at: string;
  /** The command that caused it, when one did (idempotency key). */
  readonly commandId: string | null;
}

export interface AppendOptions {
  /** A client-chosen id: appending again with the same id appends nothing. */
  readonly commandId?: string;
}

export interface AppendResult {
  /** The stream's version after the append (for a duplicate: after the earlier append). */
  readonly version: number;
  /**
   * The events written. When the command id had been seen on this stream, nothing is written:
   * these are the events the earlier append wrote (the same answer again), and `duplicate` is
   * true — even if `expectedVersion` is stale by now.
   */
  readonly events: readonly StoredEvent[];
  readonly duplicate: boolean;
}

export interface StreamInfo {
  readonly streamId: string;
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** Optimistic concurrency: the stream was not at the version the writer expected. */
export class ConcurrencyError extends Error {
  readonly code = "CONCURRENCY" as const;
  constructor(
    readonly streamId: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`stream ${streamId}: expected version ${expected}, found ${actual}`);
    this.name = "ConcurrencyError";
  }
}

export interface EventStore {
  /**
   * Appends atomically if the stream is at `expectedVersion` (0 = the stream must not exist),
   * else throws ConcurrencyError. Resolves only once the events are durably committed.
   */
  append(
    streamId: string,
    expectedVersion: number,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /** Events with version > `afterVersion`, in order (afterVersion 0 = the whole stream). */
  read(streamId: string, afterVersion?: number): Promise<StoredEvent[]>;
  /** The current version of a stream (0 when it does not exist). */
  version(streamId: string): Promise<number>;
  /** Streams whose id starts with `prefix`, most recently updated first. */
  listStreams(prefix?: string, limit?: number): Promise<StreamInfo[]>;
  /** The events a command id produced, when it was seen before on that stream. */
  findCommand(streamId: string, commandId: string): Promise<StoredEvent[] | null>;
  close(): Promise<void>;
}

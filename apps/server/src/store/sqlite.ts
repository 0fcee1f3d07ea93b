import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import type { Logger } from "pino";
import {
  checkAfterVersion,
  checkCommandId,
  checkLimit,
  checkPrefix,
  checkStreamId,
  prepareAppend,
  StoreClosedError,
  type EncodedEvent,
} from "./common.js";
import {
  ConcurrencyError,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type StoredEvent,
  type StreamInfo,
} from "./EventStore.js";

export interface SqliteOptions {
  /**
   * FULL (default) fsyncs the WAL at every commit: an acknowledged append survives a process
   * kill, an OS crash and a power cut. NORMAL fsyncs only at checkpoints: an acknowledged append
   * survives a process kill (the commit is in the OS's page cache before it returns) but the
   * last ones can be lost to an OS crash or power cut (the file stays consistent). The store
   * promises "durably committed" and a turn-based game appends a few events a second, so the
   * fsync is paid by default, although better-sqlite3 blocks the event loop while it runs
   * (store.bench.ts: a commit takes ~0.1 ms with NORMAL, a few ms with FULL on a virtual disk).
   * Appends are group-committed (see `SqliteEventStore`), so one fsync serves every append that
   * arrived while the previous one ran. Deployments that outgrow this move to PostgreSQL.
   */
  readonly synchronous?: "FULL" | "NORMAL";
  /** How long a write waits for another process's write lock before failing (SQLITE_BUSY). */
  readonly busyTimeoutMs?: number;
  readonly logger?: Logger;
}

/** Schema migrations; the n-th entry brings the schema to version n. Append, never edit. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE streams (
    stream_id TEXT NOT NULL PRIMARY KEY,
    version INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    -- commit order over all streams: orders listStreams when updated_at ties
    position INTEGER NOT NULL
  );
  CREATE INDEX streams_position ON streams (position);
  CREATE TABLE events (
    stream_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    type TEXT NOT NULL,
    data TEXT NOT NULL,
    at TEXT NOT NULL,
    command_id TEXT,
    PRIMARY KEY (stream_id, version)
  );
  -- One row per command id and stream (the idempotency key): an index on events could not be
  -- unique, since every event of a multi-event command carries the command's id.
  CREATE TABLE commands (
    stream_id TEXT NOT NULL,
    command_id TEXT NOT NULL,
    first_version INTEGER NOT NULL,
    last_version INTEGER NOT NULL,
    PRIMARY KEY (stream_id, command_id)
  ) WITHOUT ROWID;
  `,
];

interface EventRow {
  readonly version: number;
  readonly type: string;
  readonly data: string;
  readonly at: string;
  readonly command_id: string | null;
}

interface StreamRow {
  readonly stream_id: string;
  readonly version: number;
  readonly created_at: string;
  readonly updated_at: string;
}

const EVENT_COLUMNS = "version, type, data, at, command_id";

interface PendingAppend {
  readonly streamId: string;
  readonly expected: number;
  readonly events: readonly EncodedEvent[];
  readonly commandId: string | undefined;
  readonly done: (result: AppendResult) => void;
  readonly fail: (error: unknown) => void;
}

/**
 * The embedded event store: one SQLite file in WAL mode. All access is synchronous
 * (better-sqlite3) behind the async interface; a resolved append is committed.
 *
 * **Group commit.** An append is checked and encoded at once, then queued; the queue is
 * written at the next turn of the event loop (`setImmediate`) in one IMMEDIATE transaction,
 * each append in a savepoint of its own (a ConcurrencyError or a duplicate affects that append
 * only), and every append of the batch is resolved only after the one COMMIT (one fsync with
 * synchronous=FULL) returned. So an acknowledged append is as durable as before, and the
 * appends of many matches that arrive while one fsync runs share the next one. Reads see
 * committed appends only; an append still queued is not visible (nor resolved) yet.
 */
export class SqliteEventStore implements EventStore {
  readonly #db: Database.Database;
  #pending: PendingAppend[] = [];
  #flushScheduled = false;
  readonly #commitBatch: (batch: readonly PendingAppend[]) => (AppendResult | { error: unknown })[];
  readonly #appendTx: (
    streamId: string,
    expected: number,
    events: readonly EncodedEvent[],
    commandId: string | undefined,
  ) => AppendResult;
  readonly #readAfter: Database.Statement<[string, number], EventRow>;
  readonly #readRange: Database.Statement<[string, number, number], EventRow>;
  readonly #streamVersion: Database.Statement<[string], number>;
  readonly #command: Database.Statement<[string, string], { first: number; last: number }>;
  readonly #list: Database.Statement<[{ prefix: string; limit: number }], StreamRow>;

  private constructor(db: Database.Database) {
    this.#db = db;
    this.#readAfter = db.prepare(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ? AND version > ? ORDER BY version`,
    );
    this.#readRange = db.prepare(
      `SELECT ${EVENT_COLUMNS} FROM events
       WHERE stream_id = ? AND version BETWEEN ? AND ? ORDER BY version`,
    );
    this.#streamVersion = db
      .prepare<[string], number>("SELECT version FROM streams WHERE stream_id = ?")
      .pluck();
    this.#command = db.prepare(
      `SELECT first_version AS first, last_version AS last FROM commands
       WHERE stream_id = ? AND command_id = ?`,
    );
    this.#list = db.prepare(
      `SELECT stream_id, version, created_at, updated_at FROM streams
       WHERE substr(stream_id, 1, length(@prefix)) = @prefix ORDER BY position DESC LIMIT @limit`,
    );
    const insertEvent = db.prepare<[string, number, string, string, string, string | null]>(
      `INSERT INTO events (stream_id, version, type, data, at, command_id)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    const upsertStream = db.prepare<{ id: string; version: number; at: string }>(
      `INSERT INTO streams (stream_id, version, created_at, updated_at, position)
       VALUES (@id, @version, @at, @at, (SELECT coalesce(max(position), 0) + 1 FROM streams))
       ON CONFLICT (stream_id) DO UPDATE SET
         version = excluded.version, updated_at = excluded.updated_at, position = excluded.position`,
    );
    const insertCommand = db.prepare<[string, string, number, number]>(
      "INSERT INTO commands (stream_id, command_id, first_version, last_version) VALUES (?, ?, ?, ?)",
    );

    const appendTx = db.transaction(
      (
        streamId: string,
        expected: number,
        events: readonly EncodedEvent[],
        commandId: string | undefined,
      ): AppendResult => {
        const actual = this.#streamVersion.get(streamId) ?? 0;
        if (commandId !== undefined && actual > 0) {
          const earlier = this.#commandEvents(streamId, commandId);
          if (earlier !== null) {
            return { version: earlier.at(-1)?.version ?? 0, events: earlier, duplicate: true };
          }
        }
        if (actual !== expected) throw new ConcurrencyError(streamId, expected, actual);
        const at = new Date().toISOString();
        const stored = events.map(({ type, json }, index): StoredEvent => ({
          streamId,
          version: actual + index + 1,
          type,
          data: JSON.parse(json) as unknown,
          at,
          commandId: commandId ?? null,
        }));
        events.forEach(({ type, json }, index) => {
          insertEvent.run(streamId, actual + index + 1, type, json, at, commandId ?? null);
        });
        const version = actual + events.length;
        upsertStream.run({ id: streamId, version, at });
        if (commandId !== undefined) insertCommand.run(streamId, commandId, actual + 1, version);
        return { version, events: stored, duplicate: false };
      },
    );
    // IMMEDIATE takes the write lock before the version check, so a writer in another process
    // cannot slip in between the check and the insert.
    this.#appendTx = appendTx.immediate;
    // A batch: one transaction, each append in a savepoint (better-sqlite3 nests a transaction
    // function called inside another as a SAVEPOINT), one COMMIT.
    this.#commitBatch = db.transaction((batch: readonly PendingAppend[]) =>
      batch.map((p): AppendResult | { error: unknown } => {
        try {
          return appendTx(p.streamId, p.expected, p.events, p.commandId);
        } catch (error) {
          return { error };
        }
      }),
    ).immediate;
  }

  /** Opens (creating if needed) the store at `path`; `":memory:"` gives a private in-memory one. */
  static open(path: string, options: SqliteOptions = {}): SqliteEventStore {
    const inMemory = path === ":memory:";
    const file = inMemory ? path : resolve(path);
    if (!inMemory) mkdirSync(dirname(file), { recursive: true });
    const db = new Database(file);
    try {
      db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
      const mode = db.pragma("journal_mode = WAL", { simple: true });
      if (!inMemory && mode !== "wal") {
        options.logger?.warn(
          { path: file, mode },
          "SQLite refused WAL mode; writes will be slower",
        );
      }
      db.pragma(`synchronous = ${options.synchronous === "NORMAL" ? "NORMAL" : "FULL"}`);
      migrate(db);
      return new SqliteEventStore(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  async append(
    streamId: string,
    expectedVersion: number,
    events: readonly NewEvent[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    this.#open();
    const encoded = prepareAppend(streamId, expectedVersion, events, options.commandId);
    return new Promise<AppendResult>((done, fail) => {
      this.#pending.push({
        streamId,
        expected: expectedVersion,
        events: encoded,
        commandId: options.commandId,
        done,
        fail,
      });
      if (!this.#flushScheduled) {
        this.#flushScheduled = true;
        setImmediate(() => this.#flush());
      }
    });
  }

  /** Commits every queued append in one transaction, then answers each of them. */
  #flush(): void {
    this.#flushScheduled = false;
    const batch = this.#pending;
    if (batch.length === 0) return;
    this.#pending = [];
    if (!this.#db.open) {
      for (const p of batch) p.fail(new StoreClosedError());
      return;
    }
    let results: (AppendResult | { error: unknown })[];
    try {
      // A single append needs no savepoint: the plain transaction is the same commit.
      results = batch.length === 1 ? [this.#appendOne(batch[0]!)] : this.#commitBatch(batch);
    } catch (error) {
      // The COMMIT itself failed (disk full, I/O error, busy): nothing of the batch is stored.
      for (const p of batch) p.fail(error);
      return;
    }
    batch.forEach((p, i) => {
      const result = results[i]!;
      if ("error" in result) p.fail(result.error);
      else p.done(result);
    });
  }

  #appendOne(p: PendingAppend): AppendResult | { error: unknown } {
    try {
      return this.#appendTx(p.streamId, p.expected, p.events, p.commandId);
    } catch (error) {
      if (error instanceof ConcurrencyError) return { error };
      throw error;
    }
  }

  async read(streamId: string, afterVersion = 0): Promise<StoredEvent[]> {
    this.#open();
    checkStreamId(streamId);
    checkAfterVersion(afterVersion);
    return this.#readAfter.all(streamId, afterVersion).map((row) => toEvent(streamId, row));
  }

  async version(streamId: string): Promise<number> {
    this.#open();
    checkStreamId(streamId);
    return this.#streamVersion.get(streamId) ?? 0;
  }

  async listStreams(prefix = "", limit?: number): Promise<StreamInfo[]> {
    this.#open();
    checkPrefix(prefix);
    checkLimit(limit);
    return this.#list.all({ prefix, limit: limit ?? -1 }).map((row) => ({
      streamId: row.stream_id,
      version: row.version,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }

  async findCommand(streamId: string, commandId: string): Promise<StoredEvent[] | null> {
    this.#open();
    checkStreamId(streamId);
    checkCommandId(commandId);
    return this.#commandEvents(streamId, commandId);
  }

  /** Commits the appends still queued, then closes the file. */
  async close(): Promise<void> {
    if (this.#db.open) {
      this.#flush();
      this.#db.close();
    }
  }

  #commandEvents(streamId: string, commandId: string): StoredEvent[] | null {
    const range = this.#command.get(streamId, commandId);
    if (range === undefined) return null;
    return this.#readRange
      .all(streamId, range.first, range.last)
      .map((row) => toEvent(streamId, row));
  }

  #open(): void {
    if (!this.#db.open) throw new StoreClosedError();
  }
}

function toEvent(streamId: string, row: EventRow): StoredEvent {
  return {
    streamId,
    version: row.version,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    at: row.at,
    commandId: row.command_id,
  };
}

function migrate(db: Database.Database): void {
  db.transaction(() => {
    db.exec(
      `CREATE TABLE IF NOT EXISTS schema_version (
         version INTEGER NOT NULL PRIMARY KEY,
         applied_at TEXT NOT NULL
       )`,
    );
    const current =
      db
        .prepare<[], number>("SELECT coalesce(max(version), 0) FROM schema_version")
        .pluck()
        .get() ?? 0;
    if (current > MIGRATIONS.length) {
      throw new Error(
        `event store schema version ${current} is newer than this server knows (${MIGRATIONS.length})`,
      );
    }
    const record = db.prepare<[number, string]>(
      "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)",
    );
    MIGRATIONS.slice(current).forEach((sql, index) => {
      db.exec(sql);
      record.run(current + index + 1, new Date().toISOString());
    });
  }).immediate();
}

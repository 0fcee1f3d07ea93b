import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Worker } from "node:worker_threads";
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
import {
  batchWriter,
  configure,
  EVENT_COLUMNS,
  flatBatch,
  type EventRow,
  type WriteError,
  type WriteRequest,
  type WriteResult,
  type WriterMessage,
  type WriterOptions,
  type WriterReply,
} from "./sqliteWrite.mjs";

export interface SqliteOptions {
  /**
   * FULL (default) fsyncs the WAL at every commit: an acknowledged append survives a process
   * kill, an OS crash and a power cut. NORMAL fsyncs only at checkpoints: an acknowledged append
   * survives a process kill (the commit is in the OS's page cache before it returns) but the
   * last ones can be lost to an OS crash or power cut (the file stays consistent). The store
   * promises "durably committed", so the fsync is paid by default; it runs in the store's
   * writer thread, not on the event loop (store.bench.ts: a commit takes ~0.1 ms with NORMAL, a
   * few ms with FULL on a virtual disk). Appends are group-committed (see `SqliteEventStore`),
   * so one fsync serves every append that arrived while the previous one ran. Deployments that
   * outgrow this move to PostgreSQL.
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

interface StreamRow {
  readonly stream_id: string;
  readonly version: number;
  readonly created_at: string;
  readonly updated_at: string;
}

interface PendingAppend extends WriteRequest {
  readonly done: (result: AppendResult) => void;
  readonly fail: (error: unknown) => void;
}

/** Where a batch is committed: the writer thread (a file) or this thread (`":memory:"`). */
interface Writer {
  commit(batch: readonly WriteRequest[]): Promise<readonly WriteResult[]>;
  close(): Promise<void>;
}

/**
 * The embedded event store: one SQLite file in WAL mode. Reads are synchronous (better-sqlite3)
 * behind the async interface, on a connection of this thread; writes go to a writer thread with
 * a connection of its own (`sqliteWriter.mjs`), so the COMMIT and its fsync never block the
 * event loop. A resolved append is committed.
 *
 * **Group commit.** An append is checked and encoded at once, then queued. The queue goes to
 * the writer at the next turn of the event loop (`setImmediate`); the writer commits every
 * batch that arrived while it was busy in one IMMEDIATE transaction, each append in a
 * savepoint of its own (a ConcurrencyError or a duplicate affects that append only), and
 * every append of the batch is resolved only after the one COMMIT (one fsync with
 * synchronous=FULL) returned. So an acknowledged append is as durable as with one transaction
 * per append, and the appends of many matches that arrive while one fsync runs share the next
 * one. Reads see committed appends only; an append still queued is not visible (nor resolved)
 * yet. An in-memory store (`":memory:"`) cannot be shared with a thread: it commits in this one.
 */
export class SqliteEventStore implements EventStore {
  readonly #db: Database.Database;
  readonly #writer: Writer;
  #pending: PendingAppend[] = [];
  #flushScheduled = false;
  /** Batches sent and not answered yet (the writer answers them in order). */
  readonly #inFlight = new Set<Promise<void>>();
  #closed = false;
  readonly #readAfter: Database.Statement<[string, number], EventRow>;
  readonly #readRange: Database.Statement<[string, number, number], EventRow>;
  readonly #streamVersion: Database.Statement<[string], number>;
  readonly #command: Database.Statement<[string, string], { first: number; last: number }>;
  readonly #list: Database.Statement<[{ prefix: string; limit: number }], StreamRow>;

  private constructor(db: Database.Database, writer: Writer) {
    this.#db = db;
    this.#writer = writer;
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
  }

  /** Opens (creating if needed) the store at `path`; `":memory:"` gives a private in-memory one. */
  static open(path: string, options: SqliteOptions = {}): SqliteEventStore {
    const inMemory = path === ":memory:";
    const file = inMemory ? path : resolve(path);
    if (!inMemory) mkdirSync(dirname(file), { recursive: true });
    const writerOptions: WriterOptions = {
      synchronous: options.synchronous === "NORMAL" ? "NORMAL" : "FULL",
      busyTimeoutMs: Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000)),
    };
    const db = new Database(file);
    try {
      const mode = configure(db, writerOptions);
      if (!inMemory && mode !== "wal") {
        options.logger?.warn(
          { path: file, mode },
          "SQLite refused WAL mode; writes will be slower",
        );
      }
      migrate(db);
      const writer = inMemory
        ? inlineWriter(db)
        : new ThreadWriter(file, writerOptions, options.logger);
      return new SqliteEventStore(db, writer);
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
      this.#schedule();
    });
  }

  /** Sends the queue at the next turn of the event loop. */
  #schedule(): void {
    if (this.#flushScheduled || this.#pending.length === 0) return;
    this.#flushScheduled = true;
    setImmediate(() => {
      this.#flushScheduled = false;
      this.#flush();
    });
  }

  /** Commits every queued append in one transaction, then answers each of them. */
  #flush(): void {
    const batch = this.#pending;
    if (batch.length === 0) return;
    this.#pending = [];
    const answered = this.#writer.commit(batch).then(
      (results) => {
        batch.forEach((p, i) => {
          const result = results[i]!;
          if (result.kind === "written") p.done(written(p, result.version, result.at));
          else if (result.kind === "duplicate") {
            const events = result.rows.map((row) => toEvent(p.streamId, row));
            p.done({ version: events.at(-1)?.version ?? 0, events, duplicate: true });
          } else p.fail(toError(result.error));
        });
      },
      // The COMMIT itself failed (disk full, I/O error, busy): nothing of the batch is stored.
      (error: unknown) => {
        for (const p of batch) p.fail(error);
      },
    );
    this.#inFlight.add(answered);
    void answered.finally(() => this.#inFlight.delete(answered));
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
    const range = this.#command.get(streamId, commandId);
    if (range === undefined) return null;
    return this.#readRange
      .all(streamId, range.first, range.last)
      .map((row) => toEvent(streamId, row));
  }

  /** Commits the appends still queued (and waits for the batch in flight), then closes. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#flush();
    await Promise.all(this.#inFlight);
    await this.#writer.close();
    this.#db.close();
  }

  #open(): void {
    if (this.#closed) throw new StoreClosedError();
  }
}

/** The events of a written append, built from what was sent (the JSON read back as JSON). */
function written(p: WriteRequest, version: number, at: string): AppendResult {
  const first = version - p.events.length + 1;
  const events = p.events.map(({ type, json }, index): StoredEvent => ({
    streamId: p.streamId,
    version: first + index,
    type,
    data: JSON.parse(json) as unknown,
    at,
    commandId: p.commandId ?? null,
  }));
  return { version, events, duplicate: false };
}

function toError(error: WriteError): Error {
  if (error.kind === "concurrency") {
    return new ConcurrencyError(error.streamId, error.expected, error.actual);
  }
  const e = new Error(error.message);
  e.name = error.name;
  if (error.code !== undefined) (e as Error & { code?: string }).code = error.code;
  return e;
}

/** Commits in this thread (the in-memory store: its database cannot be opened by another). */
function inlineWriter(db: Database.Database): Writer {
  const write = batchWriter(db);
  return {
    commit: async (batch) => write(batch),
    close: async () => {},
  };
}

/**
 * The writer thread. The store sends a batch every turn of the event loop that has appends,
 * without waiting for the answers; the thread commits whatever arrived while it committed the
 * previous batches in one transaction (group commit across turns) and answers each batch, in
 * order, after that COMMIT. While answers are awaited the thread keeps the process alive;
 * idle, it does not.
 */
class ThreadWriter implements Writer {
  readonly #worker: Worker;
  /** The answers awaited, in the order the messages were sent (the thread answers in order). */
  readonly #waiting: { resolve: (reply: WriterReply) => void; reject: (error: Error) => void }[] =
    [];
  #dead: Error | null = null;
  #closing = false;
  readonly #exited: Promise<void>;

  constructor(path: string, options: WriterOptions, logger?: Logger) {
    // Plain JavaScript: no TypeScript loader (and its thread) in the writer's thread.
    this.#worker = new Worker(new URL("./sqliteWriter.mjs", import.meta.url), {
      workerData: { path, ...options },
      execArgv: [],
    });
    this.#worker.unref();
    this.#worker.on("message", (reply: WriterReply) => {
      const waiting = this.#waiting.shift();
      if (this.#waiting.length === 0) this.#worker.unref();
      waiting?.resolve(reply);
    });
    // A writer that died stays dead: every append from then on fails (nothing is half-written;
    // a batch in flight may or may not have been committed, as with a lost connection).
    const die = (error: Error) => {
      if (this.#dead === null && !this.#closing) {
        logger?.error({ err: error, path }, "SQLite writer thread died; appends fail from now");
      }
      this.#dead ??= error;
      for (const waiting of this.#waiting.splice(0)) waiting.reject(this.#dead);
    };
    this.#worker.on("error", die);
    this.#exited = new Promise((exited) => {
      this.#worker.once("exit", (code) => {
        die(new StoreClosedError(`the SQLite writer thread exited (code ${code})`));
        exited();
      });
    });
  }

  #ask(message: WriterMessage): Promise<WriterReply> {
    if (this.#dead !== null) return Promise.reject(this.#dead);
    return new Promise((resolve, reject) => {
      this.#waiting.push({ resolve, reject });
      this.#worker.ref();
      this.#worker.postMessage(message);
    });
  }

  async commit(batch: readonly WriteRequest[]): Promise<readonly WriteResult[]> {
    // Only what the writer needs crosses the thread, as one flat array (cheaper to clone).
    const reply = await this.#ask({ type: "batch", batch: flatBatch(batch) });
    if (reply.type === "committed") return reply.results;
    if (reply.type === "failed") throw toError(reply.error);
    throw new StoreClosedError();
  }

  async close(): Promise<void> {
    this.#closing = true;
    if (this.#dead === null) {
      try {
        await this.#ask({ type: "close" });
      } catch {
        // It died meanwhile: nothing is left to close.
      }
    }
    // Waiting for the thread's end keeps the process alive (the writer is unreferenced when idle).
    this.#worker.ref();
    await this.#exited;
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

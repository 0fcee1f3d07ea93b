import type Database from "better-sqlite3";
import type { EncodedEvent } from "./common.js";

/**
 * The write half of the SQLite store: one batch of appends in one IMMEDIATE transaction, each
 * append in a savepoint of its own, one COMMIT. It runs in the writer thread
 * (`sqliteWriterWorker.ts`) for a file, or in the caller's thread for `":memory:"`; it only
 * needs a connection, and everything it takes and returns can cross a thread (structured clone).
 */

/** One append as the writer gets it: checked and encoded by the store already. */
export interface WriteRequest {
  readonly streamId: string;
  readonly expected: number;
  readonly events: readonly EncodedEvent[];
  readonly commandId: string | undefined;
}

/** A row of `events` as it is read back (the store turns it into a `StoredEvent`). */
export interface EventRow {
  readonly version: number;
  readonly type: string;
  readonly data: string;
  readonly at: string;
  readonly command_id: string | null;
}

/** An error that failed one append, as data (it crosses the thread boundary). */
export type WriteError =
  | {
      readonly kind: "concurrency";
      readonly streamId: string;
      readonly expected: number;
      readonly actual: number;
    }
  | { readonly kind: "error"; readonly name: string; readonly message: string; readonly code?: string };

/**
 * What became of one append of a committed batch: written (`version` after it, the commit's
 * time), a duplicate command id (the events the earlier append wrote), or refused.
 */
export type WriteResult =
  | { readonly kind: "written"; readonly version: number; readonly at: string }
  | { readonly kind: "duplicate"; readonly rows: readonly EventRow[] }
  | { readonly kind: "failed"; readonly error: WriteError };

export const EVENT_COLUMNS = "version, type, data, at, command_id";

/** The stream was not at the expected version (turned into a ConcurrencyError by the store). */
class StaleVersion extends Error {
  constructor(readonly actual: number) {
    super("stale version");
  }
}

/** An error as data, keeping what callers match on (name, message, SQLite's `code`). */
export function errorData(error: unknown): WriteError & { kind: "error" } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      kind: "error",
      name: error.name,
      message: error.message,
      ...(typeof code === "string" ? { code } : {}),
    };
  }
  return { kind: "error", name: "Error", message: String(error) };
}

/**
 * Prepares the statements on `db` and returns the batch writer: it commits the batch and
 * answers each append, or throws when the transaction itself fails (busy, I/O error, disk
 * full), in which case nothing of the batch is stored.
 */
export function batchWriter(
  db: Database.Database,
): (batch: readonly WriteRequest[]) => WriteResult[] {
  const streamVersion = db
    .prepare<[string], number>("SELECT version FROM streams WHERE stream_id = ?")
    .pluck();
  const command = db.prepare<[string, string], { first: number; last: number }>(
    `SELECT first_version AS first, last_version AS last FROM commands
     WHERE stream_id = ? AND command_id = ?`,
  );
  const readRange = db.prepare<[string, number, number], EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events
     WHERE stream_id = ? AND version BETWEEN ? AND ? ORDER BY version`,
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

  const appendTx = db.transaction((p: WriteRequest): WriteResult => {
    const actual = streamVersion.get(p.streamId) ?? 0;
    if (p.commandId !== undefined && actual > 0) {
      const range = command.get(p.streamId, p.commandId);
      if (range !== undefined) {
        return { kind: "duplicate", rows: readRange.all(p.streamId, range.first, range.last) };
      }
    }
    if (actual !== p.expected) throw new StaleVersion(actual);
    const at = new Date().toISOString();
    p.events.forEach(({ type, json }, index) => {
      insertEvent.run(p.streamId, actual + index + 1, type, json, at, p.commandId ?? null);
    });
    const version = actual + p.events.length;
    upsertStream.run({ id: p.streamId, version, at });
    if (p.commandId !== undefined) insertCommand.run(p.streamId, p.commandId, actual + 1, version);
    return { kind: "written", version, at };
  });
  const failed = (p: WriteRequest, error: unknown): WriteResult => ({
    kind: "failed",
    error:
      error instanceof StaleVersion
        ? { kind: "concurrency", streamId: p.streamId, expected: p.expected, actual: error.actual }
        : errorData(error),
  });
  // A batch: one transaction, each append in a savepoint (better-sqlite3 nests a transaction
  // function called inside another as a SAVEPOINT), one COMMIT. IMMEDIATE takes the write lock
  // before the version checks, so a writer in another process cannot slip in between.
  const commitBatch = db.transaction((batch: readonly WriteRequest[]) =>
    batch.map((p): WriteResult => {
      try {
        return appendTx(p);
      } catch (error) {
        return failed(p, error);
      }
    }),
  ).immediate;
  const appendOne = appendTx.immediate;

  return (batch) => {
    // A single append needs no savepoint: the plain transaction is the same commit.
    if (batch.length !== 1) return commitBatch(batch);
    const p = batch[0]!;
    try {
      return [appendOne(p)];
    } catch (error) {
      // A stale version rolled the transaction back and stored nothing: that append's answer.
      // Anything else (busy, I/O error) failed the commit itself.
      if (error instanceof StaleVersion) return [failed(p, error)];
      throw error;
    }
  };
}

export interface WriterOptions {
  readonly synchronous: "FULL" | "NORMAL";
  readonly busyTimeoutMs: number;
}

/** The pragmas of every connection of the store (the schema is migrated by the store first). */
export function configure(db: Database.Database, options: WriterOptions): string {
  db.pragma(`busy_timeout = ${options.busyTimeoutMs}`);
  const mode = db.pragma("journal_mode = WAL", { simple: true }) as string;
  db.pragma(`synchronous = ${options.synchronous}`);
  return mode;
}

/** Messages of the writer thread. */
export type WriterMessage =
  | { readonly type: "batch"; readonly batch: readonly WriteRequest[] }
  | { readonly type: "close" };

export type WriterReply =
  | { readonly type: "committed"; readonly results: readonly WriteResult[] }
  | { readonly type: "failed"; readonly error: WriteError & { kind: "error" } }
  | { readonly type: "closed" };

// The write half of the SQLite store, in plain JavaScript: the writer thread
// (`sqliteWriter.mjs`) loads it without a TypeScript loader (no tsx thread of its own), and the
// store (`sqlite.ts`) uses it in its own thread for `":memory:"`. Types: `sqliteWrite.d.mts`.
//
// One batch of appends goes in one IMMEDIATE transaction, each append in a savepoint of its
// own, one COMMIT; everything it takes and returns can cross a thread (structured clone).

export const EVENT_COLUMNS = "version, type, data, at, command_id";

/** The stream was not at the expected version (the store turns it into a ConcurrencyError). */
class StaleVersion extends Error {
  constructor(actual) {
    super("stale version");
    this.actual = actual;
  }
}

/** An error as data, keeping what callers match on (name, message, SQLite's `code`). */
export function errorData(error) {
  if (error instanceof Error) {
    const code = error.code;
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
 * A batch as one flat array for `postMessage` (a structured clone of one array of strings and
 * numbers costs less than one of an object per append and per event).
 */
export function flatBatch(batch) {
  const flat = [];
  for (const p of batch) {
    flat.push(p.streamId, p.expected, p.commandId ?? null, p.events.length);
    for (const e of p.events) flat.push(e.type, e.json);
  }
  return flat;
}

export function unflatBatch(flat) {
  const batch = [];
  let i = 0;
  while (i < flat.length) {
    const streamId = flat[i++];
    const expected = flat[i++];
    const commandId = flat[i++] ?? undefined;
    const count = flat[i++];
    const events = [];
    for (let n = 0; n < count; n++) events.push({ type: flat[i++], json: flat[i++] });
    batch.push({ streamId, expected, commandId, events });
  }
  return batch;
}

/** The pragmas of every connection of the store (the store migrates the schema first). */
export function configure(db, options) {
  db.pragma(`busy_timeout = ${options.busyTimeoutMs}`);
  const mode = db.pragma("journal_mode = WAL", { simple: true });
  db.pragma(`synchronous = ${options.synchronous === "NORMAL" ? "NORMAL" : "FULL"}`);
  return mode;
}

/**
 * Prepares the statements on `db` and returns the batch writer: it commits the batch and
 * answers each append, or throws when the transaction itself fails (busy, I/O error, disk
 * full), in which case nothing of the batch is stored.
 */
export function batchWriter(db) {
  const streamVersion = db.prepare("SELECT version FROM streams WHERE stream_id = ?").pluck();
  const command = db.prepare(
    `SELECT first_version AS first, last_version AS last FROM commands
     WHERE stream_id = ? AND command_id = ?`,
  );
  const readRange = db.prepare(
    `SELECT ${EVENT_COLUMNS} FROM events
     WHERE stream_id = ? AND version BETWEEN ? AND ? ORDER BY version`,
  );
  const insertEvent = db.prepare(
    `INSERT INTO events (stream_id, version, type, data, at, command_id)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const upsertStream = db.prepare(
    `INSERT INTO streams (stream_id, version, created_at, updated_at, position)
     VALUES (@id, @version, @at, @at, (SELECT coalesce(max(position), 0) + 1 FROM streams))
     ON CONFLICT (stream_id) DO UPDATE SET
       version = excluded.version, updated_at = excluded.updated_at, position = excluded.position`,
  );
  const insertCommand = db.prepare(
    "INSERT INTO commands (stream_id, command_id, first_version, last_version) VALUES (?, ?, ?, ?)",
  );

  const appendTx = db.transaction((p) => {
    const actual = streamVersion.get(p.streamId) ?? 0;
    const commandId = p.commandId ?? null;
    if (commandId !== null && actual > 0) {
      const range = command.get(p.streamId, commandId);
      if (range !== undefined) {
        return { kind: "duplicate", rows: readRange.all(p.streamId, range.first, range.last) };
      }
    }
    if (actual !== p.expected) throw new StaleVersion(actual);
    const at = new Date().toISOString();
    p.events.forEach(({ type, json }, index) => {
      insertEvent.run(p.streamId, actual + index + 1, type, json, at, commandId);
    });
    const version = actual + p.events.length;
    upsertStream.run({ id: p.streamId, version, at });
    if (commandId !== null) insertCommand.run(p.streamId, commandId, actual + 1, version);
    return { kind: "written", version, at };
  });
  const failed = (p, error) => ({
    kind: "failed",
    error:
      error instanceof StaleVersion
        ? { kind: "concurrency", streamId: p.streamId, expected: p.expected, actual: error.actual }
        : errorData(error),
  });
  // A batch: one transaction, each append in a savepoint (better-sqlite3 nests a transaction
  // function called inside another as a SAVEPOINT), one COMMIT. IMMEDIATE takes the write lock
  // before the version checks, so a writer in another process cannot slip in between.
  const commitBatch = db.transaction((batch) =>
    batch.map((p) => {
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
    const p = batch[0];
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

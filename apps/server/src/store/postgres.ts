import type * as PgModule from "pg";
import type { Pool, PoolClient, QueryConfig } from "pg";
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

/**
 * pg, imported by the first `open`: a process on SQLite never loads it (loaded at start-up it
 * cost ~5 MB of RSS). Everything below that uses it runs once a store is open.
 */
let pgModule: typeof PgModule | undefined;

const pg = (): typeof PgModule => {
  if (pgModule === undefined) throw new Error("pg is used before PostgresEventStore.open");
  return pgModule;
};

export interface PostgresOptions {
  /** The schema holding the store's tables, created if missing (default `public`). */
  readonly schema?: string;
  /** Most connections the pool opens (default 10). */
  readonly maxConnections?: number;
  readonly logger?: Logger;
}

/** Schema migrations, `S` standing for the quoted schema; the n-th brings it to version n. */
const MIGRATIONS: readonly ((s: string) => string)[] = [
  (s) => `
  CREATE TABLE IF NOT EXISTS ${s}.streams (
    stream_id text NOT NULL PRIMARY KEY,
    version integer NOT NULL,
    created_at timestamptz(3) NOT NULL,
    updated_at timestamptz(3) NOT NULL,
    -- commit order over all streams: orders listStreams when updated_at ties
    position bigint NOT NULL
  );
  CREATE SEQUENCE IF NOT EXISTS ${s}.streams_position_seq;
  CREATE INDEX IF NOT EXISTS streams_position_idx ON ${s}.streams (position);
  CREATE TABLE IF NOT EXISTS ${s}.events (
    stream_id text NOT NULL,
    version integer NOT NULL,
    type text NOT NULL,
    data jsonb NOT NULL,
    at timestamptz(3) NOT NULL,
    command_id text,
    PRIMARY KEY (stream_id, version)
  );
  -- One row per command id and stream (the idempotency key): an index on events could not be
  -- unique, since every event of a multi-event command carries the command's id.
  CREATE TABLE IF NOT EXISTS ${s}.commands (
    stream_id text NOT NULL,
    command_id text NOT NULL,
    first_version integer NOT NULL,
    last_version integer NOT NULL,
    PRIMARY KEY (stream_id, command_id)
  );
  `,
];

const UNIQUE_VIOLATION = "23505";

interface EventRow {
  readonly version: number;
  readonly type: string;
  readonly data: unknown;
  readonly at: Date;
  readonly command_id: string | null;
}

interface StreamRow {
  readonly stream_id: string;
  readonly version: number;
  readonly created_at: Date;
  readonly updated_at: Date;
}

type Sql = (name: string, text: string) => (values: unknown[]) => QueryConfig<unknown[]>;

/**
 * The event store for several server processes: PostgreSQL through a `pg` pool. An append is
 * one transaction that locks the stream's row, so concurrent writers from any process are
 * serialised per stream; a resolved append is committed (synchronous_commit on, the default).
 */
export class PostgresEventStore implements EventStore {
  readonly #pool: Pool;
  readonly #q: ReturnType<typeof queries>;
  #closed = false;

  private constructor(pool: Pool, schema: string) {
    this.#pool = pool;
    this.#q = queries(schema);
  }

  /** Connects, creates the schema and tables if missing, and migrates them. */
  static async open(url: string, options: PostgresOptions = {}): Promise<PostgresEventStore> {
    const schema = options.schema ?? "public";
    if (schema.length === 0 || schema.length > 63) {
      throw new TypeError("the PostgreSQL schema name must have 1 to 63 characters");
    }
    pgModule ??= await import("pg");
    const pool = new (pg().Pool)({ connectionString: url, max: options.maxConnections ?? 10 });
    // An idle client losing its connection emits "error" on the pool; unhandled, it would
    // end the process. The pool replaces the client, so logging is all there is to do.
    pool.on("error", (error) => {
      options.logger?.error({ err: error }, "PostgreSQL connection of the event store failed");
    });
    try {
      await migrate(pool, schema);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresEventStore(pool, schema);
  }

  async append(
    streamId: string,
    expectedVersion: number,
    events: readonly NewEvent[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    this.#open();
    const commandId = options.commandId ?? null;
    const encoded = prepareAppend(streamId, expectedVersion, events, options.commandId);
    const q = this.#q;
    const client = await this.#pool.connect();
    let broken: Error | undefined;
    try {
      await client.query("BEGIN");
      let actual = await lockStream(client, q, streamId);
      if (actual === null && expectedVersion === 0) {
        // A placeholder row to lock; a concurrent creator blocks here until the other commits
        // (then we lock its row) or rolls back (then ours goes in).
        const created = await client.query<{ version: number }>(q.createStream([streamId]));
        actual = created.rows[0]?.version ?? (await lockStream(client, q, streamId));
      }
      const current = actual ?? 0;
      if (commandId !== null && current > 0) {
        // A statement of its own, after the lock: in READ COMMITTED only a new statement sees
        // the command a concurrent writer committed while we waited for the lock (a join in the
        // locking SELECT would still show its old snapshot).
        const earlier = await client.query<EventRow>(q.command([streamId, commandId]));
        const last = earlier.rows.at(-1);
        if (last !== undefined) {
          await client.query("COMMIT");
          const events = earlier.rows.map((row) => toEvent(streamId, row));
          return { version: last.version, events, duplicate: true };
        }
      }
      if (current !== expectedVersion) {
        await client.query("ROLLBACK");
        throw new ConcurrencyError(streamId, expectedVersion, current);
      }
      const written = await client.query<{ at: Date }>(
        q.write([
          streamId,
          current,
          encoded.map((e) => e.type),
          encoded.map((e) => e.json),
          commandId,
          encoded.length,
        ]),
      );
      const row = written.rows[0];
      if (row === undefined) throw new Error(`stream ${streamId}: its locked row vanished`);
      await client.query("COMMIT");
      const at = row.at.toISOString();
      const stored = encoded.map(({ type, json }, index): StoredEvent => ({
        streamId,
        version: current + index + 1,
        type,
        data: JSON.parse(json) as unknown,
        at,
        commandId,
      }));
      return { version: current + encoded.length, events: stored, duplicate: false };
    } catch (error) {
      if (error instanceof ConcurrencyError) throw error;
      try {
        await client.query("ROLLBACK");
      } catch (rollbackError) {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      }
      // Cannot happen while the stream row is locked; kept so a bypassing writer still yields
      // the documented error rather than a driver one.
      if (error instanceof pg().DatabaseError && error.code === UNIQUE_VIOLATION) {
        throw new ConcurrencyError(streamId, expectedVersion, await this.version(streamId));
      }
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async read(streamId: string, afterVersion = 0): Promise<StoredEvent[]> {
    this.#open();
    checkStreamId(streamId);
    checkAfterVersion(afterVersion);
    const result = await this.#pool.query<EventRow>(this.#q.readAfter([streamId, afterVersion]));
    return result.rows.map((row) => toEvent(streamId, row));
  }

  async version(streamId: string): Promise<number> {
    this.#open();
    checkStreamId(streamId);
    const result = await this.#pool.query<{ version: number }>(this.#q.version([streamId]));
    return result.rows[0]?.version ?? 0;
  }

  async listStreams(prefix = "", limit?: number): Promise<StreamInfo[]> {
    this.#open();
    checkPrefix(prefix);
    checkLimit(limit);
    const result = await this.#pool.query<StreamRow>(this.#q.list([prefix, limit ?? null]));
    return result.rows.map((row) => ({
      streamId: row.stream_id,
      version: row.version,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    }));
  }

  async findCommand(streamId: string, commandId: string): Promise<StoredEvent[] | null> {
    this.#open();
    checkStreamId(streamId);
    checkCommandId(commandId);
    const result = await this.#pool.query<EventRow>(this.#q.command([streamId, commandId]));
    return result.rows.length === 0 ? null : result.rows.map((row) => toEvent(streamId, row));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#pool.end();
  }

  #open(): void {
    if (this.#closed) throw new StoreClosedError();
  }
}

function queries(schema: string) {
  const s = pg().escapeIdentifier(schema);
  // Named statements are parsed once per connection; the schema is in the name because the
  // name must always stand for the same text.
  const sql: Sql = (name, text) => (values) => ({ name: `es:${schema}:${name}`, text, values });
  const eventColumns = "version, type, data, at, command_id";
  return {
    lock: sql("lock", `SELECT version FROM ${s}.streams WHERE stream_id = $1 FOR UPDATE`),
    createStream: sql(
      "create",
      `INSERT INTO ${s}.streams (stream_id, version, created_at, updated_at, position)
       VALUES ($1, 0, now(), now(), 0) ON CONFLICT (stream_id) DO NOTHING RETURNING version`,
    ),
    command: sql(
      "command",
      `SELECT e.version, e.type, e.data, e.at, e.command_id
       FROM ${s}.commands c
       JOIN ${s}.events e ON e.stream_id = c.stream_id
         AND e.version BETWEEN c.first_version AND c.last_version
       WHERE c.stream_id = $1 AND c.command_id = $2 ORDER BY e.version`,
    ),
    readAfter: sql(
      "read",
      `SELECT ${eventColumns} FROM ${s}.events
       WHERE stream_id = $1 AND version > $2 ORDER BY version`,
    ),
    version: sql("version", `SELECT version FROM ${s}.streams WHERE stream_id = $1`),
    list: sql(
      "list",
      `SELECT stream_id, version, created_at, updated_at FROM ${s}.streams
       WHERE starts_with(stream_id, $1) ORDER BY position DESC LIMIT $2`,
    ),
    // One round trip for the events, the command and the stream row.
    write: sql(
      "write",
      `WITH written AS (
         INSERT INTO ${s}.events (stream_id, version, type, data, at, command_id)
         SELECT $1, $2::integer + e.n, e.type, e.data::jsonb, now(), $5::text
         FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS e(type, data, n)
       ), command AS (
         INSERT INTO ${s}.commands (stream_id, command_id, first_version, last_version)
         SELECT $1, $5::text, $2::integer + 1, $2::integer + $6::integer WHERE $5::text IS NOT NULL
       )
       UPDATE ${s}.streams
       SET version = $2::integer + $6::integer, updated_at = now(),
           position = nextval(${pg().escapeLiteral(`${s}.streams_position_seq`)})
       WHERE stream_id = $1
       RETURNING updated_at AS at`,
    ),
  };
}

async function lockStream(
  client: PoolClient,
  q: ReturnType<typeof queries>,
  streamId: string,
): Promise<number | null> {
  const result = await client.query<{ version: number }>(q.lock([streamId]));
  return result.rows[0]?.version ?? null;
}

function toEvent(streamId: string, row: EventRow): StoredEvent {
  return {
    streamId,
    version: row.version,
    type: row.type,
    data: row.data,
    at: row.at.toISOString(),
    commandId: row.command_id,
  };
}

async function migrate(pool: Pool, schema: string): Promise<void> {
  const s = pg().escapeIdentifier(schema);
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    // Several processes may start at once; one migrates, the others then find it done.
    await client.query(
      "SELECT pg_advisory_xact_lock(hashtext('maumau-event-store'), hashtext($1))",
      [schema],
    );
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${s}.schema_version (
         version integer NOT NULL PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const found = await client.query<{ version: number }>(
      `SELECT coalesce(max(version), 0) AS version FROM ${s}.schema_version`,
    );
    const current = found.rows[0]?.version ?? 0;
    if (current > MIGRATIONS.length) {
      throw new Error(
        `event store schema version ${current} is newer than this server knows (${MIGRATIONS.length})`,
      );
    }
    for (const [index, migration] of MIGRATIONS.slice(current).entries()) {
      await client.query(migration(s));
      await client.query(`INSERT INTO ${s}.schema_version (version) VALUES ($1)`, [
        current + index + 1,
      ]);
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

import { DEFAULT_SQLITE_PATH } from "../paths.js";
import type { Logger } from "pino";
import type { EventStore } from "./EventStore.js";
import { PostgresEventStore } from "./postgres.js";
import { SqliteEventStore } from "./sqlite.js";

export * from "./EventStore.js";
export { MAX_ID_LENGTH, StoreClosedError } from "./common.js";
export { MemoryEventStore } from "./memory.js";
export { PostgresEventStore, type PostgresOptions } from "./postgres.js";
export { SqliteEventStore, type SqliteOptions } from "./sqlite.js";

/** The part of the server's Config the store reads (the full Config fits). */
export interface EventStoreConfig {
  /** PostgreSQL connection string; when absent or null the SQLite file is used. */
  readonly databaseUrl?: string | null;
  /** The SQLite file (or `":memory:"`); absent or null = `defaultSqlitePath()`. */
  readonly sqlitePath?: string | null;
  /** See SqliteOptions.synchronous (default FULL). */
  readonly sqliteSynchronous?: "FULL" | "NORMAL";
  /** The PostgreSQL schema for the store's tables; absent or null = `public`. */
  readonly databaseSchema?: string | null;
}

/** `<repo>/data/maumau.sqlite`, whatever the working directory (`paths.ts`). */
export function defaultSqlitePath(): string {
  return DEFAULT_SQLITE_PATH;
}

/** Opens PostgreSQL when `databaseUrl` is set, else the SQLite file. */
export async function createEventStore(
  config: EventStoreConfig,
  logger: Logger,
): Promise<EventStore> {
  if (config.databaseUrl) {
    const store = await PostgresEventStore.open(config.databaseUrl, {
      schema: config.databaseSchema ?? undefined,
      logger,
    });
    logger.info(
      {
        store: "postgres",
        url: redact(config.databaseUrl),
        schema: config.databaseSchema ?? "public",
      },
      "event store: PostgreSQL",
    );
    return store;
  }
  const path = config.sqlitePath ?? defaultSqlitePath();
  const synchronous = config.sqliteSynchronous ?? "FULL";
  const store = SqliteEventStore.open(path, { logger, synchronous });
  logger.info({ store: "sqlite", path, synchronous }, "event store: SQLite");
  return store;
}

/** Which store a configuration opens, for the start-up line (no password). */
export function storeDescription(config: EventStoreConfig): string {
  if (config.databaseUrl)
    return `PostgreSQL ${redact(config.databaseUrl)} (schema ${config.databaseSchema ?? "public"})`;
  return `SQLite ${config.sqlitePath ?? defaultSqlitePath()}`;
}

/** The URL without its password, for logs. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable URL)";
  }
}

import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { pino, type Logger } from "pino";
import { createClient } from "redis";
import { createServer } from "../app.js";
import { defaultConfig, type Config } from "../config.js";
import { startServer, type RunningServer } from "../startServer.js";
import type { EventStore } from "../store/EventStore.js";
import { PostgresEventStore } from "../store/postgres.js";
import { SqliteEventStore } from "../store/sqlite.js";

export { PostgresEventStore };
export { pause, waitFor } from "./wait.js";
export { playServerMatch } from "./playServerMatch.js";
export { playedOut } from "./playedOut.js";

export interface Running {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * `DATABASE_URL` and `REDIS_URL` for a test of several server processes sharing one PostgreSQL
 * and one Redis; `null` when either is unset, after printing why `test` is skipped.
 */
export function scaleOutServices(
  test: string,
  what: string,
): { readonly databaseUrl: string; readonly redisUrl: string } | null {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (databaseUrl && redisUrl) return { databaseUrl, redisUrl };
  const missing = [databaseUrl ? null : "DATABASE_URL", redisUrl ? null : "REDIS_URL"];
  console.warn(`${test} skipped: ${missing.filter(Boolean).join(" and ")} not set; ${what}`);
  return null;
}

export const silentLogger = (): Logger => pino({ level: "silent" });

/**
 * The test configuration: loopback, ephemeral port, no bot delay. Every test client comes from
 * 127.0.0.1, so the per-client limits are lifted; `security/limits.test.ts` sets its own.
 */
export const testConfig = (overrides: Partial<Config> = {}): Config =>
  defaultConfig({
    port: 0,
    host: "127.0.0.1",
    webDist: "/nonexistent",
    logLevel: "silent",
    botDelayMs: 0,
    commandRate: 10_000,
    httpRate: 1_000_000,
    maxSocketsPerClient: 100_000,
    maxOpenMatchesPerClient: 1_000_000,
    maxOpenMatches: 1_000_000,
    ...overrides,
  });

/** Starts the real server (no store: files, health and variants only) on an ephemeral port. */
export async function startTestServer(webDist: string): Promise<Running> {
  const server = createServer(testConfig({ webDist }), silentLogger());
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((done, fail) => {
        server.close((error) => (error ? fail(error) : done()));
        server.closeIdleConnections();
      }),
  };
}

export interface TestApi extends RunningServer {
  /** Closes the server and removes its temporary SQLite file. */
  stop(): Promise<void>;
}

/** A temporary SQLite file in its own directory; `remove()` deletes both. */
export async function tempSqlite(): Promise<{ path: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "maumau-store-"));
  return {
    path: join(dir, "events.sqlite"),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The whole server (tRPC, socket.io, matches) on a temporary SQLite file, or on `store`. */
export async function startTestApi(
  overrides: Partial<Config> = {},
  store?: EventStore,
): Promise<TestApi> {
  const file = store === undefined ? await tempSqlite() : null;
  const running = await startServer({
    config: testConfig(overrides),
    logger: silentLogger(),
    store: store ?? SqliteEventStore.open(file!.path),
    shutdownGraceMs: 2000,
  });
  return {
    ...running,
    stop: async () => {
      await running.close();
      await file?.remove();
    },
  };
}

/** A GET whose path is sent as written; fetch would resolve `..` before sending it. */
export function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: "127.0.0.1", port, path, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", fail);
    req.end();
  });
}

/** Drops a PostgreSQL schema a test created (`DATABASE_SCHEMA` / `PostgresEventStore.open`). */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
  } finally {
    await client.end();
  }
}

/** Deletes the Redis keys under a test's `REDIS_PREFIX` (the adapter's stream and sessions). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const client = createClient({ url });
  await client.connect();
  try {
    const keys = await client.keys(`${prefix}:*`);
    if (keys.length > 0) await client.del(keys);
  } finally {
    await client.close();
  }
}

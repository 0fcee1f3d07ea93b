import { isAbsolute, resolve } from "node:path";
import { z } from "zod";

import { DEFAULT_WEB_DIST } from "./paths.js";

export { DEFAULT_WEB_DIST };

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Absolute path of the built web client. */
  readonly webDist: string;
  readonly logLevel: LogLevel;
  /** PostgreSQL connection string; the SQLite file is used when it is absent. */
  readonly databaseUrl: string | null;
  /** The PostgreSQL schema of the store's tables; null = `public`. */
  readonly databaseSchema: string | null;
  /** Redis for the socket.io streams adapter, so that several processes share the load. */
  readonly redisUrl: string | null;
  /** Names the adapter's Redis stream and channels, so that deployments can share one Redis. */
  readonly redisPrefix: string;
  /** The SQLite file; null = the store's default path. */
  readonly sqlitePath: string | null;
  /**
   * SQLite's `synchronous`: FULL fsyncs every commit (an acknowledged move survives a power cut),
   * NORMAL only at checkpoints (it survives a process kill, not an OS crash).
   */
  readonly sqliteSynchronous: "FULL" | "NORMAL";
  /** How long a server bot waits before it acts, so that people can follow. */
  readonly botDelayMs: number;
  /** Worker threads in which search bots think (off the event loop). */
  readonly botThreads: number;
  /** A search bot's budget per move: playouts and milliseconds, whichever ends first. */
  readonly searchPlayouts: number;
  readonly searchMs: number;
  /** How long a disconnected seat is held before a bot plays it. */
  readonly graceMs: number;
  /** A client further behind than this many events gets a full view instead of the events. */
  readonly catchUpLimit: number;
  /** Largest HTTP body and socket.io message, in bytes. */
  readonly maxPayloadBytes: number;
  /** Socket messages per second (token bucket, burst of the same size). */
  readonly commandRate: number;
  /** HTTP API requests per second per client (its address; token bucket, burst twice that). */
  readonly httpRate: number;
  /** Procedures in one batched tRPC HTTP request. */
  readonly maxBatch: number;
  /** socket.io connections open at once per client address. */
  readonly maxSocketsPerClient: number;
  /** Matches not yet over that one client (address) may have created. */
  readonly maxOpenMatchesPerClient: number;
  /** Matches not yet over on this server, in all. */
  readonly maxOpenMatches: number;
  /**
   * Matches kept in memory; beyond it the least recently used idle ones are dropped, and of the
   * idle finished ones it keeps at most a tenth of it.
   */
  readonly matchCacheSize: number;
  /** Bots stop after this long with no human at the table and nobody watching. */
  readonly unwatchedMs: number;
  /** A lobby nobody joined, left, watched or asked about for this long closes. */
  readonly lobbyIdleMs: number;
  /** Saved rule set names one client (address) saved first and has not deleted. */
  readonly maxRuleSetsPerClient: number;
  /** Saved rule set names in the store, in all (deleted ones too). */
  readonly maxRuleSets: number;
  /** Versions (and deletes) one saved rule set name holds. */
  readonly maxRuleSetVersions: number;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  readonly trustProxy: boolean;
  /** Origins besides the server's own that may POST and open sockets. */
  readonly allowedOrigins: readonly string[];
  /** Origins that get CORS headers; empty = CORS off. */
  readonly corsOrigins: readonly string[];
  /** The origin people reach the server under (`https://maumau.example`); null = not set. */
  readonly publicOrigin: string | null;
  /**
   * Host names the `Host` header may name besides loopback names, IP addresses and the public
   * origin's host; `["*"]` = any (the check is off).
   */
  readonly allowedHosts: readonly string[];
  /** A second port that serves only `GET /metrics` (Prometheus); null = none. */
  readonly metricsPort: number | null;
  /** The address the metrics port binds to; null = `host`. */
  readonly metricsHost: string | null;
  /** The bearer token `/metrics` asks for; with it, the main port serves `/metrics` too. */
  readonly metricsToken: string | null;
  /** SIGTERM: how long the drain may take before open connections are cut (exit code 1). */
  readonly shutdownGraceMs: number;
  /**
   * How long a request's head may take to arrive (Node's `headersTimeout`): a client that sends
   * it slowly (slowloris) is answered 408 and closed. At most `requestTimeoutMs`.
   */
  readonly headersTimeoutMs: number;
  /** How long a whole request (head and body) may take to arrive (Node's `requestTimeout`). */
  readonly requestTimeoutMs: number;
  /**
   * How far V8 lets the old generation grow past what the last full collection kept, in percent
   * (V8's `--heap-growing-percent`); 0 = V8's own factor, up to 4× when collections are cheap.
   * Less growth is less RSS for more collections; 100 (2×) kept RSS 75-110 MB lower than V8's
   * own at about the same CPU (apps/server/BENCHMARKS.md). Set by the process entry
   * (`main.ts`), not by `startServer`: it is the whole process's.
   */
  readonly heapGrowthPercent: number;
}

// An empty variable (`PORT=` in a .env or compose file) means "not set", not "invalid".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema);

const whole = (fallback: number, min: number, max: number) =>
  optional(
    z
      .string()
      .trim()
      .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(min, `must be a whole number from ${min} to ${max}`)
          .max(max, `must be a whole number from ${min} to ${max}`),
      )
      .default(fallback),
  );

const text = () => optional(z.string().trim().optional());

/** A comma-separated list of origins (`https://example.org`), each normalised. */
const origins = () =>
  optional(
    z
      .string()
      .transform((value, ctx) => {
        const out: string[] = [];
        for (const item of value
          .split(",")
          .map((s) => s.trim())
          .filter((s) => s !== "")) {
          let origin: string | null = null;
          try {
            const url = new URL(item);
            if (url.origin !== "null" && (url.pathname === "/" || url.pathname === "")) {
              origin = url.origin;
            }
          } catch {
            origin = null;
          }
          if (origin === null) {
            ctx.addIssue({ code: "custom", message: `not an origin: ${item}` });
            return z.NEVER;
          }
          out.push(origin);
        }
        return out;
      })
      .default([]),
  );

/** A comma-separated list of host names (`games.lan, mau.example`), lower case; `*` = any. */
const hostNames = () =>
  optional(
    z
      .string()
      .transform((value, ctx) => {
        const out: string[] = [];
        for (const item of value
          .split(",")
          .map((s) => s.trim().toLowerCase().replace(/\.$/, ""))
          .filter((s) => s !== "")) {
          if (
            item !== "*" &&
            !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(item)
          ) {
            ctx.addIssue({ code: "custom", message: `not a host name: ${item}` });
            return z.NEVER;
          }
          out.push(item);
        }
        return out;
      })
      .default([]),
  );

const envSchema = z.object({
  PORT: optional(
    z
      .string()
      .trim()
      .regex(/^\d+$/, "must be a whole number from 0 to 65535")
      .transform(Number)
      .pipe(z.number().int().min(0).max(65535, "must be a whole number from 0 to 65535"))
      .default(3000),
  ),
  HOST: optional(z.string().trim().default("0.0.0.0")),
  WEB_DIST: optional(
    z
      .string()
      .trim()
      .transform((p) => (isAbsolute(p) ? p : resolve(p)))
      .default(DEFAULT_WEB_DIST),
  ),
  LOG_LEVEL: optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }))
      .default("info"),
  ),
  DATABASE_URL: text(),
  DATABASE_SCHEMA: optional(
    z
      .string()
      .trim()
      .regex(
        /^[A-Za-z_][A-Za-z0-9_]{0,62}$/,
        "must be a PostgreSQL identifier (letters, digits, _)",
      )
      .optional(),
  ),
  REDIS_URL: text(),
  REDIS_PREFIX: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, "must be 1 to 64 letters, digits or _ . : -")
      .default("maumau"),
  ),
  SQLITE_PATH: optional(
    z
      .string()
      .trim()
      .transform((p) => (p === ":memory:" || isAbsolute(p) ? p : resolve(p)))
      .optional(),
  ),
  SQLITE_SYNCHRONOUS: optional(
    z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(["FULL", "NORMAL"], { error: "must be FULL or NORMAL" }))
      .default("FULL"),
  ),
  BOT_DELAY_MS: whole(600, 0, 60_000),
  GRACE_MS: whole(30_000, 0, 3_600_000),
  CATCH_UP_LIMIT: whole(200, 1, 100_000),
  MAX_PAYLOAD_BYTES: whole(64 * 1024, 1024, 16 * 1024 * 1024),
  COMMAND_RATE: whole(20, 1, 100_000),
  HTTP_RATE: whole(50, 1, 1_000_000),
  MAX_BATCH: whole(10, 1, 1_000),
  MAX_SOCKETS_PER_CLIENT: whole(32, 1, 100_000),
  MAX_OPEN_MATCHES_PER_CLIENT: whole(20, 1, 1_000_000),
  MAX_OPEN_MATCHES: whole(5_000, 1, 10_000_000),
  MATCH_CACHE_SIZE: whole(2_000, 10, 10_000_000),
  UNWATCHED_MS: whole(60_000, 0, 86_400_000),
  LOBBY_IDLE_MS: whole(1_800_000, 1_000, 604_800_000),
  MAX_RULE_SETS_PER_CLIENT: whole(50, 1, 1_000_000),
  MAX_RULE_SETS: whole(5_000, 1, 10_000_000),
  MAX_RULE_SET_VERSIONS: whole(100, 1, 1_000_000),
  BOT_THREADS: whole(1, 1, 64),
  SEARCH_PLAYOUTS: whole(200, 1, 1_000_000),
  SEARCH_MS: whole(300, 1, 60_000),
  TRUST_PROXY: optional(z.enum(["true", "false", "1", "0"]).default("false")),
  ALLOWED_ORIGINS: origins(),
  CORS_ORIGINS: origins(),
  PUBLIC_ORIGIN: origins().refine((list) => list.length <= 1, "must be one origin"),
  ALLOWED_HOSTS: hostNames(),
  METRICS_PORT: optional(
    z
      .string()
      .trim()
      .regex(/^\d+$/, "must be a whole number from 0 to 65535")
      .transform(Number)
      .pipe(z.number().int().min(0).max(65535, "must be a whole number from 0 to 65535"))
      .optional(),
  ),
  METRICS_HOST: text(),
  METRICS_TOKEN: optional(
    z
      .string()
      .trim()
      .regex(/^[\x21-\x7e]{16,256}$/, "must be 16 to 256 printable characters without spaces")
      .optional(),
  ),
  SHUTDOWN_GRACE_MS: whole(10_000, 0, 600_000),
  HEADERS_TIMEOUT_MS: whole(10_000, 100, 600_000),
  REQUEST_TIMEOUT_MS: whole(30_000, 100, 3_600_000),
  HEAP_GROWTH_PERCENT: whole(100, 0, 1_000),
});

/** Every environment variable the server reads (the schema's keys). */
export type Variable = keyof typeof envSchema.shape;
export const VARIABLES = Object.keys(envSchema.shape) as Variable[];

/** Thrown for an invalid environment; its message names every bad variable. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(readonly problems: readonly { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join("\n")}`,
    );
  }
}

/** Every default, for tests and embedders that build a Config by hand. */
export const defaultConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({}),
  ...overrides,
});

/** Reads the server's configuration from the environment, filling defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(
    Object.fromEntries(VARIABLES.map((name) => [name, env[name]])),
  );
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? "environment"),
        message: `${issue.message} (got ${JSON.stringify(env[String(issue.path[0])] ?? null)})`,
      })),
    );
  }
  const d = result.data;
  // Node refuses a head timeout longer than the whole request's.
  if (d.HEADERS_TIMEOUT_MS > d.REQUEST_TIMEOUT_MS) {
    throw new ConfigError([
      {
        variable: "HEADERS_TIMEOUT_MS",
        message: `must not exceed REQUEST_TIMEOUT_MS (${d.REQUEST_TIMEOUT_MS}) (got ${d.HEADERS_TIMEOUT_MS})`,
      },
    ]);
  }
  return {
    port: d.PORT,
    host: d.HOST,
    webDist: d.WEB_DIST,
    logLevel: d.LOG_LEVEL,
    databaseUrl: d.DATABASE_URL ?? null,
    databaseSchema: d.DATABASE_SCHEMA ?? null,
    redisUrl: d.REDIS_URL ?? null,
    redisPrefix: d.REDIS_PREFIX,
    sqlitePath: d.SQLITE_PATH ?? null,
    sqliteSynchronous: d.SQLITE_SYNCHRONOUS,
    botDelayMs: d.BOT_DELAY_MS,
    graceMs: d.GRACE_MS,
    catchUpLimit: d.CATCH_UP_LIMIT,
    maxPayloadBytes: d.MAX_PAYLOAD_BYTES,
    commandRate: d.COMMAND_RATE,
    httpRate: d.HTTP_RATE,
    maxBatch: d.MAX_BATCH,
    maxSocketsPerClient: d.MAX_SOCKETS_PER_CLIENT,
    maxOpenMatchesPerClient: d.MAX_OPEN_MATCHES_PER_CLIENT,
    maxOpenMatches: d.MAX_OPEN_MATCHES,
    matchCacheSize: d.MATCH_CACHE_SIZE,
    unwatchedMs: d.UNWATCHED_MS,
    lobbyIdleMs: d.LOBBY_IDLE_MS,
    maxRuleSetsPerClient: d.MAX_RULE_SETS_PER_CLIENT,
    maxRuleSets: d.MAX_RULE_SETS,
    maxRuleSetVersions: d.MAX_RULE_SET_VERSIONS,
    botThreads: d.BOT_THREADS,
    searchPlayouts: d.SEARCH_PLAYOUTS,
    searchMs: d.SEARCH_MS,
    trustProxy: d.TRUST_PROXY === "true" || d.TRUST_PROXY === "1",
    allowedOrigins: d.ALLOWED_ORIGINS,
    corsOrigins: d.CORS_ORIGINS,
    publicOrigin: d.PUBLIC_ORIGIN[0] ?? null,
    allowedHosts: d.ALLOWED_HOSTS,
    metricsPort: d.METRICS_PORT ?? null,
    metricsHost: d.METRICS_HOST ?? null,
    metricsToken: d.METRICS_TOKEN ?? null,
    shutdownGraceMs: d.SHUTDOWN_GRACE_MS,
    headersTimeoutMs: d.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: d.REQUEST_TIMEOUT_MS,
    heapGrowthPercent: d.HEAP_GROWTH_PERCENT,
  };
}

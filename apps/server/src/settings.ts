import { defaultConfig, type Config, type Variable } from "./config.js";

/** One setting as operators read it: the variable, the Config field it fills, what it does. */
export interface Setting {
  readonly key: keyof Config;
  readonly help: string;
  /** The default as written in the docs, where the value itself depends on the machine. */
  readonly shown?: string;
}

/**
 * Every environment variable with its meaning, in the order of the docs. Typed by the schema's
 * keys, so a new variable without an entry here does not compile; `settings.test.ts` checks the
 * table in apps/server/README.md against `settingsMarkdown()` and the defaults against
 * `loadConfig({})`.
 */
export const SETTINGS: Readonly<Record<Variable, Setting>> = {
  PORT: { key: "port", help: "the HTTP, tRPC and socket.io port (0 = any free port)" },
  HOST: { key: "host", help: "the address to bind (0.0.0.0 = every interface)" },
  WEB_DIST: { key: "webDist", help: "the built web client it serves", shown: "apps/web/dist" },
  LOG_LEVEL: {
    key: "logLevel",
    help: "pino level: fatal, error, warn, info, debug, trace, silent",
  },
  DATABASE_URL: { key: "databaseUrl", help: "PostgreSQL connection string; else the SQLite file" },
  DATABASE_SCHEMA: {
    key: "databaseSchema",
    help: "the PostgreSQL schema of the store's tables (created if missing)",
    shown: "public",
  },
  SQLITE_PATH: {
    key: "sqlitePath",
    help: "the SQLite file (`:memory:` = none)",
    shown: "<repo>/data/maumau.sqlite",
  },
  SQLITE_SYNCHRONOUS: {
    key: "sqliteSynchronous",
    help: "FULL fsyncs every commit (a move survives a power cut); NORMAL only at checkpoints (a process kill, not an OS crash): less latency",
  },
  REDIS_URL: {
    key: "redisUrl",
    help: "the socket.io Redis streams adapter: several processes share the load",
  },
  REDIS_PREFIX: {
    key: "redisPrefix",
    help: "names the adapter's stream and channels (deployments sharing one Redis)",
  },
  BOT_DELAY_MS: { key: "botDelayMs", help: "how long a server bot waits before it acts" },
  GRACE_MS: { key: "graceMs", help: "how long a disconnected seat is held before a bot plays it" },
  CATCH_UP_LIMIT: {
    key: "catchUpLimit",
    help: "events; a client further behind gets a full snapshot",
  },
  MAX_PAYLOAD_BYTES: {
    key: "maxPayloadBytes",
    help: "largest HTTP body (413) and socket.io message (disconnect)",
  },
  COMMAND_RATE: {
    key: "commandRate",
    help: "socket messages per second per socket (token bucket) → RATE_LIMITED",
  },
  HTTP_RATE: {
    key: "httpRate",
    help: "/trpc requests per second per client address (burst 2×) → 429 RATE_LIMITED",
  },
  MAX_BATCH: {
    key: "maxBatch",
    help: "procedures in one batched tRPC request → 429 LIMIT, none of them run",
  },
  MAX_SOCKETS_PER_CLIENT: {
    key: "maxSocketsPerClient",
    help: "socket.io connections at once per client address → connect_error LIMIT; engine.io connections (joined or not) at most 2× this → handshake 403",
  },
  MAX_OPEN_MATCHES_PER_CLIENT: {
    key: "maxOpenMatchesPerClient",
    help: "matches not yet over (nor closed in the lobby) that one client address created (a rematch: the one that asked for it) → LIMIT",
  },
  MAX_OPEN_MATCHES: {
    key: "maxOpenMatches",
    help: "matches not yet over (nor closed in the lobby) in this process (recounted every 250 ms) → LIMIT",
  },
  MAX_RULE_SETS_PER_CLIENT: {
    key: "maxRuleSetsPerClient",
    help: "saved rule set names one client address saved first and has not deleted → LIMIT",
  },
  MAX_RULE_SETS: {
    key: "maxRuleSets",
    help: "saved rule set names in the store, deleted ones too (their versions stay) → LIMIT",
  },
  MAX_RULE_SET_VERSIONS: {
    key: "maxRuleSetVersions",
    help: "versions (and deletes) one saved rule set name holds → LIMIT",
  },
  MATCH_CACHE_SIZE: {
    key: "matchCacheSize",
    help: "matches kept in memory, idle finished ones up to a tenth; least recently used idle ones go",
  },
  UNWATCHED_MS: {
    key: "unwatchedMs",
    help: "bots stop when no human sits at the table and nobody watched for this long; turn timeouts when nobody watched or asked",
  },
  LOBBY_IDLE_MS: {
    key: "lobbyIdleMs",
    help: "a lobby nobody joined, left, watched or asked about for this long closes (unlisted, off every cap)",
  },
  BOT_THREADS: {
    key: "botThreads",
    help: "worker threads in which search bots think (started with the first search move)",
  },
  SEARCH_PLAYOUTS: { key: "searchPlayouts", help: "a search bot's playouts per move (at most)" },
  SEARCH_MS: { key: "searchMs", help: "a search bot's milliseconds per move (at most)" },
  TRUST_PROXY: {
    key: "trustProxy",
    help: "take the client address from X-Forwarded-For (only behind your proxy)",
  },
  ALLOWED_ORIGINS: {
    key: "allowedOrigins",
    help: "more origins for tRPC POSTs and the socket handshake (comma-separated); same origin always",
  },
  CORS_ORIGINS: {
    key: "corsOrigins",
    help: "CORS headers (and preflights) for these origins (comma-separated); off when empty",
  },
  PUBLIC_ORIGIN: {
    key: "publicOrigin",
    help: "the origin people open (https://maumau.example): its host is served, it may POST and open sockets",
  },
  ALLOWED_HOSTS: {
    key: "allowedHosts",
    help: "more host names the Host header may carry (games.lan,mau-box.local); * = any (check off)",
  },
  METRICS_PORT: {
    key: "metricsPort",
    help: "a second port serving only GET /metrics (Prometheus); off when unset",
  },
  METRICS_HOST: {
    key: "metricsHost",
    help: "the address the metrics port binds to (a private address, so Prometheus on another host can scrape it)",
    shown: "127.0.0.1",
  },
  METRICS_TOKEN: {
    key: "metricsToken",
    help: "bearer token for /metrics (16+ characters); set, the main port serves /metrics too",
  },
  SHUTDOWN_GRACE_MS: {
    key: "shutdownGraceMs",
    help: "SIGTERM: the drain's bound; connections still open then are cut (exit code 1)",
  },
  HEADERS_TIMEOUT_MS: {
    key: "headersTimeoutMs",
    help: "a request's head must arrive within this (slowloris) → 408, connection closed; at most REQUEST_TIMEOUT_MS",
  },
  REQUEST_TIMEOUT_MS: {
    key: "requestTimeoutMs",
    help: "a whole request (head and body; not the answer, not a socket) must arrive within this → 408",
  },
  HEAP_GROWTH_PERCENT: {
    key: "heapGrowthPercent",
    help: "old-generation growth past the last full GC, in %: less is less RSS, more GC; 0 = V8's own",
  },
};

/** A default as the docs show it. */
function shownDefault(name: Variable, defaults: Config): string {
  const setting = SETTINGS[name];
  if (setting.shown !== undefined) return setting.shown;
  const value = defaults[setting.key];
  if (value === null || (Array.isArray(value) && value.length === 0)) return "–";
  return Array.isArray(value) ? value.join(",") : String(value);
}

/** Every setting as rows: variable, default, meaning. */
export function settingRows(): { name: Variable; shown: string; help: string }[] {
  const defaults = defaultConfig();
  return (Object.keys(SETTINGS) as Variable[]).map((name) => ({
    name,
    shown: shownDefault(name, defaults),
    help: SETTINGS[name].help,
  }));
}

/** `node dist/main.js --help`. */
export function helpText(): string {
  const rows = settingRows();
  const width = Math.max(...rows.map((r) => r.name.length));
  const shownWidth = Math.max(...rows.map((r) => r.shown.length));
  return [
    "maumau-server: the Mau Mau server (HTTP, tRPC, socket.io, /metrics).",
    "",
    "Usage: node apps/server/dist/main.js   (npm start; settings from the environment)",
    "       node apps/server/dist/main.js --help   (npm start -- --help)",
    "",
    "SIGTERM or SIGINT drains: no new connections, queued commands finish, sockets are told to",
    "reconnect (`shutdown`) and closed, within SHUTDOWN_GRACE_MS; exit code 0 when clean.",
    "",
    `${"variable".padEnd(width)}  ${"default".padEnd(shownWidth)}  meaning`,
    ...rows.map((r) => `${r.name.padEnd(width)}  ${r.shown.padEnd(shownWidth)}  ${r.help}`),
    "",
  ].join("\n");
}

/** The settings table of apps/server/README.md (between its `settings` markers). */
export function settingsMarkdown(): string {
  const rows = settingRows().map((r) => [
    `\`${r.name}\``,
    r.shown === "–" ? "–" : `\`${r.shown}\``,
    r.help.replace(/\|/g, "\\|"),
  ]);
  const header = ["variable", "default", "meaning"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(header), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rows.map(line)]
    .join("\n")
    .concat("\n");
}

export const SETTINGS_START =
  "<!-- settings: generated by `pnpm -F @maumau/server docs:settings` -->";
export const SETTINGS_END = "<!-- /settings -->";

/** README text with its settings table replaced by the current one. */
export function withSettingsTable(readme: string): string {
  const start = readme.indexOf(SETTINGS_START);
  const end = readme.indexOf(SETTINGS_END);
  if (start < 0 || end < start) throw new Error("the README has no settings markers");
  return `${readme.slice(0, start + SETTINGS_START.length)}\n\n${settingsMarkdown()}\n${readme.slice(end)}`;
}

import { isAbsolute, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_WEB_DIST, loadConfig } from "./config.js";

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems.map((p) => p.variable);
  }
  throw new Error("expected a ConfigError");
};

describe("loadConfig", () => {
  it("fills every default from an empty environment", () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: "0.0.0.0",
      webDist: DEFAULT_WEB_DIST,
      logLevel: "info",
      databaseUrl: null,
      databaseSchema: null,
      redisUrl: null,
      redisPrefix: "maumau",
      sqlitePath: null,
      botDelayMs: 600,
      graceMs: 30_000,
      catchUpLimit: 200,
      maxPayloadBytes: 65_536,
      commandRate: 20,
      httpRate: 50,
      maxBatch: 10,
      maxSocketsPerClient: 32,
      maxOpenMatchesPerClient: 20,
      maxOpenMatches: 5_000,
      matchCacheSize: 2_000,
      unwatchedMs: 60_000,
      lobbyIdleMs: 1_800_000,
      maxRuleSetsPerClient: 50,
      maxRuleSets: 5_000,
      maxRuleSetVersions: 100,
      botThreads: 1,
      searchPlayouts: 200,
      searchMs: 300,
      trustProxy: false,
      allowedOrigins: [],
      corsOrigins: [],
      publicOrigin: null,
      allowedHosts: [],
      metricsPort: null,
      metricsHost: null,
      metricsToken: null,
      shutdownGraceMs: 10_000,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      heapGrowthPercent: 100,
      sqliteSynchronous: "FULL",
    });
  });

  it("finds apps/web/dist from its own source file", () => {
    expect(isAbsolute(DEFAULT_WEB_DIST)).toBe(true);
    expect(DEFAULT_WEB_DIST).toBe(resolve(import.meta.dirname, "../../web/dist"));
    expect(DEFAULT_WEB_DIST.endsWith(join("apps", "web", "dist"))).toBe(true);
  });

  it("reads the variables it is given", () => {
    expect(
      loadConfig({ PORT: "0", HOST: "127.0.0.1", WEB_DIST: "/srv/web", LOG_LEVEL: "DEBUG" }),
    ).toMatchObject({ port: 0, host: "127.0.0.1", webDist: "/srv/web", logLevel: "debug" });
  });

  it("resolves a relative WEB_DIST against the working directory", () => {
    expect(loadConfig({ WEB_DIST: "some/dist" }).webDist).toBe(resolve("some/dist"));
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", HOST: " ", LOG_LEVEL: "" })).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      logLevel: "info",
    });
  });

  it.each([["abc"], ["-1"], ["65536"], ["3000.5"], ["80abc"]])("refuses PORT=%s", (port) => {
    expect(problemsOf({ PORT: port })).toEqual(["PORT"]);
  });

  it("refuses an unknown LOG_LEVEL", () => {
    expect(problemsOf({ LOG_LEVEL: "loud" })).toEqual(["LOG_LEVEL"]);
  });

  it("names every bad variable, with the value it got, in one error", () => {
    expect(() => loadConfig({ PORT: "x", LOG_LEVEL: "loud" })).toThrow(
      /PORT: .*"x"[\s\S]*LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent/,
    );
    expect(problemsOf({ PORT: "x", LOG_LEVEL: "loud" })).toEqual(["PORT", "LOG_LEVEL"]);
  });

  it("reads the HTTP timeouts and refuses a head timeout longer than the request's", () => {
    expect(loadConfig({ HEADERS_TIMEOUT_MS: "2000", REQUEST_TIMEOUT_MS: "5000" })).toMatchObject({
      headersTimeoutMs: 2000,
      requestTimeoutMs: 5000,
    });
    expect(problemsOf({ HEADERS_TIMEOUT_MS: "60000" })).toEqual(["HEADERS_TIMEOUT_MS"]);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: "60000" })).toThrow(
      /HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS \(30000\) \(got 60000\)/,
    );
    expect(problemsOf({ HEADERS_TIMEOUT_MS: "0" })).toEqual(["HEADERS_TIMEOUT_MS"]);
  });

  it("reads the operations variables", () => {
    expect(
      loadConfig({
        DATABASE_URL: "postgres://u:p@db/maumau",
        DATABASE_SCHEMA: "maumau_eu",
        REDIS_URL: "redis://cache:6379",
        REDIS_PREFIX: "maumau:staging",
        SQLITE_PATH: "data/maumau.db",
        SQLITE_SYNCHRONOUS: " normal",
        BOT_DELAY_MS: "0",
        GRACE_MS: "5000",
        CATCH_UP_LIMIT: "50",
        MAX_PAYLOAD_BYTES: "2048",
        COMMAND_RATE: "5",
        ALLOWED_ORIGINS: "https://maumau.example, http://localhost:5173/",
        CORS_ORIGINS: "https://app.example",
        PUBLIC_ORIGIN: "https://Mau.Example/",
        ALLOWED_HOSTS: "games.lan, Mau-Box.local.",
      }),
    ).toMatchObject({
      databaseUrl: "postgres://u:p@db/maumau",
      databaseSchema: "maumau_eu",
      redisUrl: "redis://cache:6379",
      redisPrefix: "maumau:staging",
      sqlitePath: resolve("data/maumau.db"),
      sqliteSynchronous: "NORMAL",
      botDelayMs: 0,
      graceMs: 5000,
      catchUpLimit: 50,
      maxPayloadBytes: 2048,
      commandRate: 5,
      allowedOrigins: ["https://maumau.example", "http://localhost:5173"],
      corsOrigins: ["https://app.example"],
      publicOrigin: "https://mau.example",
      allowedHosts: ["games.lan", "mau-box.local"],
    });
  });

  it.each([
    ["BOT_DELAY_MS", "-5"],
    ["GRACE_MS", "soon"],
    ["CATCH_UP_LIMIT", "0"],
    ["MAX_PAYLOAD_BYTES", "10"],
    ["COMMAND_RATE", "0"],
    ["ALLOWED_ORIGINS", "not a url"],
    ["CORS_ORIGINS", "https://x.example/path"],
    ["PUBLIC_ORIGIN", "https://a.example, https://b.example"],
    ["ALLOWED_HOSTS", "evil.example/path"],
    ["DATABASE_SCHEMA", "public; drop table x"],
    ["REDIS_PREFIX", "has space"],
    ["METRICS_PORT", "65536"],
    ["METRICS_TOKEN", "short"],
    ["SHUTDOWN_GRACE_MS", "-1"],
    ["HEAP_GROWTH_PERCENT", "1001"],
    ["HEAP_GROWTH_PERCENT", "1.5"],
    ["SQLITE_SYNCHRONOUS", "OFF"],
  ])("refuses %s=%s", (variable, value) => {
    expect(problemsOf({ [variable]: value })).toEqual([variable]);
  });
});

import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import {
  createEventStore,
  defaultSqlitePath,
  PostgresEventStore,
  SqliteEventStore,
} from "./index.js";
import { loadConfig } from "../config.js";

const logger = pino({ level: "silent" });
const dir = mkdtempSync(join(tmpdir(), "maumau-index-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("createEventStore", () => {
  it("defaults to data/maumau.sqlite under the repository root", () => {
    const path = defaultSqlitePath();
    expect(path.endsWith(join("data", "maumau.sqlite"))).toBe(true);
    expect(existsSync(join(dirname(dirname(path)), "pnpm-workspace.yaml"))).toBe(true);
  });

  it("opens SQLite when no database URL is set", async () => {
    const path = join(dir, "a", "store.sqlite");
    const store = await createEventStore({ databaseUrl: null, sqlitePath: path }, logger);
    try {
      expect(store).toBeInstanceOf(SqliteEventStore);
      await store.append("s", 0, [{ type: "x", data: 1 }]);
      expect(existsSync(path)).toBe(true);
    } finally {
      await store.close();
    }
  });

  it("opens SQLite with SQLITE_SYNCHRONOUS from the environment, FULL by default", async () => {
    const opened = async (env: Record<string, string>) => {
      const lines: string[] = [];
      const log = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
      const config = { ...loadConfig(env), sqlitePath: join(dir, randomUUID(), "s.sqlite") };
      const store = await createEventStore(config, log);
      await store.close();
      return lines.map((line) => JSON.parse(line) as { synchronous?: string });
    };
    expect(await opened({})).toContainEqual(expect.objectContaining({ synchronous: "FULL" }));
    expect(await opened({ SQLITE_SYNCHRONOUS: "normal" })).toContainEqual(
      expect.objectContaining({ synchronous: "NORMAL" }),
    );
  });

  const url = process.env.DATABASE_URL;
  if (!url) console.warn("createEventStore with PostgreSQL skipped: DATABASE_URL is not set");
  it.skipIf(!url)("opens PostgreSQL when a database URL is set", async () => {
    const schema = `es_index_${randomUUID().replaceAll("-", "")}`;
    const store = await createEventStore(
      { databaseUrl: url, sqlitePath: join(dir, "unused.sqlite"), databaseSchema: schema },
      logger,
    );
    try {
      expect(store).toBeInstanceOf(PostgresEventStore);
      await store.append("s", 0, [{ type: "x", data: 1 }]);
      expect(existsSync(join(dir, "unused.sqlite"))).toBe(false);
    } finally {
      await store.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
      await client.end();
    }
  });
});

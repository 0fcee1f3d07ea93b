import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { describeEventStoreContract } from "./contract.js";
import { MemoryEventStore } from "./memory.js";
import { PostgresEventStore } from "./postgres.js";
import { SqliteEventStore } from "./sqlite.js";

describeEventStoreContract("memory", () => new MemoryEventStore());

describe("sqlite", () => {
  const dir = mkdtempSync(join(tmpdir(), "maumau-store-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  describeEventStoreContract("sqlite file", () =>
    SqliteEventStore.open(join(dir, `store-${++n}.sqlite`)),
  );
  describeEventStoreContract("sqlite :memory:", () => SqliteEventStore.open(":memory:"));
});

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.warn("PostgreSQL event store contract skipped: DATABASE_URL is not set");
}

describe.skipIf(!databaseUrl)("postgres", () => {
  const url = databaseUrl ?? "";
  const schema = `es_contract_${randomUUID().replaceAll("-", "")}`;
  beforeAll(async () => {
    await (await PostgresEventStore.open(url, { schema })).close();
  });
  afterAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
    } finally {
      await client.end();
    }
  });
  describeEventStoreContract("postgres", () => PostgresEventStore.open(url, { schema }), {
    numRuns: 40,
  });
});

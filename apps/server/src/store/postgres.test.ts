import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { ConcurrencyError, type AppendResult, type EventStore } from "./EventStore.js";
import { PostgresEventStore } from "./postgres.js";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.warn("PostgreSQL event store tests skipped: DATABASE_URL is not set");
}

describe.skipIf(!databaseUrl)("PostgresEventStore", { timeout: 30_000 }, () => {
  const url = databaseUrl ?? "";
  const schemas: string[] = [];
  const freshSchema = () => {
    const schema = `es_test_${randomUUID().replaceAll("-", "")}`;
    schemas.push(schema);
    return schema;
  };
  const stores: EventStore[] = [];
  /** One store per call: its own pool, as a separate server process would have. */
  const open = async (schema: string) => {
    const store = await PostgresEventStore.open(url, { schema, maxConnections: 5 });
    stores.push(store);
    return store;
  };

  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const schema of schemas) {
        await client.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
      }
    } finally {
      await client.end();
    }
  });

  it("creates its schema once when several processes open it at the same time", async () => {
    const schema = freshSchema();
    const opened = await Promise.all([open(schema), open(schema), open(schema)]);
    await opened[0]?.append("s", 0, [{ type: "x", data: 1 }]);
    expect(await opened[2]?.version("s")).toBe(1);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const versions = await client.query<{ version: number }>(
        `SELECT version FROM ${pg.escapeIdentifier(schema)}.schema_version`,
      );
      expect(versions.rows).toEqual([{ version: 1 }]);
    } finally {
      await client.end();
    }
  });

  it("lets exactly one of two processes win a race on the same expected version", async () => {
    const schema = freshSchema();
    const [a, b] = [await open(schema), await open(schema)];
    for (const start of [0, 2]) {
      const s = `race/${start}`;
      if (start > 0)
        await a.append(
          s,
          0,
          [1, 2].map((n) => ({ type: "pre", data: n })),
        );
      const settled = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? a : b).append(s, start, [{ type: "w", data: i }]),
        ),
      );
      const won = settled.filter(
        (r): r is PromiseFulfilledResult<AppendResult> => r.status === "fulfilled",
      );
      expect(won).toHaveLength(1);
      for (const r of settled) {
        if (r.status === "rejected") {
          expect(r.reason).toBeInstanceOf(ConcurrencyError);
          expect(r.reason).toMatchObject({ expected: start, actual: start + 1 });
        }
      }
      expect(await b.version(s)).toBe(start + 1);
      expect((await a.read(s)).at(-1)?.data).toBe(won[0]?.value.events[0]?.data);
    }
  });

  it("writes a command once when two processes send it at the same time", async () => {
    const schema = freshSchema();
    const [a, b] = [await open(schema), await open(schema)];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? a : b).append("cmd", 0, [{ type: "x", data: i }], { commandId: "k" }),
      ),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    for (const r of results) expect(r.events).toEqual(results[0]?.events);
    expect(await a.version("cmd")).toBe(1);
  });

  it("keeps a stream gapless while two processes keep retrying appends to it", async () => {
    const schema = freshSchema();
    const writers = [await open(schema), await open(schema)];
    const perWriter = 40;
    await Promise.all(
      writers.map(async (store, w) => {
        for (let i = 0; i < perWriter;) {
          const version = await store.version("busy");
          try {
            await store.append("busy", version, [{ type: "w", data: { w, i } }]);
            i++;
          } catch (error) {
            if (!(error instanceof ConcurrencyError)) throw error;
          }
        }
      }),
    );
    const events = await writers[0]!.read("busy");
    expect(events.map((e) => e.version)).toEqual(
      Array.from({ length: 2 * perWriter }, (_, i) => i + 1),
    );
    for (const w of [0, 1]) {
      const mine = events.map((e) => e.data as { w: number; i: number }).filter((d) => d.w === w);
      expect(mine.map((d) => d.i)).toEqual(Array.from({ length: perWriter }, (_, i) => i));
    }
  });

  it("maps a unique violation from a writer that bypassed the lock to ConcurrencyError", async () => {
    const schema = freshSchema();
    const store = await open(schema);
    await store.append("s", 0, [{ type: "x", data: 1 }]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO ${pg.escapeIdentifier(schema)}.events (stream_id, version, type, data, at)
         VALUES ('s', 2, 'rogue', 'null', now())`,
      );
    } finally {
      await client.end();
    }
    await expect(store.append("s", 1, [{ type: "x", data: 2 }])).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    expect(await store.version("s")).toBe(1);
  });

  it("refuses a schema newer than it knows", async () => {
    const schema = freshSchema();
    await open(schema);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO ${pg.escapeIdentifier(schema)}.schema_version (version) VALUES (99)`,
      );
    } finally {
      await client.end();
    }
    await expect(PostgresEventStore.open(url, { schema })).rejects.toThrow(/schema version 99/);
  });
});

import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, bench, describe } from "vitest";
import type { EventStore, NewEvent } from "./EventStore.js";
import { MemoryEventStore } from "./memory.js";
import { PostgresEventStore } from "./postgres.js";
import { SqliteEventStore } from "./sqlite.js";

// About the size of a real move: who played what, the wish, the effect.
const event = (n: number): NewEvent => ({
  type: "cardPlayed",
  data: { seat: n % 4, card: "H7", wish: null, calls: ["mau"], effect: { draw: 2 }, n },
});

const dir = mkdtempSync(join(tmpdir(), "maumau-bench-"));
const databaseUrl = process.env.DATABASE_URL;
const schema = `es_bench_${randomUUID().replaceAll("-", "")}`;
if (!databaseUrl) console.warn("PostgreSQL benchmarks skipped: DATABASE_URL is not set");

const stores: [string, EventStore][] = [
  ["memory", new MemoryEventStore()],
  ["sqlite file, synchronous=FULL", SqliteEventStore.open(join(dir, "full.sqlite"))],
  [
    "sqlite file, synchronous=NORMAL",
    SqliteEventStore.open(join(dir, "normal.sqlite"), { synchronous: "NORMAL" }),
  ],
];
if (databaseUrl) stores.push(["postgres", await PostgresEventStore.open(databaseUrl, { schema })]);

for (const [, store] of stores) {
  await store.append(
    "read/200",
    0,
    Array.from({ length: 200 }, (_, i) => event(i)),
  );
}

afterAll(async () => {
  await Promise.all(stores.map(([, store]) => store.close()));
  rmSync(dir, { recursive: true, force: true });
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
    await client.end();
  }
});

for (const [name, store] of stores) {
  describe(name, () => {
    let version = 0;
    bench("append one event", async () => {
      version = (await store.append("append", version, [event(version)])).version;
    });
    bench("read a 200-event stream", async () => {
      await store.read("read/200");
    });
  });
}

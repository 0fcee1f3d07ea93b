import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, bench, describe } from "vitest";
import { SqliteEventStore } from "./sqlite.js";
import { batchWriter, configure, type WriteRequest } from "./sqliteWrite.mjs";

// The writer thread's own work per append, without the thread hop and without the fsync
// (synchronous=NORMAL, WAL): the statements a commit runs. Under load a batch holds the appends
// of one turn of the event loop: moves of different matches, each with its command id.
const dir = mkdtempSync(join(tmpdir(), "maumau-write-bench-"));
const path = join(dir, "write.sqlite");
// The store creates the schema; the benchmark then writes through a connection of its own, as
// the writer thread does.
await SqliteEventStore.open(path).close();
const db = new Database(path);
configure(db, { synchronous: "NORMAL", busyTimeoutMs: 1000 });
const write = batchWriter(db);

// About the size of a real move's event.
const json = JSON.stringify({ seat: 1, card: "H7", wish: null, calls: ["mau"], effect: null });
const versions = new Map<string, number>();
let commands = 0;

function batchOf(streams: number, events: number): WriteRequest[] {
  return Array.from({ length: streams }, (_, i) => {
    const streamId = `match/${i}`;
    return {
      streamId,
      expected: versions.get(streamId) ?? 0,
      commandId: `seat-${i % 4}:${commands++}`,
      events: Array.from({ length: events }, () => ({ type: "cardPlayed", json })),
    };
  });
}

function commit(batch: WriteRequest[]): void {
  const results = write(batch);
  results.forEach((result, i) => {
    if (result.kind !== "written") throw new Error(`append ${i}: ${JSON.stringify(result)}`);
    versions.set(batch[i]!.streamId, result.version);
  });
}

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("SQLite writer, one commit (WAL, synchronous=NORMAL)", () => {
  bench("one append of one event", () => commit(batchOf(1, 1)));
  bench("a batch of 8 appends (8 matches), one event each", () => commit(batchOf(8, 1)));
  bench("a batch of 8 appends (8 matches), three events each", () => commit(batchOf(8, 3)));
});

import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { SqliteEventStore } from "./sqlite.js";

const dir = mkdtempSync(join(tmpdir(), "maumau-sqlite-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const freshPath = () => join(dir, `t${++n}`, "nested", "store.sqlite");

describe("SqliteEventStore", () => {
  it("creates the directory, uses WAL and records the schema version", async () => {
    const path = freshPath();
    expect(existsSync(path)).toBe(false);
    const store = SqliteEventStore.open(path);
    await store.append("s", 0, [{ type: "x", data: 1 }]);
    await store.close();

    const db = new Database(path, { readonly: true });
    try {
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(db.prepare("SELECT version FROM schema_version").pluck().all()).toEqual([1]);
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .pluck()
        .all();
      expect(tables).toEqual(["commands", "events", "schema_version", "streams"]);
    } finally {
      db.close();
    }
  });

  it("keeps everything across close and reopen", async () => {
    const path = freshPath();
    const first = SqliteEventStore.open(path);
    const a = await first.append("game/1", 0, [
      { type: "created", data: { variant: "noris", seats: ["Ä", "🂡"] } },
      { type: "joined", data: { seat: 0 } },
    ]);
    await first.append("game/1", 2, [{ type: "played", data: "H7" }], { commandId: "c1" });
    await first.append("game/2", 0, [{ type: "created", data: null }]);
    await first.close();

    const second = SqliteEventStore.open(path);
    try {
      expect(await second.version("game/1")).toBe(3);
      const events = await second.read("game/1");
      expect(events.slice(0, 2)).toEqual(a.events);
      expect(events[2]).toMatchObject({ version: 3, type: "played", data: "H7", commandId: "c1" });
      const again = await second.append("game/1", 0, [{ type: "played", data: "H7" }], {
        commandId: "c1",
      });
      expect(again).toMatchObject({ duplicate: true, version: 3 });
      expect((await second.listStreams("game/")).map((s) => s.streamId)).toEqual([
        "game/2",
        "game/1",
      ]);
      await second.append("game/1", 3, [{ type: "drew", data: 1 }]);
      expect((await second.listStreams("game/")).map((s) => s.streamId)).toEqual([
        "game/1",
        "game/2",
      ]);
    } finally {
      await second.close();
    }
  });

  it("refuses a file whose schema is newer than it knows", async () => {
    const path = freshPath();
    await SqliteEventStore.open(path).close();
    const db = new Database(path);
    db.prepare("INSERT INTO schema_version (version, applied_at) VALUES (99, 'later')").run();
    db.close();
    expect(() => SqliteEventStore.open(path)).toThrow(/schema version 99/);
  });

  it("serialises writers from two connections to one file", async () => {
    const path = freshPath();
    const a = SqliteEventStore.open(path);
    const b = SqliteEventStore.open(path);
    try {
      await a.append("s", 0, [{ type: "x", data: "a" }]);
      await expect(b.append("s", 0, [{ type: "x", data: "b" }])).rejects.toMatchObject({
        expected: 0,
        actual: 1,
      });
      await b.append("s", 1, [{ type: "x", data: "b" }]);
      expect((await a.read("s")).map((e) => e.data)).toEqual(["a", "b"]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("reads versions and the commit order again after another connection committed", async () => {
    // Each writer remembers the versions it wrote; a commit of the other connection in between
    // must make it read them again (else it would accept a stale append or refuse a good one).
    const path = freshPath();
    const a = SqliteEventStore.open(path);
    const b = SqliteEventStore.open(path);
    try {
      await a.append("s", 0, [{ type: "x", data: "a1" }]);
      await b.append("s", 1, [{ type: "x", data: "b2" }]);
      await expect(a.append("s", 1, [{ type: "x", data: "stale" }])).rejects.toMatchObject({
        code: "CONCURRENCY",
        expected: 1,
        actual: 2,
      });
      await a.append("s", 2, [{ type: "x", data: "a3" }]);
      await b.append("t", 0, [{ type: "x", data: "b" }]);
      await a.append("u", 0, [{ type: "x", data: "a" }]);
      expect((await b.read("s")).map((e) => e.data)).toEqual(["a1", "b2", "a3"]);
      // Newest commit first: u (a's), t (b's), s.
      expect((await b.listStreams()).map((s) => s.streamId)).toEqual(["u", "t", "s"]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

const serverDir = fileURLToPath(new URL("../..", import.meta.url));
const script = fileURLToPath(new URL("../testing/appendLoop.ts", import.meta.url));

/** Runs appendLoop.ts, SIGKILLs it after `acks` acknowledged appends, returns every ack seen. */
function appendUntilKilled(path: string, stream: string, mode: string, acks: number) {
  return appendLinesUntilKilled(path, [stream, mode], acks).then(({ lines, signal }) => ({
    acked: lines.map(Number),
    signal,
  }));
}

/** Runs appendLoop.ts with `args`, SIGKILLs it after `acks` lines, returns every line seen. */
function appendLinesUntilKilled(path: string, args: readonly string[], acks: number) {
  return new Promise<{ lines: string[]; signal: NodeJS.Signals | null }>((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, path, ...args], {
      cwd: serverDir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const acked: string[] = [];
    let pending = "";
    let stderr = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) acked.push(line);
      if (acked.length >= acks && child.exitCode === null && !child.killed) {
        child.kill("SIGKILL");
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", fail);
    child.on("close", (code, signal) => {
      if (signal !== "SIGKILL") {
        fail(new Error(`appendLoop exited with ${code ?? signal}: ${stderr}`));
      } else {
        done({ lines: acked, signal });
      }
    });
  });
}

describe("SqliteEventStore durability", () => {
  for (const mode of ["FULL", "NORMAL"]) {
    it(
      `loses no acknowledged append when the writer is SIGKILLed (synchronous=${mode})`,
      {
        timeout: 60_000,
      },
      async () => {
        const path = freshPath();
        for (const round of [1, 2]) {
          const before = round === 1 ? 0 : await versionOf(path);
          const { acked } = await appendUntilKilled(path, "game", mode, 300);
          expect(acked.length).toBeGreaterThanOrEqual(300);
          expect(acked).toEqual(Array.from({ length: acked.length }, (_, i) => before + i + 1));

          const store = SqliteEventStore.open(path);
          try {
            const events = await store.read("game");
            const last = acked.at(-1) ?? 0;
            // Every acknowledged version is there, in order, with its data; an append that was
            // committed but not yet printed when the kill came may be there too.
            expect(events.length).toBeGreaterThanOrEqual(last);
            expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
            for (const e of events) expect(e.data).toMatchObject({ n: e.version });
            expect(await store.version("game")).toBe(events.length);
          } finally {
            await store.close();
          }
        }
      },
    );
  }
});

describe("SqliteEventStore group commit", () => {
  it("commits appends of one turn together; a stale one fails alone, the others are stored", async () => {
    const store = SqliteEventStore.open(freshPath());
    try {
      await store.append("b", 0, [{ type: "x", data: 0 }]);
      const answers = await Promise.allSettled([
        store.append("a", 0, [{ type: "x", data: "a1" }], { commandId: "c1" }),
        store.append("b", 0, [{ type: "x", data: "stale" }]),
        store.append("c", 0, [
          { type: "x", data: "c1" },
          { type: "y", data: "c2" },
        ]),
        // The same stream twice in one batch: the second sees the first.
        store.append("a", 1, [{ type: "x", data: "a2" }]),
        store.append("a", 1, [{ type: "x", data: "a2 again" }]),
        // A repeated command id in the same batch answers the first append.
        store.append("a", 0, [{ type: "x", data: "dup" }], { commandId: "c1" }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([
        "fulfilled",
        "rejected",
        "fulfilled",
        "fulfilled",
        "rejected",
        "fulfilled",
      ]);
      expect((answers[1] as PromiseRejectedResult).reason).toMatchObject({
        code: "CONCURRENCY",
        expected: 0,
        actual: 1,
      });
      expect((answers[4] as PromiseRejectedResult).reason).toMatchObject({ actual: 2 });
      expect((answers[5] as PromiseFulfilledResult<{ duplicate: boolean }>).value).toMatchObject({
        duplicate: true,
        version: 1,
      });
      expect((await store.read("a")).map((e) => e.data)).toEqual(["a1", "a2"]);
      expect((await store.read("b")).map((e) => e.data)).toEqual([0]);
      expect((await store.read("c")).map((e) => e.data)).toEqual(["c1", "c2"]);
    } finally {
      await store.close();
    }
  });

  it("stores nothing of a batch whose commit fails, and rejects every append of it", async () => {
    const path = freshPath();
    const store = SqliteEventStore.open(path, { busyTimeoutMs: 0 });
    await store.append("s", 0, [{ type: "x", data: 0 }]);
    const other = new Database(path);
    try {
      other.exec("BEGIN IMMEDIATE");
      const answers = await Promise.allSettled([
        store.append("s", 1, [{ type: "x", data: 1 }]),
        store.append("t", 0, [{ type: "x", data: 1 }]),
      ]);
      expect(answers.map((a) => a.status)).toEqual(["rejected", "rejected"]);
      expect((answers[0] as PromiseRejectedResult).reason).toMatchObject({ code: "SQLITE_BUSY" });
      other.exec("ROLLBACK");
      expect(await store.version("s")).toBe(1);
      expect(await store.version("t")).toBe(0);
      await store.append("s", 1, [{ type: "x", data: 1 }]);
      expect(await store.version("s")).toBe(2);
    } finally {
      other.close();
      await store.close();
    }
  });

  it("stores the others of a batch when one append fails in a way no check foresaw", async () => {
    const path = freshPath();
    const store = SqliteEventStore.open(path);
    await store.append("s", 0, [{ type: "x", data: 0 }]);
    // A failure inside one append (a full disk, a constraint): here a trigger of the test's.
    const other = new Database(path);
    other.exec(
      `CREATE TRIGGER refuse_boom BEFORE INSERT ON events WHEN NEW.type = 'boom'
       BEGIN SELECT RAISE(ABORT, 'boom refused'); END`,
    );
    other.close();
    try {
      const answers = await Promise.allSettled([
        store.append("s", 1, [{ type: "x", data: 1 }], { commandId: "c1" }),
        store.append("t", 0, [
          { type: "x", data: "t1" },
          { type: "boom", data: "t2" },
        ]),
        store.append("u", 0, [{ type: "x", data: "u1" }]),
      ]);
      expect(answers.map((a) => a.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect((answers[1] as PromiseRejectedResult).reason).toMatchObject({
        message: "boom refused",
      });
      expect((await store.read("s")).map((e) => e.data)).toEqual([0, 1]);
      // Nothing of the failed append: not its first event, not its stream, not its command.
      expect(await store.read("t")).toEqual([]);
      expect(await store.version("t")).toBe(0);
      expect((await store.read("u")).map((e) => e.data)).toEqual(["u1"]);
      // The repeated command is known (its row was written with its events).
      await expect(
        store.append("s", 1, [{ type: "x", data: "again" }], { commandId: "c1" }),
      ).resolves.toMatchObject({ duplicate: true, version: 2 });
      // Alone, such a failure fails the commit; the store goes on.
      await expect(store.append("v", 0, [{ type: "boom", data: 1 }])).rejects.toMatchObject({
        message: "boom refused",
      });
      await store.append("v", 0, [{ type: "x", data: 1 }]);
      expect(await store.version("v")).toBe(1);
    } finally {
      await store.close();
    }
  });

  it("commits the appends still queued when it is closed", async () => {
    const path = freshPath();
    const store = SqliteEventStore.open(path);
    const appended = store.append("s", 0, [{ type: "x", data: 1 }]);
    await store.close();
    await expect(appended).resolves.toMatchObject({ version: 1 });
    const again = SqliteEventStore.open(path);
    expect(await again.version("s")).toBe(1);
    await again.close();
  });

  it(
    "loses no acknowledged append of eight concurrent writers when SIGKILLed (synchronous=FULL)",
    { timeout: 60_000 },
    async () => {
      const path = freshPath();
      const { lines } = await appendLinesUntilKilled(path, ["w", "FULL", "8"], 400);
      const acked = new Map<string, number>();
      for (const line of lines) {
        const [stream, version] = line.split(" ");
        expect(Number(version)).toBe((acked.get(stream!) ?? 0) + 1);
        acked.set(stream!, Number(version));
      }
      expect(acked.size).toBe(8);
      const store = SqliteEventStore.open(path);
      try {
        for (const [stream, last] of acked) {
          const events = await store.read(stream);
          expect(events.length).toBeGreaterThanOrEqual(last);
          for (const e of events) expect(e.data).toMatchObject({ n: e.version });
        }
      } finally {
        await store.close();
      }
    },
  );
});

async function versionOf(path: string): Promise<number> {
  const store = SqliteEventStore.open(path);
  try {
    return await store.version("game");
  } finally {
    await store.close();
  }
}

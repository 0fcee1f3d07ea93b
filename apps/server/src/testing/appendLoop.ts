/**
 * A child process for the SIGKILL test: appends one event at a time to a SQLite store and
 * prints each version once its append has resolved (that is, been acknowledged).
 * Usage: node --import tsx appendLoop.ts <file> <streamId> <FULL|NORMAL> [writers]
 * With `writers` > 1, that many loops append at once to `<streamId>-<i>` (so the store
 * group-commits their appends) and each line is `<stream> <version>`.
 */
import { SqliteEventStore } from "../store/sqlite.js";

const [path, streamId, synchronous, writerArg] = process.argv.slice(2);
if (path === undefined || streamId === undefined) {
  process.stderr.write("usage: appendLoop.ts <file> <streamId> [FULL|NORMAL] [writers]\n");
  process.exit(2);
}
const store = SqliteEventStore.open(path, {
  synchronous: synchronous === "NORMAL" ? "NORMAL" : "FULL",
});
const writers = Number(writerArg ?? 1);

async function loop(stream: string, label: (version: number) => string): Promise<never> {
  let version = await store.version(stream);
  for (;;) {
    const result = await store.append(stream, version, [
      { type: "tick", data: { n: version + 1, pid: process.pid, pad: "x".repeat(500) } },
    ]);
    version = result.version;
    // Synchronous on Linux pipes: once written, the parent can count this version as acknowledged.
    process.stdout.write(`${label(version)}\n`);
  }
}

if (writers <= 1) await loop(streamId, String);
else {
  await Promise.all(
    Array.from({ length: writers }, (_, i) =>
      loop(`${streamId}-${i}`, (version) => `${streamId}-${i} ${version}`),
    ),
  );
}

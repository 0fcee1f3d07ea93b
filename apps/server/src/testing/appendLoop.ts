/**
 * A child process for the SIGKILL test: appends one event at a time to a SQLite store and
 * prints each version once its append has resolved (that is, been acknowledged).
 * Usage: node --import tsx appendLoop.ts <file> <streamId> <FULL|NORMAL>
 */
import { SqliteEventStore } from "../store/sqlite.js";

const [path, streamId, synchronous] = process.argv.slice(2);
if (path === undefined || streamId === undefined) {
  process.stderr.write("usage: appendLoop.ts <file> <streamId> [FULL|NORMAL]\n");
  process.exit(2);
}
const store = SqliteEventStore.open(path, {
  synchronous: synchronous === "NORMAL" ? "NORMAL" : "FULL",
});
let version = await store.version(streamId);
for (;;) {
  const result = await store.append(streamId, version, [
    { type: "tick", data: { n: version + 1, pid: process.pid, pad: "x".repeat(500) } },
  ]);
  version = result.version;
  // Synchronous on Linux pipes: once written, the parent can count this version as acknowledged.
  process.stdout.write(`${version}\n`);
}

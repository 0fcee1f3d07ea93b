// The SQLite store's writer thread (plain JavaScript: it runs without a TypeScript loader): its
// own connection to the file. It answers a batch only after its COMMIT returned (with
// synchronous=FULL: after the fsync), so the server's event loop never waits for the disk
// while the store stays as durable. Batches that arrive while a COMMIT runs are committed
// together, in one transaction, as soon as it returned (group commit across the event loop's
// turns); each batch still gets its own answer, in the order they arrived.
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { batchWriter, configure, errorData, unflatBatch } from "./sqliteWrite.mjs";

const { path, ...options } = workerData;
const db = new Database(path);
configure(db, options);
const write = batchWriter(db);

/** Messages received and not yet handled (they queue up while a COMMIT runs). */
let queue = [];
let scheduled = false;

parentPort.on("message", (message) => {
  queue.push(message);
  if (!scheduled) {
    scheduled = true;
    // After every message already delivered to this thread: they all join the next commit.
    setImmediate(handle);
  }
});

function handle() {
  scheduled = false;
  const messages = queue;
  queue = [];
  let batches = [];
  for (const message of messages) {
    if (message.type === "batch") {
      batches.push(unflatBatch(message.batch));
      continue;
    }
    // "close": what came before it is committed first.
    commit(batches);
    batches = [];
    db.close();
    parentPort.postMessage({ type: "closed" });
    parentPort.close();
    return;
  }
  commit(batches);
}

/** One transaction for all `batches`; one answer per batch. */
function commit(batches) {
  if (batches.length === 0) return;
  let results;
  try {
    results = write(batches.flat());
  } catch (error) {
    const failed = { type: "failed", error: errorData(error) };
    for (let i = 0; i < batches.length; i++) parentPort.postMessage(failed);
    return;
  }
  let at = 0;
  for (const batch of batches) {
    parentPort.postMessage({ type: "committed", results: results.slice(at, at + batch.length) });
    at += batch.length;
  }
}

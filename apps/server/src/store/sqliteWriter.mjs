// The SQLite store's writer thread (plain JavaScript: it runs without a TypeScript loader): its
// own connection to the file, one batch at a time. It answers a batch only after its COMMIT
// returned (with synchronous=FULL: after the fsync), so the server's event loop never waits for
// the disk while the store stays as durable.
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { batchWriter, configure, errorData, unflatBatch } from "./sqliteWrite.mjs";

const { path, ...options } = workerData;
const db = new Database(path);
configure(db, options);
const write = batchWriter(db);

parentPort.on("message", (message) => {
  if (message.type === "close") {
    db.close();
    parentPort.postMessage({ type: "closed" });
    parentPort.close();
    return;
  }
  let reply;
  try {
    reply = { type: "committed", results: write(unflatBatch(message.batch)) };
  } catch (error) {
    reply = { type: "failed", error: errorData(error) };
  }
  parentPort.postMessage(reply);
});

import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import {
  batchWriter,
  configure,
  errorData,
  type WriterMessage,
  type WriterOptions,
  type WriterReply,
} from "./sqliteWrite.js";

/**
 * The SQLite store's writer thread: its own connection to the file, one batch at a time. It
 * answers a batch only after its COMMIT returned (with synchronous=FULL: after the fsync), so
 * the event loop of the server never waits for the disk while the store stays as durable.
 */
const { path, ...options } = workerData as WriterOptions & { readonly path: string };
const db = new Database(path);
configure(db, options);
const write = batchWriter(db);
const port = parentPort!;

port.on("message", (message: WriterMessage) => {
  let reply: WriterReply;
  if (message.type === "close") {
    db.close();
    port.postMessage({ type: "closed" } satisfies WriterReply);
    port.close();
    return;
  }
  try {
    reply = { type: "committed", results: write(message.batch) };
  } catch (error) {
    reply = { type: "failed", error: errorData(error) };
  }
  port.postMessage(reply);
});

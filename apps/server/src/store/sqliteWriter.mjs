// The SQLite writer thread's entry: plain JavaScript, so that it loads in any thread; it
// registers tsx (the server runs TypeScript through it) and then loads the writer itself.
import { register } from "tsx/esm/api";

register();
await import("./sqliteWriterWorker.ts");

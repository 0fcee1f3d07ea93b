// The simulate worker's entry: plain JavaScript, so that it loads in any thread; it registers
// tsx (the CLI runs TypeScript through it) and then loads the worker itself.
import { register } from "tsx/esm/api";

register();
await import("./simulateWorker.ts");

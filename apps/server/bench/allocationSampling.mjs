// Preloaded into the server by `bench/load.ts --heap-prof DIR` (`node --import`): V8's sampling
// heap profiler over the whole run, counting every sampled allocation, also what the young or old
// generation's collector freed since (Node's own `--heap-prof` keeps only what is still alive
// when it stops, which hides the garbage a move makes). The profile is written when the
// process exits, as `DIR/allocations.<pid>.<thread>.heapprofile` (thread 0: the event loop; the
// worker threads inherit the preload); read it with `bench/profileTop.ts`. With
// `--heap-prof-scope promoted` (ALLOCATION_PROFILE_SCOPE) it leaves out what the young
// generation's collector freed: what remains is what got promoted.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { join } from "node:path";
import { threadId } from "node:worker_threads";

const dir = process.env.ALLOCATION_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post("HeapProfiler.startSampling", {
    samplingInterval: 32_768,
    includeObjectsCollectedByMajorGC: true,
    // "promoted": leave out what the young generation's collector freed, so that the profile
    // shows what lived long enough to be promoted (the old generation's garbage and growth).
    includeObjectsCollectedByMinorGC: process.env.ALLOCATION_PROFILE_SCOPE !== "promoted",
  });
  // The main thread's own session answers synchronously, so this works inside "exit".
  process.on("exit", () => {
    session.post("HeapProfiler.stopSampling", (error, result) => {
      if (error) console.error("allocation profile:", error);
      else
        writeFileSync(
          join(dir, `allocations.${process.pid}.${threadId}.heapprofile`),
          JSON.stringify(result.profile),
        );
    });
  });
}

// Preloaded into the server by `bench/load.ts --gc-log FILE` (`node --import`): every two seconds
// one line of the event loop thread's collections since the last line (young: scavenges, old:
// full mark-compacts, incremental marking steps; how many, their time, the longest) with RSS
// and the heap (committed/used). Written as it goes, so a killed server leaves its lines.
import { appendFileSync, writeFileSync } from "node:fs";
import { constants, PerformanceObserver } from "node:perf_hooks";
import { isMainThread } from "node:worker_threads";

const file = process.env.GC_LOG_FILE;
if (file && isMainThread) {
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: "young",
    [constants.NODE_PERFORMANCE_GC_MAJOR]: "old",
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weak",
  };
  let totals = {};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = kinds[entry.detail?.kind] ?? "other";
      const t = (totals[kind] ??= { count: 0, ms: 0, maxMs: 0 });
      t.count++;
      t.ms += entry.duration;
      t.maxMs = Math.max(t.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ["gc"] });
  writeFileSync(file, "");
  const mb = (bytes) => Math.round(bytes / 1e6);
  setInterval(() => {
    const m = process.memoryUsage();
    const gcs = Object.entries(totals)
      .map(([kind, t]) => `${kind} ${t.count}× ${t.ms.toFixed(0)} ms (max ${t.maxMs.toFixed(0)})`)
      .join(", ");
    appendFileSync(
      file,
      `${new Date().toISOString().slice(11, 19)} rss ${mb(m.rss)} MB, heap ${mb(m.heapTotal)}/${mb(m.heapUsed)} MB; ${gcs}\n`,
    );
    totals = {};
  }, 2000).unref();
}

// Preloaded into the server by `bench/load.ts --gc-log FILE` (`node --import`): every two seconds
// one line of the event loop thread's collections since the last line (young: scavenges, old:
// full mark-compacts, incremental marking steps; how many, their time, the longest) with RSS
// and the heap (committed/used, and committed per space), and the event loop's delay (p99 and max: how long a timer
// waited for the thread; a stall that is no collection shows here only). Written as it goes, so a killed server leaves its lines.
import { appendFileSync, writeFileSync } from "node:fs";
import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics } from "node:v8";
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
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  writeFileSync(file, "");
  const mb = (bytes) => Math.round(bytes / 1e6);
  setInterval(() => {
    const m = process.memoryUsage();
    const gcs = Object.entries(totals)
      .map(([kind, t]) => `${kind} ${t.count}× ${t.ms.toFixed(0)} ms (max ${t.maxMs.toFixed(0)})`)
      .join(", ");
    // Committed per space: where the heap's share of the RSS sits (young: new_space).
    const spaces = getHeapSpaceStatistics()
      .filter((space) => space.space_size >= 1e6)
      .map((space) => `${space.space_name.replace(/_space$/, "")} ${mb(space.space_size)}`)
      .join(" ");
    const ms = (ns) => (ns / 1e6).toFixed(0);
    appendFileSync(
      file,
      `${new Date().toISOString().slice(11, 19)} rss ${mb(m.rss)} MB, heap ${mb(m.heapTotal)}/${mb(m.heapUsed)} MB (${spaces}); loop delay p99 ${ms(delay.percentile(99))} ms (max ${ms(delay.max)}); ${gcs}\n`,
    );
    totals = {};
    delay.reset();
  }, 2000).unref();
}

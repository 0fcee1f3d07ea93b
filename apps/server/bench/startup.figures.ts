// `pnpm bench` runs this: the server as `npm start` runs it (compiled JavaScript, plain node),
// started again and again on an empty SQLite store. Figures: the time from spawn to the first
// answered `/healthz`, and the resident memory once it has been idle for a second.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildServer, figure, freePort, quantile, sampleProc, startChild } from "./proc.js";

const quick = process.argv.includes("--quick");
const runs = quick ? 3 : 10;
const entry = buildServer();
const startMs: number[] = [];
const idleRssMb: number[] = [];
for (let i = 0; i < runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), "maumau-startup-"));
  const started = performance.now();
  const child = await startChild(entry, {
    env: {
      SQLITE_PATH: join(dir, "events.sqlite"),
      WEB_DIST: join(dir, "no-web"),
      LOG_LEVEL: "warn",
    },
    port: await freePort(),
  });
  startMs.push(performance.now() - started);
  await new Promise((done) => setTimeout(done, 1_000));
  idleRssMb.push(sampleProc(child.pid).rssMb);
  await child.stop();
  rmSync(dir, { recursive: true, force: true });
}
startMs.sort((a, b) => a - b);
idleRssMb.sort((a, b) => a - b);
console.log(figure("server.startup.ms", quantile(startMs, 0.5), "ms", "≤ 1000"));
console.log(figure("server.idle.rss", quantile(idleRssMb, 0.5), "MB", "≤ 200"));

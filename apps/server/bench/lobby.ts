/**
 * Lobby calls over tRPC (HTTP) against the server as production starts it (issue 11, "3. Web":
 * ≥ 2,000 requests/s at p99 ≤ 100 ms). Its own process; loopback; bounded in time.
 *
 * The mix is what a lobby page does: 9 of 10 calls are `lobby.list` (GET, the default statuses,
 * `limit` 20), 1 of 10 is `lobby.create` (POST, a noris match with its creator seated). The
 * store holds `--matches` matches before the first call. Two phases:
 * - paced: requests sent at `--rate` per second (open loop: a slow answer does not slow the
 *   sender; at most 512 in flight), latency measured from the moment each was due;
 * - unpaced: `--concurrency` clients, each sending its next request when its answer came.
 *
 * Limits: every request comes from 127.0.0.1, one client address, so the per-client limits
 * are lifted explicitly for the benchmark: HTTP_RATE=1000000 (default 50/s per address),
 * MAX_OPEN_MATCHES_PER_CLIENT and MAX_OPEN_MATCHES 1000000 (defaults 20 and 5000). A real
 * lobby's load comes from many addresses, each under its own HTTP_RATE.
 *
 * Usage: `pnpm --filter @maumau/server run bench:lobby [-- --quick] [--rate N] [--seconds N]
 *   [--concurrency N] [--matches N] [--store sqlite|postgres] [--cpu-prof DIR]`
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { figure, freePort, quantile, sampleProc, startChild } from "./proc.js";

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    rate: { type: "string", default: "2000" },
    seconds: { type: "string" },
    concurrency: { type: "string", default: "32" },
    matches: { type: "string", default: "200" },
    store: { type: "string", default: "sqlite" },
    "cpu-prof": { type: "string" },
  },
});
const quick = args.quick === true;
const rate = Number(args.rate);
const seconds = Number(args.seconds ?? (quick ? 3 : 10));
const concurrency = Number(args.concurrency);

const LIST_INPUT = encodeURIComponent(JSON.stringify({ limit: 20 }));
const CREATE_BODY = JSON.stringify({ variant: "noris", seats: 4, name: "bench" });

interface Sample {
  readonly kind: "list" | "create";
  readonly ms: number;
  readonly ok: boolean;
}

async function call(url: string, n: number): Promise<Sample> {
  const kind = n % 10 === 9 ? "create" : "list";
  const started = performance.now();
  const answer =
    kind === "list"
      ? await fetch(`${url}/trpc/lobby.list?input=${LIST_INPUT}`)
      : await fetch(`${url}/trpc/lobby.create`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: CREATE_BODY,
        });
  await answer.arrayBuffer();
  return { kind, ms: performance.now() - started, ok: answer.ok };
}

interface Result {
  readonly requests: number;
  readonly perSecond: number;
  readonly failed: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly listP99: number;
  readonly createP99: number;
  readonly cpuPercent: number;
  readonly rssMb: number;
}

function summarize(samples: Sample[], elapsedMs: number, cpuMs: number, rssMb: number): Result {
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  const of = (kind: Sample["kind"]) =>
    samples
      .filter((s) => s.kind === kind)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
  return {
    requests: samples.length,
    perSecond: (samples.length * 1000) / elapsedMs,
    failed: samples.filter((s) => !s.ok).length,
    p50: quantile(all, 0.5),
    p99: quantile(all, 0.99),
    max: all.at(-1) ?? NaN,
    listP99: quantile(of("list"), 0.99),
    createP99: quantile(of("create"), 0.99),
    cpuPercent: (cpuMs * 100) / elapsedMs,
    rssMb,
  };
}

/** Open loop: one request due every 1/rate s; latency counts from when it was due. */
async function paced(url: string, pid: number): Promise<Result> {
  const samples: Sample[] = [];
  let inFlight = 0;
  let n = 0;
  const before = sampleProc(pid);
  const start = performance.now();
  const end = start + seconds * 1000;
  const pending = new Set<Promise<void>>();
  while (performance.now() < end) {
    const due = start + (n * 1000) / rate;
    const now = performance.now();
    if (due > now) {
      await new Promise((r) => setTimeout(r, Math.max(0, Math.min(due - now, 5))));
      continue;
    }
    if (inFlight >= 512) {
      await Promise.race(pending);
      continue;
    }
    inFlight++;
    const i = n++;
    const p = call(url, i).then(
      (s) => {
        samples.push({ ...s, ms: performance.now() - due });
      },
      () => {
        samples.push({ kind: "list", ms: performance.now() - due, ok: false });
      },
    );
    const tracked = p.finally(() => {
      inFlight--;
      pending.delete(tracked);
    });
    pending.add(tracked);
  }
  await Promise.all(pending);
  const after = sampleProc(pid);
  return summarize(samples, performance.now() - start, after.cpuMs - before.cpuMs, after.rssMb);
}

/** Closed loop: `concurrency` clients, each sends the next request when its answer came. */
async function unpaced(url: string, pid: number): Promise<Result> {
  const samples: Sample[] = [];
  const before = sampleProc(pid);
  const start = performance.now();
  const end = start + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        try {
          samples.push(await call(url, n++));
        } catch {
          samples.push({ kind: "list", ms: NaN, ok: false });
        }
      }
    }),
  );
  const after = sampleProc(pid);
  return summarize(samples, performance.now() - start, after.cpuMs - before.cpuMs, after.rssMb);
}

function report(name: string, r: Result, goals: boolean): void {
  const lines = [
    figure(`${name}.requests`, r.perSecond, "requests/s", goals ? "≥ 2000" : undefined),
    figure(`${name}.p50`, r.p50, "ms"),
    figure(`${name}.p99`, r.p99, "ms", goals ? "≤ 100 ms" : undefined),
    figure(`${name}.max`, r.max, "ms"),
    figure(`${name}.list.p99`, r.listP99, "ms"),
    figure(`${name}.create.p99`, r.createP99, "ms"),
    figure(`${name}.cpu`, r.cpuPercent, "% of one core"),
    figure(`${name}.rss`, r.rssMb, "MB"),
  ];
  if (r.failed > 0) lines.push(figure(`${name}.failed`, r.failed, "requests"));
  for (const line of lines) console.log(line);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "maumau-lobby-"));
  const env: Record<string, string> = {
    LOG_LEVEL: "warn",
    HTTP_RATE: "1000000",
    MAX_OPEN_MATCHES_PER_CLIENT: "1000000",
    MAX_OPEN_MATCHES: "1000000",
    WEB_DIST: join(dir, "no-web"),
  };
  if (args.store === "postgres") {
    if (!process.env.DATABASE_URL) throw new Error("--store postgres needs DATABASE_URL");
    env.DATABASE_URL = process.env.DATABASE_URL;
    env.DATABASE_SCHEMA = `lobby_${process.pid}_${Date.now()}`;
  } else {
    env.SQLITE_PATH = join(dir, "lobby.sqlite");
  }
  console.error(
    `lobby: limits lifted for one address (HTTP_RATE=${env.HTTP_RATE}, ` +
      `MAX_OPEN_MATCHES_PER_CLIENT=${env.MAX_OPEN_MATCHES_PER_CLIENT}); ${args.matches} matches ` +
      `stored first; paced ${rate}/s then ${concurrency} closed-loop clients, ${seconds} s each`,
  );
  const nodeArgs =
    args["cpu-prof"] === undefined ? [] : ["--cpu-prof", "--cpu-prof-dir", args["cpu-prof"]];
  const child = await startChild("src/main.ts", { env, port: await freePort(), nodeArgs });
  try {
    for (let i = 0; i < Number(args.matches); i += 20) {
      await Promise.all(Array.from({ length: 20 }, () => call(child.url, 9)));
    }
    // Warm-up: the first calls compile and fill the cache.
    for (let i = 0; i < 200; i++) await call(child.url, i % 9);
    report(`lobby.paced${rate}`, await paced(child.url, child.pid), true);
    report(`lobby.unpaced${concurrency}`, await unpaced(child.url, child.pid), false);
  } finally {
    await child.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

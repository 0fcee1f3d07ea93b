/**
 * Lobby calls over tRPC (HTTP) against the server as production starts it (issue 11, "3. Web":
 * ≥ 2,000 requests/s at p99 ≤ 100 ms). Its own process; loopback; bounded in time.
 *
 * The mix is what a lobby page does: 9 of 10 calls are `lobby.list` (GET, the default statuses,
 * `limit` 20), 1 of 10 is `lobby.create` (POST, a noris match with its creator seated). The
 * store holds `--matches` matches before the first call. Two phases:
 * - paced: requests sent at `--rate` per second (open loop: a slow answer does not slow the
 *   sender; at most `MAX_OUTSTANDING` sent and not yet answered), latency measured from the
 *   moment each was due, so that time queued in the generator counts;
 * - unpaced: `--concurrency` clients, each sending its next request when its answer came.
 *
 * The client is `node:http` with a keep-alive agent of at most `--connections` sockets (64 by
 * default; requests beyond wait in the agent's queue, their wait counted): `fetch` (undici
 * behind the WHATWG Request/Response objects) cost the generator more CPU per request than the
 * server spent, and was the limit. `generatorCpu` reports what the generator itself used.
 *
 * Limits: every request comes from 127.0.0.1, one client address, so the per-client limits
 * are lifted explicitly for the benchmark: HTTP_RATE=1000000 (default 50/s per address),
 * MAX_OPEN_MATCHES_PER_CLIENT and MAX_OPEN_MATCHES 1000000 (defaults 20 and 5000). A real
 * lobby's load comes from many addresses, each under its own HTTP_RATE.
 *
 * A third phase, `--watchers N` (500; 0 leaves it out): N sockets watch the lobby as lobby pages
 * do and read the list again (over the socket) on each "the list changed" signal while matches
 * are created over HTTP; see `watchers`.
 *
 * Usage: `pnpm --filter @maumau/server run bench:lobby [-- --quick] [--rate N] [--seconds N]
 *   [--concurrency N] [--connections N] [--matches N] [--watchers N] [--store sqlite|postgres]
 *   [--cpu-prof DIR]`
 */
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { SocketClient } from "@maumau/client";
import type { AppRouter } from "../src/trpc/appRouter.js";
import { buildServer, figure, freePort, quantile, sampleProc, startChild } from "./proc.js";

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    rate: { type: "string", default: "2000" },
    seconds: { type: "string" },
    concurrency: { type: "string", default: "32" },
    connections: { type: "string", default: "64" },
    matches: { type: "string", default: "200" },
    store: { type: "string", default: "sqlite" },
    "cpu-prof": { type: "string" },
    watchers: { type: "string", default: "500" },
  },
});
const quick = args.quick === true;
const rate = Number(args.rate);
const seconds = Number(args.seconds ?? (quick ? 3 : 10));
const concurrency = Number(args.concurrency);
const watcherCount = Number(args.watchers);
/** Watchers phase: matches created a second (over HTTP), each a change of the watched list. */
const CREATES_PER_SECOND = 8;

/** Keep-alive sockets to the server, shared by both phases. */
const agent = new Agent({ keepAlive: true, maxSockets: Number(args.connections) });
/** Paced phase: requests sent and not yet answered, at most (bounds the generator's memory). */
const MAX_OUTSTANDING = 4096;

const LIST_INPUT = encodeURIComponent(JSON.stringify({ limit: 20 }));
const CREATE_BODY = JSON.stringify({ variant: "noris", seats: 4, name: "bench" });

interface Sample {
  readonly kind: "list" | "create";
  readonly ms: number;
  readonly ok: boolean;
}

/** One request over the agent; resolves with its status once the whole answer was read. */
function send(url: URL, method: "GET" | "POST", path: string, body?: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers:
          body === undefined
            ? {}
            : { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.on("data", () => {});
        res.on("end", () => done(res.statusCode ?? 0));
        res.on("error", fail);
      },
    );
    req.on("error", fail);
    req.end(body);
  });
}

async function call(url: URL, n: number): Promise<Sample> {
  const kind = n % 10 === 9 ? "create" : "list";
  const started = performance.now();
  const status =
    kind === "list"
      ? await send(url, "GET", `/trpc/lobby.list?input=${LIST_INPUT}`)
      : await send(url, "POST", "/trpc/lobby.create", CREATE_BODY);
  return { kind, ms: performance.now() - started, ok: status >= 200 && status < 300 };
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
  readonly generatorCpuPercent: number;
}

function summarize(
  samples: Sample[],
  elapsedMs: number,
  cpuMs: number,
  rssMb: number,
  own: NodeJS.CpuUsage,
): Result {
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
    generatorCpuPercent: ((own.user + own.system) / 1000 / elapsedMs) * 100,
  };
}

/** Open loop: one request due every 1/rate s; latency counts from when it was due. */
function paced(url: URL, pid: number): Promise<Result> {
  return measured(pid, (start) => pacedSamples(url, start));
}

async function pacedSamples(url: URL, start: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  let inFlight = 0;
  let n = 0;
  const end = start + seconds * 1000;
  /** Resolves the sender's wait when an answer frees a place (at MAX_OUTSTANDING) or all came. */
  let freed: (() => void) | null = null;
  const answered = (sample: Sample) => {
    samples.push(sample);
    inFlight--;
    freed?.();
    freed = null;
  };
  while (performance.now() < end) {
    const due = start + (n * 1000) / rate;
    const now = performance.now();
    if (due > now) {
      await new Promise((r) => setTimeout(r, Math.max(0, Math.min(due - now, 5))));
      continue;
    }
    if (inFlight >= MAX_OUTSTANDING) {
      await new Promise<void>((r) => (freed = r));
      continue;
    }
    inFlight++;
    call(url, n++).then(
      (s) => answered({ ...s, ms: performance.now() - due }),
      () => answered({ kind: "list", ms: performance.now() - due, ok: false }),
    );
  }
  while (inFlight > 0) await new Promise<void>((r) => (freed = r));
  return samples;
}

/** Closed loop: `concurrency` clients, each sends the next request when its answer came. */
function unpaced(url: URL, pid: number): Promise<Result> {
  return measured(pid, async (start) => {
    const samples: Sample[] = [];
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
    return samples;
  });
}

/**
 * Lobby watchers: `watcherCount` sockets watch the lobby (`lobby.watch`) as lobby pages do, and
 * each reads the list again (`lobby.list` over the socket, the page's input) on every "the list
 * changed" signal, while matches are created at `CREATES_PER_SECOND` over HTTP (the server
 * signals at most four times a second). Latency: from a signal's arrival to the list's answer.
 */
async function watchers(url: URL, pid: number): Promise<WatchResult> {
  const clients: SocketClient<AppRouter>[] = [];
  for (let i = 0; i < watcherCount; i += 50) {
    const batch = Array.from(
      { length: Math.min(50, watcherCount - i) },
      () =>
        new SocketClient<AppRouter>(url.origin, { reconnect: false, timeoutMs: 60_000, rate: 1e6 }),
    );
    await Promise.all(batch.map((c) => c.whenConnected()));
    await Promise.all(batch.map((c) => c.rpc("lobby.watch", undefined)));
    clients.push(...batch);
  }
  const latencies: number[] = [];
  let failed = 0;
  let signals = 0;
  let measuring = false;
  const pending = new Set<Promise<void>>();
  for (const client of clients) {
    client.onLobbyChange(() => {
      if (!measuring) return;
      signals++;
      const started = performance.now();
      const answered = client
        .rpc("lobby.list", { status: ["open", "running"], limit: 50 })
        .then(
          () => void latencies.push(performance.now() - started),
          () => void failed++,
        )
        .finally(() => pending.delete(answered));
      pending.add(answered);
    });
  }
  try {
    const before = sampleProc(pid);
    const ownBefore = process.cpuUsage();
    const start = performance.now();
    measuring = true;
    for (let n = 0; performance.now() < start + seconds * 1000; n++) {
      const due = start + (n * 1000) / CREATES_PER_SECOND;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      void send(url, "POST", "/trpc/lobby.create", CREATE_BODY).catch(() => failed++);
    }
    measuring = false;
    while (pending.size > 0) await Promise.all([...pending]);
    const elapsedMs = performance.now() - start;
    const after = sampleProc(pid);
    const own = process.cpuUsage(ownBefore);
    latencies.sort((a, b) => a - b);
    const cpuMs = after.cpuMs - before.cpuMs;
    return {
      answers: latencies.length,
      perSecond: (latencies.length * 1000) / elapsedMs,
      signalsPerWatcher: signals / watcherCount / (elapsedMs / 1000),
      failed,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      cpuPercent: (cpuMs * 100) / elapsedMs,
      cpuPerAnswerMs: cpuMs / Math.max(1, latencies.length),
      rssMb: after.rssMb,
      generatorCpuPercent: ((own.user + own.system) / 1000 / elapsedMs) * 100,
    };
  } finally {
    for (const client of clients) client.close();
  }
}

interface WatchResult {
  readonly answers: number;
  readonly perSecond: number;
  readonly signalsPerWatcher: number;
  readonly failed: number;
  readonly p50: number;
  readonly p99: number;
  readonly cpuPercent: number;
  readonly cpuPerAnswerMs: number;
  readonly rssMb: number;
  readonly generatorCpuPercent: number;
}

function reportWatchers(name: string, r: WatchResult): void {
  const lines = [
    figure(`${name}.lists`, r.perSecond, "answers/s"),
    figure(`${name}.signals`, r.signalsPerWatcher, "signals/s per watcher"),
    figure(`${name}.p50`, r.p50, "ms"),
    figure(`${name}.p99`, r.p99, "ms"),
    figure(`${name}.cpu`, r.cpuPercent, "% of one core"),
    figure(`${name}.cpuPerList`, r.cpuPerAnswerMs, "ms"),
    figure(`${name}.rss`, r.rssMb, "MB"),
    figure(`${name}.generatorCpu`, r.generatorCpuPercent, "% of one core"),
  ];
  if (r.failed > 0) lines.push(figure(`${name}.failed`, r.failed, "requests"));
  for (const line of lines) console.log(line);
}

/** Runs a phase and sums it up with the server's and the generator's own CPU over it. */
async function measured(pid: number, phase: (start: number) => Promise<Sample[]>): Promise<Result> {
  const before = sampleProc(pid);
  const ownBefore = process.cpuUsage();
  const start = performance.now();
  const samples = await phase(start);
  const after = sampleProc(pid);
  return summarize(
    samples,
    performance.now() - start,
    after.cpuMs - before.cpuMs,
    after.rssMb,
    process.cpuUsage(ownBefore),
  );
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
    figure(`${name}.generatorCpu`, r.generatorCpuPercent, "% of one core"),
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
    MAX_SOCKETS_PER_CLIENT: String(watcherCount + 100),
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
  const child = await startChild(buildServer(), { env, port: await freePort(), nodeArgs });
  const url = new URL(child.url);
  try {
    for (let i = 0; i < Number(args.matches); i += 20) {
      await Promise.all(Array.from({ length: 20 }, () => call(url, 9)));
    }
    // Warm-up: the first calls compile and fill the cache.
    for (let i = 0; i < 200; i++) await call(url, i % 9);
    report(`lobby.paced${rate}`, await paced(url, child.pid), true);
    report(`lobby.unpaced${concurrency}`, await unpaced(url, child.pid), false);
    if (watcherCount > 0)
      reportWatchers(`lobby.watchers${watcherCount}`, await watchers(url, child.pid));
  } finally {
    agent.destroy();
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

/**
 * Load generator for the game server (issue 11, "Benchmarks 2. Server"), in a process of its own.
 *
 * It starts the server under test as production does (`node dist/main.js`, built by `build.mjs` first; config
 * from the environment, the SQLite store in a temp file, or PostgreSQL with `--store postgres`),
 * connects `--matches`×4 socket.io clients through `@maumau/client`'s `SocketClient`, creates
 * and starts one four-seat noris match per four clients (`lobby.create`/`join`/`game.watch`/
 * `lobby.start` over `rpc`), and then each seat plays a random legal move of the frames it is
 * pushed. Moves are issued at a paced rate (a global token bucket over the matches whose next
 * seat has its frame) or unpaced (as soon as the frame arrives). Each phase reports:
 *
 * - achieved moves/s (commands acknowledged in the phase's window);
 * - command→ack and command→next seat's frame latency (p50/p99/max, ms);
 * - the server process's CPU (from /proc/<pid>/stat: % of one core and ms per move) and RSS;
 * - the mean size of a `match` frame on the wire (JSON, sampled);
 * - for the server, its own latency histograms over the window (`METRICS_PORT`, scraped before and
 *   after): a command in its handler, and the store's append within it (`inServer.*`).
 *
 * The same clients, pacing and phases are then run against `bench/echoServer.ts`, a bare
 * socket.io relay (ack + broadcast to the match's room of four) — the denominator.
 *
 * Usage: `pnpm --filter @maumau/server run bench:load [-- flags]` or
 * `node --import tsx apps/server/bench/load.ts [flags]`
 *   --quick                 phases of 2 s (default 10 s), rates 2000,4000,unpaced
 *   --rates 500,1000,0      moves/s per phase; 0 = unpaced (default 500,1000,2000,4000,0)
 *   --seconds N             measured seconds per phase (after 1 s of warm-up)
 *   --matches N             four-seat matches (default 250 = 1,000 clients)
 *   --target server,echo    what to measure (default both)
 *   --store sqlite|postgres|memory the server's store (postgres needs DATABASE_URL;
 *                         memory: SQLite `:memory:`, written inline, no disk: the ceiling
 *                         of everything but the store)
 *   --cpu-prof DIR          run the server with `node --cpu-prof --cpu-prof-dir DIR`
 *   --heap-prof DIR         sample the server's allocations (bench/allocationSampling.mjs),
 *                         garbage included, into DIR/allocations.<pid>.<thread>.heapprofile
 *   --json FILE             also write every figure as JSON
 * Prints one line per figure, `name: value unit (goal: …)`.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { SocketClient, type MatchFrame } from "@maumau/client";
import type { Command } from "@maumau/engine";
import type { AppRouter } from "../src/trpc/appRouter.js";
import {
  figure,
  freePort,
  quantile,
  sampleProc,
  startChild,
  buildServer,
  type Child,
  type ProcSample,
} from "./proc.js";
import { seeded } from "../src/soak/scale.js";

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    rates: { type: "string" },
    seconds: { type: "string" },
    matches: { type: "string", default: "250" },
    target: { type: "string", default: "server,echo" },
    store: { type: "string", default: "sqlite" },
    "cpu-prof": { type: "string" },
    "heap-prof": { type: "string" },
    // all (every allocation sampled) or promoted (what the young generation's collector freed left out)
    "heap-prof-scope": { type: "string", default: "all" },
    // A file for bench/gcLog.mjs: the server's collections and RSS every 2 s
    "gc-log": { type: "string" },
    // Node or V8 flags for the server process, space-separated ("--max-semi-space-size=32").
    "node-flags": { type: "string" },
    json: { type: "string" },
  },
});

if (!["all", "promoted"].includes(args["heap-prof-scope"]))
  throw new Error(`--heap-prof-scope ${args["heap-prof-scope"]}: expected all or promoted`);
if (!["sqlite", "postgres", "memory"].includes(args.store))
  throw new Error(`--store ${args.store}: expected sqlite, postgres or memory`);
const quick = args.quick === true;
const rates = (args.rates ?? (quick ? "2000,4000,0" : "500,1000,2000,4000,0"))
  .split(",")
  .map(Number);
const seconds = Number(args.seconds ?? (quick ? 2 : 10));
const WARMUP_MS = 1000;
const matchCount = Number(args.matches);
const targets = args.target.split(",") as ("server" | "echo")[];
const SEATS = 4;

/** Goals of issue 11 for the real server, by rate (0 = unpaced). */
const FRAME_P99_GOAL: Record<number, string> = { 2000: "≤ 10 ms", 4000: "≤ 30 ms" };
const ACK_P99_GOAL: Record<number, string> = { 2000: "≤ 10 ms" };
/** Figures without a threshold that `pnpm bench` still lists (issue #22: frames per move). */
const WATCHED = "watched, smaller is better";

// A deterministic generator (the soak suite's mulberry32): the same run picks the same moves.
const random = seeded(11);

interface Seat {
  readonly client: SocketClient<AppRouter>;
  readonly index: number;
  token: string;
  /** The newest version this seat saw a frame of, per match. */
  seen: number;
}

interface Table {
  matchId: string;
  readonly seats: Seat[];
  /** When the command now in flight was sent (null: none). */
  sentAt: number | null;
  /** Whether that command was sent inside the measuring window. */
  recorded: boolean;
  rematching: boolean;
}

interface Ready {
  readonly table: Table;
  readonly seat: Seat;
  readonly move: Command;
  readonly version: number;
}

interface Phase {
  rate: number;
  moves: number;
  errors: number;
  ack: number[];
  frame: number[];
  frameBytes: number[];
  /** `match` packets received by all sockets in the window. */
  packets: number;
  /** The distinct encodings among them (a broadcast, a public part), by key. */
  distinct: Set<string>;
  /** Sampled sizes of distinct packets: what the server serialised. */
  distinctBytes: number[];
}

/**
 * One server serialisation: a broadcast reaches every socket of its room with the same bytes,
 * and a commit's public part is encoded once for all its packets.
 */
const packetKey = (wire: {
  matchId?: unknown;
  version?: unknown;
  kind?: unknown;
  viewer?: unknown;
  snapshot?: { viewer?: unknown };
}): string =>
  `${String(wire.matchId)}:${String(wire.version)}:${String(wire.kind)}:${String(wire.viewer ?? wire.snapshot?.viewer)}`;

class Load {
  readonly tables: Table[] = [];
  readonly ready: Ready[] = [];
  private phase: Phase | null = null;
  private measuring = false;
  private issued = 0;
  private credit = 0;
  private lastTick = 0;
  private rate = 0;
  private frames = 0;
  matchesPlayed = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly url: string,
    readonly echo: boolean,
  ) {}

  async connect(): Promise<void> {
    const clients: SocketClient<AppRouter>[] = [];
    for (let i = 0; i < matchCount * SEATS; i += 50) {
      const batch = Array.from(
        { length: Math.min(50, matchCount * SEATS - i) },
        () =>
          new SocketClient<AppRouter>(this.url, {
            reconnect: false,
            timeoutMs: 60_000,
            rate: 1_000_000,
          }),
      );
      await Promise.all(batch.map((c) => c.whenConnected()));
      clients.push(...batch);
    }
    for (let m = 0; m < matchCount; m++) {
      const seats = clients
        .slice(m * SEATS, (m + 1) * SEATS)
        .map((client, index): Seat => ({ client, index, token: "", seen: -1 }));
      const table: Table = { matchId: "", seats, sentAt: null, recorded: false, rematching: false };
      for (const seat of seats) {
        seat.client.onFrame((frame) => this.onFrame(table, seat, frame));
        // The size on the wire (a commit's frame is a delta that the client completes).
        seat.client.socket.on("match", (wire: Parameters<typeof packetKey>[0]) => {
          const phase = this.phase;
          if (phase === null || !this.measuring) return;
          phase.packets++;
          if (this.frames++ % 97 === 0) phase.frameBytes.push(JSON.stringify(wire).length);
          // A seat's packet carries the commit's public part, which the server encodes once
          // per commit (not per packet): it counts once, apart from the seat's own part.
          const { shared, ...own } = wire as typeof wire & { shared?: typeof wire };
          for (const part of shared === undefined ? [wire] : [shared, own]) {
            const key = packetKey(part);
            if (phase.distinct.has(key)) continue;
            phase.distinct.add(key);
            if (phase.distinct.size % 7 === 0)
              phase.distinctBytes.push(JSON.stringify(part).length);
          }
        });
      }
      this.tables.push(table);
    }
    for (let i = 0; i < this.tables.length; i += 25) {
      await Promise.all(this.tables.slice(i, i + 25).map((t) => this.newMatch(t)));
    }
  }

  /** Creates, fills, watches and starts a match for the table's four clients. */
  private async newMatch(table: Table, rematchOf?: string): Promise<void> {
    const [first] = table.seats;
    if (rematchOf !== undefined) {
      const { matchId } = (await first!.client.rpc("lobby.rematch", {
        matchId: rematchOf,
        token: first!.token,
      })) as { matchId: string };
      for (const seat of table.seats) {
        await seat.client.rpc("game.unwatch", { matchId: rematchOf });
      }
      table.matchId = matchId;
    } else if (this.echo) {
      const created = (await first!.client.rpc("lobby.create", {})) as { matchId: string };
      table.matchId = created.matchId;
      for (const seat of table.seats) seat.token = String(seat.index);
    } else {
      const created = (await first!.client.rpc("lobby.create", {
        variant: "noris",
        seats: SEATS,
        name: "p0",
      })) as { matchId: string; token: string };
      table.matchId = created.matchId;
      first!.token = created.token;
      for (const seat of table.seats.slice(1)) {
        const ticket = (await seat.client.rpc("lobby.join", {
          matchId: created.matchId,
          name: `p${seat.index}`,
          seat: seat.index,
        })) as { token: string };
        seat.token = ticket.token;
      }
    }
    for (const seat of table.seats) {
      seat.seen = -1;
      await seat.client.rpc("game.watch", { matchId: table.matchId, token: seat.token });
    }
    if (!this.echo) {
      await first!.client.rpc("lobby.start", { matchId: table.matchId, token: first!.token });
    }
    table.rematching = false;
  }

  private onFrame(table: Table, seat: Seat, frame: MatchFrame): void {
    if (frame.matchId !== table.matchId) return;
    const now = performance.now();
    const snap = frame.snapshot;
    if (snap.version <= seat.seen) return;
    seat.seen = snap.version;
    if (snap.lobby.status === "over") {
      if (seat.index === 0 && !table.rematching) {
        table.rematching = true;
        table.sentAt = null;
        this.matchesPlayed++;
        const old = table.matchId;
        this.newMatch(table, old).catch((error: unknown) => {
          if (this.rate >= 0) console.error(`rematch of ${old} failed: ${String(error)}`);
        });
      }
      return;
    }
    if (snap.lobby.status !== "running") return;
    const legal = snap.legal;
    let move: Command | undefined;
    if (this.echo) {
      if ((snap.progress as { toAct?: number } | null)?.toAct === seat.index) move = legal[0];
    } else if (legal.length > 0) {
      move = legal[Math.floor(random() * legal.length)];
    } else if (snap.progress?.status === "gameOver" && seat.index === 0) {
      move = { type: "startNextGame" };
    }
    if (move === undefined) return;
    if (table.sentAt !== null) {
      if (table.recorded && this.phase !== null) this.phase.frame.push(now - table.sentAt);
      table.sentAt = null;
    }
    this.ready.push({ table, seat, move, version: snap.version });
    if (this.rate === 0) this.drain();
  }

  private send(r: Ready): void {
    const { table, seat } = r;
    const sentAt = performance.now();
    const phase = this.phase;
    const recorded = this.measuring;
    table.sentAt = sentAt;
    table.recorded = recorded;
    this.issued++;
    seat.client
      .rpc("game.command", {
        matchId: table.matchId,
        token: seat.token,
        commandId: `c${r.version}`,
        command: r.move,
      })
      .then(
        () => {
          if (phase === null || phase !== this.phase || !this.measuring) return;
          phase.moves++;
          if (recorded) phase.ack.push(performance.now() - sentAt);
        },
        (error: unknown) => {
          if (this.rate < 0) return; // closing
          if (phase !== null) phase.errors++;
          if (table.sentAt === sentAt) table.sentAt = null;
          if (phase !== null && phase.errors <= 3) {
            console.error(`command refused: ${String(error)}`);
          }
          // Ask for the seat's view again so that the match goes on.
          void seat.client
            .rpc("game.view", { matchId: table.matchId, token: seat.token })
            .then((snapshot) => {
              seat.seen = -1;
              this.onFrame(table, seat, {
                kind: "snapshot",
                matchId: table.matchId,
                version: (snapshot as { version: number }).version,
                snapshot,
              } as MatchFrame);
            })
            .catch(() => undefined);
        },
      );
  }

  /** Sends ready moves as far as the pace allows (all of them when unpaced). */
  private drain(): void {
    if (this.rate === 0) {
      for (let r = this.ready.shift(); r !== undefined; r = this.ready.shift()) this.send(r);
      return;
    }
    const now = performance.now();
    // At most 20 ms of unused pace is kept: a slow server is not flooded afterwards.
    this.credit = Math.min(
      this.credit + ((now - this.lastTick) * this.rate) / 1000,
      this.rate / 50,
    );
    this.lastTick = now;
    while (this.credit >= 1 && this.ready.length > 0) {
      this.credit--;
      this.send(this.ready.shift()!);
    }
  }

  async run(rate: number, pid: number, metricsUrl: string | null): Promise<PhaseResult> {
    this.rate = rate;
    this.credit = 0;
    this.lastTick = performance.now();
    if (this.timer !== null) clearInterval(this.timer);
    if (rate > 0) this.timer = setInterval(() => this.drain(), 1);
    else this.drain();
    const phase: Phase = {
      rate,
      moves: 0,
      errors: 0,
      ack: [],
      frame: [],
      frameBytes: [],
      packets: 0,
      distinct: new Set(),
      distinctBytes: [],
    };
    this.phase = phase;
    this.measuring = false;
    await sleep(WARMUP_MS);
    const histogramsBefore = metricsUrl === null ? null : await scrapeHistograms(metricsUrl);
    const before = sampleProc(pid);
    const ownBefore = process.cpuUsage();
    this.measuring = true;
    await sleep(seconds * 1000);
    this.measuring = false;
    const after = sampleProc(pid);
    const own = process.cpuUsage(ownBefore);
    const histogramsAfter = metricsUrl === null ? null : await scrapeHistograms(metricsUrl);
    return {
      ...summarize(phase, before, after, (own.user + own.system) / 1000),
      inServer:
        histogramsBefore === null || histogramsAfter === null
          ? null
          : inServer(histogramsBefore, histogramsAfter),
    };
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.phase = null;
    this.rate = -1; // nothing is sent any more
    this.ready.length = 0;
  }

  close(): void {
    this.stop();
    for (const table of this.tables) for (const seat of table.seats) seat.client.close();
  }
}

interface PhaseResult {
  readonly rate: number;
  readonly movesPerSecond: number;
  readonly errors: number;
  readonly ack: Latency;
  readonly frame: Latency;
  readonly cpuPercent: number;
  readonly cpuMsPerMove: number;
  readonly rssMb: number;
  readonly peakRssMb: number;
  readonly generatorCpuPercent: number;
  readonly frameBytes: number;
  /** `match` bytes that reached the sockets per acknowledged move (all of a match's sockets). */
  readonly receivedBytesPerMove: number;
  /** JSON encodings per move by the server: one per broadcast, the public part once. */
  readonly serialisationsPerMove: number;
  /** Their bytes per move: what the server serialised. */
  readonly serialisedBytesPerMove: number;
  /** The server's own histograms over the window (the server target only). */
  readonly inServer: InServer | null;
}

/**
 * Latency as the server measures it, from its Prometheus histograms scraped before and after the
 * window (`METRICS_PORT`): a command from its arrival in the handler to its answer
 * (`maumau_command_seconds`, accepted), and the store's append inside it
 * (`maumau_store_append_seconds`, ok). What the generator's own queue and the network add is
 * the difference to `ack`. Quantiles are bucket bounds (the smallest `le` holding the share).
 */
interface InServer {
  readonly command: { readonly p50: number; readonly p99: number };
  readonly append: { readonly p50: number; readonly p99: number };
}

type Histograms = Record<"command" | "append", Map<number, number>>;

const HISTOGRAM_LINES = {
  command: /^maumau_command_seconds_bucket\{le="([^"]+)",result="accepted"\} (\d+)$/,
  append: /^maumau_store_append_seconds_bucket\{le="([^"]+)",result="ok"\} (\d+)$/,
} as const;

async function scrapeHistograms(url: string): Promise<Histograms> {
  const text = await (await fetch(url)).text();
  const out: Histograms = { command: new Map(), append: new Map() };
  for (const line of text.split("\n")) {
    for (const kind of ["command", "append"] as const) {
      const m = HISTOGRAM_LINES[kind].exec(line);
      if (m !== null) out[kind].set(m[1] === "+Inf" ? Infinity : Number(m[1]), Number(m[2]));
    }
  }
  return out;
}

/** The bucket bound (ms) under which `q` of the window's observations fall. */
function bucketQuantile(before: Map<number, number>, after: Map<number, number>, q: number) {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const total = (after.get(Infinity) ?? 0) - (before.get(Infinity) ?? 0);
  if (total <= 0) return NaN;
  for (const le of bounds) {
    if ((after.get(le) ?? 0) - (before.get(le) ?? 0) >= q * total) return le * 1000;
  }
  return Infinity;
}

function inServer(before: Histograms, after: Histograms): InServer {
  const of = (kind: keyof Histograms) => ({
    p50: bucketQuantile(before[kind], after[kind], 0.5),
    p99: bucketQuantile(before[kind], after[kind], 0.99),
  });
  return { command: of("command"), append: of("append") };
}

interface Latency {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly n: number;
}

function latency(samples: number[]): Latency {
  const sorted = samples.slice().sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1) ?? NaN,
    n: sorted.length,
  };
}

function summarize(
  phase: Phase,
  before: ProcSample,
  after: ProcSample,
  generatorCpuMs: number,
): Omit<PhaseResult, "inServer"> {
  const elapsed = after.at - before.at;
  const cpu = after.cpuMs - before.cpuMs;
  const bytes = phase.frameBytes;
  const mean = (xs: readonly number[]) =>
    xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length;
  const perMove = (n: number) => (phase.moves === 0 ? NaN : n / phase.moves);
  return {
    rate: phase.rate,
    movesPerSecond: (phase.moves * 1000) / elapsed,
    errors: phase.errors,
    ack: latency(phase.ack),
    frame: latency(phase.frame),
    cpuPercent: (cpu * 100) / elapsed,
    cpuMsPerMove: phase.moves === 0 ? NaN : cpu / phase.moves,
    rssMb: after.rssMb,
    peakRssMb: after.peakRssMb,
    generatorCpuPercent: (generatorCpuMs * 100) / elapsed,
    frameBytes: mean(bytes),
    receivedBytesPerMove: perMove(mean(bytes) * phase.packets),
    serialisationsPerMove: perMove(phase.distinct.size),
    serialisedBytesPerMove: perMove(mean(phase.distinctBytes) * phase.distinct.size),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startTarget(
  target: "server" | "echo",
  dir: string,
  metricsPort: number | null,
): Promise<Child> {
  const port = await freePort();
  if (target === "echo") return startChild("bench/echoServer.ts", { env: {}, port });
  const env: Record<string, string> = {
    LOG_LEVEL: "warn",
    // The load is 1,000 sockets from one address: the per-client limits are lifted explicitly.
    MAX_SOCKETS_PER_CLIENT: String(matchCount * SEATS + 100),
    MAX_OPEN_MATCHES_PER_CLIENT: "1000000",
    MAX_OPEN_MATCHES: "1000000",
    COMMAND_RATE: "1000",
    HTTP_RATE: "1000000",
    GRACE_MS: "3600000",
    UNWATCHED_MS: "3600000",
    WEB_DIST: join(dir, "no-web"),
    // The server's own latency histograms, scraped around each phase (`inServer`).
    ...(metricsPort === null ? {} : { METRICS_PORT: String(metricsPort) }),
  };
  if (args.store === "postgres") {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("--store postgres needs DATABASE_URL");
    env.DATABASE_URL = url;
    env.DATABASE_SCHEMA = `load_${process.pid}_${Date.now()}`;
  } else if (args.store === "memory") {
    env.SQLITE_PATH = ":memory:";
  } else {
    env.SQLITE_PATH = join(dir, "load.sqlite");
  }
  const nodeArgs = [
    ...(args["gc-log"] === undefined
      ? []
      : ["--import", new URL("./gcLog.mjs", import.meta.url).pathname]),
    ...(args["node-flags"]?.split(" ").filter((flag) => flag !== "") ?? []),
    ...(args["cpu-prof"] === undefined ? [] : ["--cpu-prof", "--cpu-prof-dir", args["cpu-prof"]]),
    ...(args["heap-prof"] === undefined
      ? []
      : ["--import", new URL("./allocationSampling.mjs", import.meta.url).pathname]),
  ];
  if (args["gc-log"] !== undefined) env.GC_LOG_FILE = resolve(args["gc-log"]);
  if (args["heap-prof"] !== undefined) {
    env.ALLOCATION_PROFILE_DIR = args["heap-prof"];
    env.ALLOCATION_PROFILE_SCOPE = args["heap-prof-scope"];
  }
  return startChild(buildServer(), { env, port, nodeArgs });
}

function report(target: string, r: PhaseResult, echoUnpaced?: number): string[] {
  const name = `load.${target}.${r.rate === 0 ? "unpaced" : `paced${r.rate}`}`;
  const server = target === "server";
  const lines = [
    figure(
      `${name}.moves`,
      r.movesPerSecond,
      "moves/s",
      server && r.rate === 0
        ? `≥ 8000 and ≥ 0.8 of raw${echoUnpaced === undefined ? "" : ` = ${Math.round(0.8 * echoUnpaced)}`}`
        : undefined,
    ),
    figure(`${name}.ack.p50`, r.ack.p50, "ms"),
    figure(`${name}.ack.p99`, r.ack.p99, "ms", server ? ACK_P99_GOAL[r.rate] : undefined),
    figure(`${name}.ack.max`, r.ack.max, "ms"),
    figure(`${name}.frame.p50`, r.frame.p50, "ms"),
    figure(`${name}.frame.p99`, r.frame.p99, "ms", server ? FRAME_P99_GOAL[r.rate] : undefined),
    figure(`${name}.frame.max`, r.frame.max, "ms"),
    figure(`${name}.cpu`, r.cpuPercent, "% of one core"),
    figure(`${name}.cpuPerMove`, r.cpuMsPerMove, "ms"),
    figure(`${name}.rss`, r.rssMb, "MB", server ? "≤ 200 MB" : undefined),
    figure(`${name}.frameBytes`, r.frameBytes, "bytes"),
    figure(`${name}.frameBytesPerMove`, r.receivedBytesPerMove, "bytes received", WATCHED),
    figure(`${name}.serialisationsPerMove`, r.serialisationsPerMove, "packets", WATCHED),
    figure(`${name}.serialisedBytesPerMove`, r.serialisedBytesPerMove, "bytes", WATCHED),
    figure(`${name}.generatorCpu`, r.generatorCpuPercent, "% of one core"),
  ];
  if (r.inServer !== null) {
    const bound = "ms (bucket bound)";
    lines.push(
      figure(`${name}.inServer.command.p50`, r.inServer.command.p50, bound),
      figure(`${name}.inServer.command.p99`, r.inServer.command.p99, bound),
      figure(`${name}.inServer.append.p50`, r.inServer.append.p50, bound),
      figure(`${name}.inServer.append.p99`, r.inServer.append.p99, bound),
    );
  }
  if (r.errors > 0) lines.push(figure(`${name}.errors`, r.errors, "refused commands"));
  return lines;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "maumau-load-"));
  const results: Record<string, PhaseResult[]> = {};
  const lines: string[] = [];
  console.error(
    `load: ${matchCount} matches × ${SEATS} sockets, phases ${rates.join(",")} moves/s ` +
      `(0 = unpaced), ${seconds} s each after ${WARMUP_MS / 1000} s warm-up, store ${args.store}`,
  );
  // The echo server first: its unpaced rate is the server's goal.
  for (const target of [...targets].sort((a) => (a === "echo" ? -1 : 1))) {
    const metricsPort = target === "server" ? await freePort() : null;
    const child = await startTarget(target, dir, metricsPort);
    const metricsUrl = metricsPort === null ? null : `http://127.0.0.1:${metricsPort}/metrics`;
    const load = new Load(child.url, target === "echo");
    try {
      const setupStart = performance.now();
      await load.connect();
      const base = sampleProc(child.pid);
      console.error(
        `${target}: ${load.tables.length} matches ready in ` +
          `${((performance.now() - setupStart) / 1000).toFixed(1)} s, RSS ${base.rssMb.toFixed(0)} MB`,
      );
      lines.push(figure(`load.${target}.rssAfterSetup`, base.rssMb, "MB"));
      const phases: PhaseResult[] = [];
      for (const rate of rates) {
        const result = await load.run(rate, child.pid, metricsUrl);
        phases.push(result);
        const echoUnpaced = results.echo?.find((p) => p.rate === 0)?.movesPerSecond;
        for (const line of report(target, result, echoUnpaced)) {
          console.log(line);
          lines.push(line);
        }
      }
      results[target] = phases;
      lines.push(figure(`load.${target}.matchesFinished`, load.matchesPlayed, "matches"));
    } finally {
      load.close();
      await child.stop();
    }
  }
  const server = results.server?.find((p) => p.rate === 0);
  const echo = results.echo?.find((p) => p.rate === 0);
  if (server && echo) {
    const line = figure(
      "load.server.unpaced.ofRaw",
      server.movesPerSecond / echo.movesPerSecond,
      "× raw socket.io",
      "≥ 0.8",
    );
    console.log(line);
  }
  if (args.json !== undefined) {
    writeFileSync(
      args.json,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          matches: matchCount,
          seconds,
          store: args.store,
          results,
        },
        null,
        2,
      ),
    );
  }
  rmSync(dir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** A command's outcome, as `maumau_commands_total` labels it. */
export type CommandResult = "accepted" | "duplicate" | "refused" | "failed";

/** A store append's outcome, as `maumau_store_append_seconds` labels it. */
export type AppendResult = "ok" | "duplicate" | "conflict" | "failed";

/** What the scrape reads at the moment it runs (the server's live parts). */
export interface MetricSources {
  /** Matches this process holds in memory, by status. */
  readonly matches?: () => Readonly<Record<string, number>>;
  /** socket.io connections open on this process. */
  readonly sockets?: () => number;
  /** Seats on a grace clock in this process (their owner away, a bot to take over). */
  readonly graceClocks?: () => number;
  /** Null when the store reads and writes; else why not (the /readyz check). */
  readonly store?: () => Promise<string | null>;
  /** Whether Redis answers; absent without Redis. */
  readonly redis?: () => Promise<boolean>;
}

/** Latency buckets in seconds: a SQLite group commit is ~1–10 ms, a slow disk 100 ms and more. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** A search bot thinks up to SEARCH_MS (300 ms by default); the others take microseconds. */
const THINK_BUCKETS = [0.0001, 0.001, 0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** socket.io events this server sends, named in `maumau_socket_*_sent_total` (else `other`). */
const SENT_EVENTS = [
  "match",
  "rpc",
  "seat",
  "presence",
  "lobby",
  "replayRoom",
  "resync",
  "shutdown",
];

/** Each event name with its closing quote, as `eventOf` finds it in a packet. */
const SENT_EVENT_NAMES = SENT_EVENTS.map((name) => [name, `${name}"`] as const);

/**
 * The server's Prometheus metrics in a registry of their own (not prom-client's global one), so
 * that one process can hold several servers (the tests do). Node's default metrics
 * (`nodejs_eventloop_lag_*`, heap, GC, handles) and `process_*` are in it too.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly commands = new Counter({
    name: "maumau_commands_total",
    help: "Game commands (game.command, socket and HTTP) by command type and result",
    labelNames: ["type", "result"] as const,
    registers: [this.registry],
  });

  readonly refusals = new Counter({
    name: "maumau_command_refusals_total",
    help: "Game commands refused, by refusal code (engine and server codes)",
    labelNames: ["code"] as const,
    registers: [this.registry],
  });

  readonly rpcErrors = new Counter({
    name: "maumau_rpc_errors_total",
    help: "Errors answered by any procedure (HTTP tRPC and socket rpc), by refusal code",
    labelNames: ["code"] as const,
    registers: [this.registry],
  });

  readonly commandSeconds = new Histogram({
    name: "maumau_command_seconds",
    help: "Time from a game command's arrival at the match service to its answer, by result",
    labelNames: ["result"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly appendSeconds = new Histogram({
    name: "maumau_store_append_seconds",
    help: "Event store appends (the commit: one transaction, fsync included), by result",
    labelNames: ["result"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly botThinkSeconds = new Histogram({
    name: "maumau_bot_think_seconds",
    help: "Time a server bot took to choose a move, by level (search bots think in worker threads)",
    labelNames: ["level"] as const,
    buckets: THINK_BUCKETS,
    registers: [this.registry],
  });

  readonly watches = new Gauge({
    name: "maumau_watches",
    help: "Matches watched by this process's sockets (one per socket and match), by viewer kind",
    labelNames: ["viewer"] as const,
    registers: [this.registry],
  });

  /**
   * Messages and bytes sent since the last read of the two counters below, by event. `sent` runs
   * for every packet (five or so per move): adding to a number here costs less than prom-client's
   * `inc` with labels (which hashes them each time); the counters take these when read.
   */
  readonly #unsent = new Map<string, { messages: number; bytes: number }>();

  readonly messagesSent = new Counter({
    name: "maumau_socket_messages_sent_total",
    help: "socket.io messages sent to this process's sockets, by event (match = frames, rpc = answers)",
    labelNames: ["event"] as const,
    registers: [this.registry],
    collect: () => this.#flushSent(),
  });

  readonly bytesSent = new Counter({
    name: "maumau_socket_bytes_sent_total",
    help: "Bytes of socket.io messages sent to this process's sockets, by event",
    labelNames: ["event"] as const,
    registers: [this.registry],
    collect: () => this.#flushSent(),
  });

  #sources: MetricSources = {};

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    const sources = () => this.#sources;
    new Gauge({
      name: "maumau_matches",
      help: "Matches held in this process's memory, by status (open = waiting room, closed = waiting room closed before the start)",
      labelNames: ["status"] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        const byStatus = sources().matches?.() ?? {};
        for (const status of ["open", "running", "over", "closed"])
          this.set({ status }, byStatus[status] ?? 0);
      },
    });
    new Gauge({
      name: "maumau_sockets",
      help: "socket.io connections open on this process",
      registers: [this.registry],
      collect() {
        this.set(sources().sockets?.() ?? 0);
      },
    });
    new Gauge({
      name: "maumau_grace_clocks",
      help: "Seats whose owner has no socket on this process, on the grace clock before a bot takes over",
      registers: [this.registry],
      collect() {
        this.set(sources().graceClocks?.() ?? 0);
      },
    });
    new Gauge({
      name: "maumau_store_up",
      help: "1 when the event store reads and writes (the /readyz store check), else 0",
      registers: [this.registry],
      async collect() {
        const check = sources().store;
        this.set(check === undefined ? 1 : (await check().catch(() => "failed")) === null ? 1 : 0);
      },
    });
  }

  /** Where the scrape reads the live figures from (startServer sets them once it has them). */
  setSources(sources: MetricSources): void {
    const { redis } = sources;
    if (redis !== undefined && this.#sources.redis === undefined) {
      new Gauge({
        name: "maumau_redis_up",
        help: "1 when Redis answers a PING, else 0 (only with REDIS_URL)",
        registers: [this.registry],
        async collect() {
          this.set((await redis().catch(() => false)) ? 1 : 0);
        },
      });
    }
    this.#sources = { ...this.#sources, ...sources };
  }

  /** A command was answered (or refused, or failed) after `seconds`. */
  command(type: string, result: CommandResult, seconds: number, refusal?: string): void {
    this.commands.inc({ type, result });
    this.commandSeconds.observe({ result }, seconds);
    if (refusal !== undefined) this.refusals.inc({ code: refusal });
  }

  /** One socket.io packet written to a connection (engine.io's `packetCreate`). */
  sent(data: unknown): void {
    if (typeof data !== "string") return;
    const event = eventOf(data);
    let unsent = this.#unsent.get(event);
    if (unsent === undefined) {
      unsent = { messages: 0, bytes: 0 };
      this.#unsent.set(event, unsent);
    }
    unsent.messages += 1;
    unsent.bytes += Buffer.byteLength(data);
  }

  /** Adds what `sent` counted to the two counters (when either is read). */
  #flushSent(): void {
    for (const [event, unsent] of this.#unsent) {
      if (unsent.messages === 0) continue;
      this.messagesSent.inc({ event }, unsent.messages);
      this.bytesSent.inc({ event }, unsent.bytes);
      unsent.messages = 0;
      unsent.bytes = 0;
    }
  }

  /** The registry in Prometheus's text format. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/**
 * The event a socket.io packet carries: `2["match",…]` is an event (type 2, maybe with a
 * namespace or an ack id before the array), `3<id>[…]` an acknowledgement (an rpc answer).
 */
function eventOf(packet: string): string {
  if (packet.startsWith("3")) return "rpc";
  if (!packet.startsWith("2")) return "other";
  const open = packet.indexOf('["');
  if (open < 0) return "other";
  // Compared in place (no slice per packet): nearly every packet is a frame.
  for (const [name, quoted] of SENT_EVENT_NAMES)
    if (packet.startsWith(quoted, open + 2)) return name;
  return "other";
}

/** Whether `Authorization: Bearer <token>` names the token (compared in constant time). */
export function bearerMatches(req: IncomingMessage, token: string): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1];
  if (sent === undefined) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(sent), digest(token));
}

/**
 * Answers `GET /metrics`: 401 without the right bearer token when `token` is set, else the
 * registry's text.
 */
export async function serveMetrics(
  metrics: Metrics,
  token: string | null,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (token !== null && !bearerMatches(req, token)) {
    const body = "Unauthorized: send Authorization: Bearer <METRICS_TOKEN>\n";
    res.writeHead(401, {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "WWW-Authenticate": 'Bearer realm="metrics"',
      "Cache-Control": "no-store",
    });
    res.end(req.method === "HEAD" ? undefined : body);
    return;
  }
  const { contentType, body } = await metrics.text();
  res.writeHead(200, {
    "Content-Type": contentType,
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

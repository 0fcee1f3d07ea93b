import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { createHTTPHandler } from "@trpc/server/adapters/standalone";
import type { Logger } from "pino";
import type { Server as IoServer, ServerOptions } from "socket.io";
import { createServer, httpServerOptions, type Readiness } from "./app.js";
import type { Config } from "./config.js";
import { MatchService } from "./matches/MatchService.js";
import { finishedLengthIn, ReplayRooms } from "./replays/ReplayRooms.js";
import { connectRedisFanout, type RedisFanout } from "./realtime/redisFanout.js";
import { announceShutdown, attachSocketGateway, closeSockets } from "./realtime/SocketGateway.js";
import { Metrics, serveMetrics } from "./metrics.js";
import type { EventStore } from "./store/EventStore.js";
import { StoreHealth } from "./store/StoreHealth.js";
import { clientOf } from "./security/ClientLimiter.js";
import { appRouter } from "./trpc/appRouter.js";
import { lobbyListShortcut } from "./trpc/lobbyListShortcut.js";
import { commandLogFields, isFailure, seatTokenOf, type Context } from "./trpc/trpc.js";
import { errorIdOf } from "./errors/internal.js";

export interface StartOptions {
  readonly config: Config;
  readonly logger: Logger;
  /** The server owns it from now on: `close()` closes it. */
  readonly store: EventStore;
  /**
   * A socket.io adapter for several processes. By default the Redis streams adapter when
   * `config.redisUrl` is set (the server then owns and closes its Redis client), else in-memory.
   */
  readonly adapter?: ServerOptions["adapter"];
  /** Load recently active matches so that their bots and timers go on (default true). */
  readonly resume?: boolean;
  /** After this long, connections still open at shutdown are cut (default SHUTDOWN_GRACE_MS). */
  readonly shutdownGraceMs?: number;
  /** The registry `/metrics` serves (default: a new one). */
  readonly metrics?: Metrics;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly http: HttpServer;
  readonly io: IoServer;
  readonly service: MatchService;
  /** The shared replays this process holds. */
  readonly replayRooms: ReplayRooms;
  readonly store: EventStore;
  /** The Redis fan-out, when `config.redisUrl` is set. */
  readonly redis: RedisFanout | null;
  readonly metrics: Metrics;
  /** The metrics port's `/metrics` URL, when `METRICS_PORT` is set. */
  readonly metricsUrl: string | null;
  /**
   * Graceful shutdown (SIGTERM): stop accepting, tell every socket `shutdown`, finish the
   * commands in flight, close the sockets (their clients reconnect), wait for open HTTP
   * responses, close the store and Redis. Resolves false when the drain outlasted the grace
   * period and connections had to be cut.
   */
  close(): Promise<boolean>;
}

/** Builds the whole server (HTTP + tRPC + socket.io + matches) and listens. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config, logger } = options;
  const metrics = options.metrics ?? new Metrics();
  // Store failures answer STORE_UNAVAILABLE (503) and make the process unready.
  const health = new StoreHealth(options.store, logger.child({ component: "store" }), metrics);
  const store: EventStore = health;
  const redis =
    options.adapter === undefined && config.redisUrl !== null
      ? await connectRedisFanout({
          url: config.redisUrl,
          prefix: config.redisPrefix,
          logger: logger.child({ component: "redis" }),
        })
      : null;
  if (redis) logger.info({ prefix: config.redisPrefix }, "socket.io: Redis streams adapter");
  const adapter = options.adapter ?? redis?.adapter;
  const service = new MatchService({
    store,
    logger: logger.child({ component: "matches" }),
    botDelayMs: config.botDelayMs,
    search: {
      threads: config.botThreads,
      budget: { playouts: config.searchPlayouts, ms: config.searchMs },
    },
    graceMs: config.graceMs,
    catchUpLimit: config.catchUpLimit,
    limits: {
      openMatchesPerClient: config.maxOpenMatchesPerClient,
      openMatches: config.maxOpenMatches,
      cacheSize: config.matchCacheSize,
      unwatchedMs: config.unwatchedMs,
      lobbyIdleMs: config.lobbyIdleMs,
    },
    ruleSetLimits: {
      perClient: config.maxRuleSetsPerClient,
      total: config.maxRuleSets,
      versionsPerName: config.maxRuleSetVersions,
    },
    // Other processes append to the same streams: read before every decision.
    shared: adapter !== undefined,
    metrics,
  });
  const replayRooms = new ReplayRooms({ finishedLength: finishedLengthIn(service) });
  let stopping = false;
  const trpc = createHTTPHandler({
    router: appRouter,
    basePath: "/trpc/",
    maxBodySize: config.maxPayloadBytes,
    // Queries may come as POST (the client's `methodOverride`): their input is in the body.
    allowMethodOverride: true,
    createContext: ({ req }): Context => ({
      service,
      replayRooms,
      transport: "http",
      client: clientOf(req, config.trustProxy),
      socket: null,
      http: { method: req.method ?? "GET", seatToken: seatTokenOf(req.headers) },
    }),
    onError: ({ error, path, input }) => {
      if (isFailure(error)) {
        logger.error(
          { err: error, path, errorId: errorIdOf(error), ...commandLogFields(path, input) },
          "procedure failed",
        );
      }
    },
  });
  const metricsHandler = (req: IncomingMessage, res: ServerResponse) =>
    serveMetrics(metrics, config.metricsToken, req, res);
  const http = createServer(config, logger, {
    trpc,
    lobbyList: lobbyListShortcut(service, trpc),
    // On the public port only behind a token; else on METRICS_PORT or nowhere.
    ...(config.metricsToken === null ? {} : { metrics: metricsHandler }),
    ready: async (): Promise<Readiness> => {
      if (stopping) {
        return {
          status: "unavailable",
          checks: { server: "stopping" },
          reason: "the server is shutting down",
        };
      }
      const [storeProblem, redisUp] = await Promise.all([
        health.check(),
        redis === null ? null : redis.ping(),
      ]);
      const checks: Record<string, "ok" | "down"> = {
        store: storeProblem === null ? "ok" : "down",
      };
      if (redisUp !== null) checks.redis = redisUp ? "ok" : "down";
      if (storeProblem !== null) return { status: "unavailable", checks, reason: storeProblem };
      if (redisUp === false) {
        return {
          status: "degraded",
          checks,
          reason:
            "redis: unreachable; this process pushes frames to its own sockets only, and every " +
            "socket is told to catch up once Redis is back",
        };
      }
      return { status: "ready", checks };
    },
  });
  const io = attachSocketGateway({
    httpServer: http,
    config,
    logger: logger.child({ component: "sockets" }),
    service,
    replayRooms,
    ...(adapter === undefined ? {} : { adapter }),
    ...(redis === null ? {} : { fanout: redis }),
    metrics,
    accepting: () => !stopping,
  });
  metrics.setSources({
    matches: () => service.matchesByStatus(),
    sockets: () => io.engine.clientsCount,
    graceClocks: () => service.graceClocks,
    store: () => health.check(),
    ...(redis === null ? {} : { redis: () => redis.ping() }),
  });
  const metricsServer =
    config.metricsPort === null ? null : createMetricsServer(config, logger, metricsHandler);

  try {
    await new Promise<void>((done, fail) => {
      http.once("error", fail);
      http.listen(config.port, config.host, () => {
        http.off("error", fail);
        done();
      });
    });
    if (metricsServer !== null)
      // Loopback unless told otherwise: the metrics port has no token (METRICS_TOKEN guards the
      // main port's /metrics), so it must not open on every interface by default.
      await listen(metricsServer, config.metricsPort ?? 0, config.metricsHost ?? "127.0.0.1");
  } catch (error) {
    void io.close();
    metricsServer?.close();
    await redis?.close();
    throw error;
  }
  const address = http.address() as AddressInfo;
  const metricsUrl =
    metricsServer === null ? null : `${urlOf(metricsServer.address() as AddressInfo)}/metrics`;
  if (options.resume ?? true) {
    const running = await service.resume();
    if (running > 0) logger.info({ running }, "resumed running matches");
  }

  let closing: Promise<boolean> | null = null;
  const close = (): Promise<boolean> => {
    closing ??= (async () => {
      stopping = true;
      // Stop accepting; the callback runs once the last open connection has ended.
      const closed = new Promise<void>((done) => http.close(() => done()));
      // Keep-alive connections would hold close() open until they time out: close each as
      // soon as its last response is sent.
      const idle = setInterval(() => http.closeIdleConnections(), 100);
      http.closeIdleConnections();
      // Sockets hold new calls from now on (SocketClient) and send them after the reconnect.
      announceShutdown(io);
      const drained = (async () => {
        await service.close();
        replayRooms.close();
        // The answers of the last commands are written in the turn after the queue drained.
        await new Promise((done) => setImmediate(done));
        await closeSockets(io);
        await closed;
      })();
      let timer: NodeJS.Timeout | undefined;
      const clean = await Promise.race([
        drained.then(() => true),
        new Promise<boolean>((done) => {
          timer = setTimeout(() => done(false), options.shutdownGraceMs ?? config.shutdownGraceMs);
        }),
      ]);
      clearTimeout(timer);
      clearInterval(idle);
      if (!clean) http.closeAllConnections();
      // Disconnects whatever is left and closes the adapter.
      await io.close();
      await new Promise<void>((done) =>
        metricsServer === null ? done() : metricsServer.close(() => done()),
      );
      metricsServer?.closeAllConnections();
      await store.close();
      // Last: frames of the commands drained above are still being published.
      await redis?.close();
      return clean;
    })();
    return closing;
  };

  return {
    url: urlOf(address),
    port: address.port,
    http,
    io,
    service,
    store: options.store,
    redis,
    replayRooms,
    metrics,
    metricsUrl,
    close,
  };
}

/** The metrics port: `GET /metrics` and nothing else. */
function createMetricsServer(
  config: Config,
  logger: Logger,
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): HttpServer {
  return createHttpServer(httpServerOptions(config), (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    handler(req, res).catch((error: unknown) => {
      logger.error({ err: error }, "metrics failed");
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
}

function listen(server: HttpServer, port: number, host: string): Promise<void> {
  return new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => {
      server.off("error", fail);
      done();
    });
  });
}

/** The address the server is bound to, as a URL (`http://0.0.0.0:3000` for every interface). */
export function listeningOn(address: AddressInfo): string {
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Where a browser on this machine reaches the server (`localhost` for every interface). */
export function urlOf(address: AddressInfo): string {
  const wildcard = address.address === "0.0.0.0" || address.address === "::";
  const host = wildcard
    ? "localhost"
    : address.family === "IPv6"
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

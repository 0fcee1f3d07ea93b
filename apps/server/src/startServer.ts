import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createHTTPHandler } from "@trpc/server/adapters/standalone";
import type { Logger } from "pino";
import type { Server as IoServer, ServerOptions } from "socket.io";
import { createServer, type Readiness } from "./app.js";
import type { Config } from "./config.js";
import { MatchService } from "./matches/MatchService.js";
import { connectRedisFanout, type RedisFanout } from "./realtime/redisFanout.js";
import { attachSocketGateway } from "./realtime/SocketGateway.js";
import type { EventStore } from "./store/EventStore.js";
import { clientOf } from "./security/ClientLimiter.js";
import { appRouter } from "./trpc/appRouter.js";
import { seatTokenOf, type Context } from "./trpc/trpc.js";

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
  /** After this long, connections still open at shutdown are cut. */
  readonly shutdownGraceMs?: number;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly http: HttpServer;
  readonly io: IoServer;
  readonly service: MatchService;
  readonly store: EventStore;
  /** The Redis fan-out, when `config.redisUrl` is set. */
  readonly redis: RedisFanout | null;
  /**
   * Graceful shutdown: stop accepting, finish the commands in flight, close the sockets, wait
   * for open HTTP responses, close the store and Redis. Resolves false when connections had to
   * be cut.
   */
  close(): Promise<boolean>;
}

/** Builds the whole server (HTTP + tRPC + socket.io + matches) and listens. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config, logger, store } = options;
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
    },
    // Other processes append to the same streams: read before every decision.
    shared: adapter !== undefined,
  });
  let stopping = false;
  const trpc = createHTTPHandler({
    router: appRouter,
    basePath: "/trpc/",
    maxBodySize: config.maxPayloadBytes,
    // Queries may come as POST (the client's `methodOverride`): their input is in the body.
    allowMethodOverride: true,
    createContext: ({ req }): Context => ({
      service,
      transport: "http",
      client: clientOf(req, config.trustProxy),
      socket: null,
      http: { method: req.method ?? "GET", seatToken: seatTokenOf(req.headers) },
    }),
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR")
        logger.error({ err: error, path }, "procedure failed");
    },
  });
  const http = createServer(config, logger, {
    trpc,
    ready: async (): Promise<Readiness> => {
      if (stopping) return { ready: false, checks: { server: "stopping" } };
      const [storeUp, redisUp] = await Promise.all([
        store.version("match-readiness-probe").then(
          () => true,
          () => false,
        ),
        redis === null ? null : redis.ping(),
      ]);
      const checks: Record<string, "ok" | "down"> = { store: storeUp ? "ok" : "down" };
      if (redisUp !== null) checks.redis = redisUp ? "ok" : "down";
      return { ready: storeUp && redisUp !== false, checks };
    },
  });
  const io = attachSocketGateway({
    httpServer: http,
    config,
    logger: logger.child({ component: "sockets" }),
    service,
    ...(adapter === undefined ? {} : { adapter }),
  });

  try {
    await new Promise<void>((done, fail) => {
      http.once("error", fail);
      http.listen(config.port, config.host, () => {
        http.off("error", fail);
        done();
      });
    });
  } catch (error) {
    void io.close();
    await redis?.close();
    throw error;
  }
  const address = http.address() as AddressInfo;
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
      await service.close();
      // Disconnects every socket; its own wait for the HTTP server is the one above.
      void io.close();
      let clean = true;
      await Promise.race([
        closed,
        new Promise<void>((done) =>
          setTimeout(() => {
            clean = false;
            http.closeAllConnections();
            done();
          }, options.shutdownGraceMs ?? 10_000).unref(),
        ),
      ]);
      clearInterval(idle);
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
    store,
    redis,
    close,
  };
}

export function urlOf(address: AddressInfo): string {
  const wildcard = address.address === "0.0.0.0" || address.address === "::";
  const host = wildcard
    ? "localhost"
    : address.family === "IPv6"
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

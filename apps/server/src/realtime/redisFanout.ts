import type { Logger } from "pino";
import type { Namespace, ServerOptions } from "socket.io";
import {
  Adapter,
  MessageType,
  type BroadcastOptions,
  type ClusterAdapter,
  type ClusterMessage,
} from "socket.io-adapter";

/** The socket.io Redis streams adapter and the Redis client it publishes with. */
export interface RedisFanout {
  readonly adapter: NonNullable<ServerOptions["adapter"]>;
  /** Whether what is published now goes out to the other processes (Redis is connected). */
  readonly up: boolean;
  /**
   * Called when Redis carries messages again after some may have been lost: a reconnect, or a
   * publish that worked after one that failed. The other processes' sockets (and, after a
   * Redis restart, this process's too) may have missed frames meanwhile.
   */
  onRecovered(listener: () => void): () => void;
  /** True when Redis answers a PING within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * Sends what is queued, then closes the client (the adapter closes its own with socket.io);
   * while Redis is down, drops what is queued at once.
   */
  close(): Promise<void>;
}

export interface RedisFanoutOptions {
  readonly url: string;
  /** Names the stream and channels (`<prefix>:socket.io`), so that deployments can share Redis. */
  readonly prefix: string;
  readonly logger: Logger;
  /** Give up connecting at start after this long (default 10 s). */
  readonly connectTimeoutMs?: number;
}

/** How often a Redis failure is logged while it lasts. */
const ERROR_LOG_INTERVAL_MS = 5000;

/**
 * Connects to Redis and builds the streams adapter: a frame emitted to a room by the process that
 * committed reaches the sockets in that room on every process. Frames are plain JSON.
 */
export async function connectRedisFanout(options: RedisFanoutOptions): Promise<RedisFanout> {
  const { url, prefix, logger } = options;
  // Imported here, when REDIS_URL is set: loaded at start-up, the client and the adapter cost a
  // process without Redis ~20 MB of RSS.
  const [{ createClient }, { createAdapter }] = await Promise.all([
    import("redis"),
    import("@socket.io/redis-streams-adapter"),
  ]);
  const client = createClient({
    url,
    socket: { reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2000) },
  });
  let lastLogged = 0;
  client.on("error", (error: unknown) => {
    const now = Date.now();
    if (now - lastLogged < ERROR_LOG_INTERVAL_MS) return;
    lastLogged = now;
    logger.error({ err: error }, "Redis connection failed");
  });
  const recoveredListeners = new Set<() => void>();
  let lost = false;
  let everReady = false;
  const recovered = () => {
    lost = false;
    for (const listener of recoveredListeners) listener();
  };
  client.on("ready", () => {
    if (lastLogged !== 0) logger.info("Redis connection is back");
    lastLogged = 0;
    // Every "ready" after the first is a reconnect.
    if (everReady) recovered();
    everReady = true;
  });

  const timeoutMs = options.connectTimeoutMs ?? 10_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect(),
      new Promise<never>((_, fail) => {
        timer = setTimeout(
          () => fail(new Error(`Redis did not answer within ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]);
  } catch (error) {
    client.destroy();
    throw error;
  } finally {
    clearTimeout(timer);
  }

  const streams = createAdapter(catchingPublish(client), {
    streamName: `${prefix}:socket.io`,
    channelPrefix: `${prefix}:socket.io`,
    sessionKeyPrefix: `${prefix}:sio:session:`,
    onlyPlaintext: true,
    // Shorter blocking reads let the adapter's reader end soon after a shutdown.
    blockTimeInMs: 2000,
  });
  const publishing: PublishState = {
    up: () => client.isReady,
    published: () => {
      if (lost) recovered();
    },
    failed: () => {
      lost = true;
    },
  };
  // socket.io calls it with `new`: a function, not an arrow.
  const adapter = function (nsp: Namespace) {
    return localFirst(streams(nsp), publishing);
  };

  return {
    adapter: adapter as unknown as NonNullable<ServerOptions["adapter"]>,
    get up() {
      return client.isReady;
    },
    onRecovered(listener) {
      recoveredListeners.add(listener);
      return () => recoveredListeners.delete(listener);
    },
    async ping(pingTimeoutMs = 1000) {
      if (!client.isReady) return false;
      let pingTimer: NodeJS.Timeout | undefined;
      try {
        const answer = await Promise.race([
          client.ping(),
          new Promise<null>((done) => {
            pingTimer = setTimeout(() => done(null), pingTimeoutMs);
          }),
        ]);
        return answer === "PONG";
      } catch {
        return false;
      } finally {
        clearTimeout(pingTimer);
      }
    },
    async close() {
      if (!client.isOpen) return;
      // Redis is down: what waits in the client's queue would hold the shutdown until it is back.
      if (!client.isReady) {
        client.destroy();
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          client.close(),
          new Promise<never>((_, fail) => {
            timer = setTimeout(() => fail(new Error("Redis did not answer at close")), 2000);
          }),
        ]);
      } catch (error) {
        logger.warn({ err: error }, "Redis close failed");
        client.destroy();
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * The client as the adapter gets it: its PUBLISH failures are caught. The adapter publishes
 * `serverSideEmit` messages without handling a failure, so one lost with the connection (or
 * dropped from the queue at shutdown) would be an unhandled rejection, which ends the process;
 * such a message is lost either way, and its asker's timeout covers it.
 */
function catchingPublish<C extends object>(client: C): C {
  return new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => unknown;
      if (key !== "publish") return method.bind(target);
      return (...args: unknown[]) => (method.apply(target, args) as Promise<number>).catch(() => 0);
    },
  });
}

/** What `localFirst` needs of the cluster adapter: its (protected) publish of one message. */
interface Publisher {
  publishAndReturnOffset(
    message: Omit<ClusterMessage & { type: MessageType.BROADCAST }, "uid" | "nsp">,
  ): Promise<string>;
}

interface PublishState {
  /** Redis is connected: a publish can go out now. */
  up: () => boolean;
  published: () => void;
  /** A broadcast did not reach Redis (down, or the publish failed). */
  failed: () => void;
}

/**
 * The streams adapter with its broadcasts turned around: the process's own sockets get a
 * broadcast at once, and only then is it published for the other processes (the stock cluster
 * adapter waits for Redis to take it first, so an outage stopped every frame). While Redis is
 * down nothing is published or queued: the resync after the outage makes up for it.
 */
function localFirst(adapter: ClusterAdapter, state: PublishState): ClusterAdapter {
  const publisher = adapter as unknown as Publisher;
  adapter.broadcast = async (
    packet: Parameters<Adapter["broadcast"]>[0],
    opts: BroadcastOptions,
  ) => {
    Adapter.prototype.broadcast.call(adapter, packet, opts);
    if (opts.flags?.local) return;
    if (!state.up()) {
      state.failed();
      return;
    }
    // Settles once Redis has taken it (or refused: `failed` handles that); socket.io does not
    // wait for a broadcast, so the sockets here never wait for Redis.
    await publisher
      .publishAndReturnOffset({
        type: MessageType.BROADCAST,
        data: {
          packet,
          opts: {
            rooms: [...opts.rooms],
            except: [...(opts.except ?? [])],
            flags: opts.flags ?? {},
          },
        },
      })
      .then(state.published, state.failed);
  };
  return adapter;
}

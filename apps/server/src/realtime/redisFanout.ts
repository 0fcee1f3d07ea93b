import { createAdapter } from "@socket.io/redis-streams-adapter";
import type { Logger } from "pino";
import { createClient } from "redis";
import type { ServerOptions } from "socket.io";

/** The socket.io Redis streams adapter and the Redis client it publishes with. */
export interface RedisFanout {
  readonly adapter: NonNullable<ServerOptions["adapter"]>;
  /** True when Redis answers a PING within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Sends what is queued, then closes the client (the adapter closes its own with socket.io). */
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
  client.on("ready", () => {
    if (lastLogged !== 0) logger.info("Redis connection is back");
    lastLogged = 0;
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

  const adapter = createAdapter(client, {
    streamName: `${prefix}:socket.io`,
    channelPrefix: `${prefix}:socket.io`,
    sessionKeyPrefix: `${prefix}:sio:session:`,
    onlyPlaintext: true,
    // Shorter blocking reads let the adapter's reader end soon after a shutdown.
    blockTimeInMs: 2000,
  }) as NonNullable<ServerOptions["adapter"]>;

  return {
    adapter,
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
      try {
        await client.close();
      } catch (error) {
        logger.warn({ err: error }, "Redis close failed");
        client.destroy();
      }
    },
  };
}

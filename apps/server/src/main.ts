import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { startServer } from "./startServer.js";
import { createEventStore } from "./store/index.js";

/** After this long, connections still open at shutdown are cut and the exit code says so. */
const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`maumau-server: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const logger = pino({
  level: config.logLevel,
  base: { service: "maumau-server", pid: process.pid },
});

let running: Awaited<ReturnType<typeof startServer>>;
try {
  const store = await createEventStore(config, logger);
  running = await startServer({ config, logger, store, shutdownGraceMs: SHUTDOWN_GRACE_MS });
} catch (error) {
  logger.fatal({ err: error, host: config.host, port: config.port }, "server failed");
  process.exit(1);
}
logger.info(
  {
    url: running.url,
    host: (running.http.address() as AddressInfo).address,
    port: running.port,
    webDist: config.webDist,
  },
  `listening on ${running.url}`,
);

let stopping = false;
function shutdown(signal: NodeJS.Signals): void {
  if (stopping) {
    logger.warn({ signal }, "second signal, exiting now");
    process.exit(1);
  }
  stopping = true;
  logger.info({ signal }, "shutting down: no new connections, finishing open requests");
  running.close().then(
    (clean) => {
      if (!clean)
        logger.error({ graceMs: SHUTDOWN_GRACE_MS }, "requests still open after the grace period");
      logger.info("stopped");
      process.exit(clean ? 0 : 1);
    },
    (error: unknown) => {
      logger.error({ err: error }, "close failed");
      process.exit(1);
    },
  );
}

process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { createServer } from "./app.js";
import { ConfigError, loadConfig, type Config } from "./config.js";

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

function urlOf(address: AddressInfo): string {
  const wildcard = address.address === "0.0.0.0" || address.address === "::";
  const host = wildcard
    ? "localhost"
    : address.family === "IPv6"
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

const config = readConfig();
const logger = pino({
  level: config.logLevel,
  base: { service: "maumau-server", pid: process.pid },
});
const server = createServer(config, logger);

server.on("error", (error) => {
  logger.fatal({ err: error, host: config.host, port: config.port }, "server failed");
  process.exit(1);
});

server.listen(config.port, config.host, () => {
  const address = server.address() as AddressInfo;
  const url = urlOf(address);
  logger.info(
    { url, host: address.address, port: address.port, webDist: config.webDist },
    `listening on ${url}`,
  );
});

let stopping = false;
function shutdown(signal: NodeJS.Signals): void {
  if (stopping) {
    logger.warn({ signal }, "second signal, exiting now");
    process.exit(1);
  }
  stopping = true;
  logger.info({ signal }, "shutting down: no new connections, finishing open requests");
  const force = setTimeout(() => {
    logger.error({ graceMs: SHUTDOWN_GRACE_MS }, "requests still open after the grace period");
    server.closeAllConnections();
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  server.close((error) => {
    if (error) {
      logger.error({ err: error }, "close failed");
      process.exit(1);
    }
    logger.info("stopped");
    process.exit(0);
  });
  // Keep-alive sockets would hold close() open until they time out; close each as soon
  // as its last request is answered.
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 100).unref();
}

process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

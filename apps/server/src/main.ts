import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { pino } from "pino";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { helpText } from "./settings.js";
import { listeningOn, startServer } from "./startServer.js";
import { createEventStore, storeDescription } from "./store/index.js";

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  process.stdout.write(helpText());
  process.exit(0);
}

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
// Memory against speed (HEAP_GROWTH_PERCENT, default 100): under load the old generation fills
// with promoted garbage, and V8's own factor lets it grow to 3-4× the live heap. V8 reads the
// factor at every full collection, so setting it here, before the store, the sockets and the
// matches, governs the whole run (worker threads share the process's flags). 0 leaves V8's own.
if (config.heapGrowthPercent > 0) {
  setFlagsFromString(`--heap-growing-percent=${config.heapGrowthPercent}`);
}
const logger = pino({
  level: config.logLevel,
  base: { service: "maumau-server", pid: process.pid },
});

let running: Awaited<ReturnType<typeof startServer>>;
try {
  const store = await createEventStore(config, logger);
  running = await startServer({ config, logger, store });
} catch (error) {
  logger.fatal({ err: error, host: config.host, port: config.port }, "server failed");
  process.exit(1);
}
const bound = running.http.address() as AddressInfo;
const listening = listeningOn(bound);
const store = storeDescription(config);
logger.info(
  {
    url: running.url,
    listening,
    host: bound.address,
    port: running.port,
    store,
    webDist: config.webDist,
    ...(config.publicOrigin === null ? {} : { publicOrigin: config.publicOrigin }),
    ...(running.metricsUrl === null ? {} : { metrics: running.metricsUrl }),
    heapGrowthPercent: config.heapGrowthPercent,
  },
  `listening on ${listening}${listening === running.url ? "" : ` (every interface: open ${running.url})`}; store: ${store}${running.metricsUrl === null ? "" : `; metrics: ${running.metricsUrl}`}`,
);

let stopping = false;
function shutdown(signal: NodeJS.Signals): void {
  if (stopping) {
    logger.warn({ signal }, "second signal, exiting now");
    process.exit(1);
  }
  stopping = true;
  const graceMs = config.shutdownGraceMs;
  logger.info(
    { signal, graceMs },
    "shutting down: no new connections, finishing queued commands, sockets told to reconnect",
  );
  // Closing the store and Redis after the drain gets a bound of its own.
  setTimeout(() => {
    logger.error({ graceMs }, "shutdown did not finish; exiting");
    process.exit(1);
  }, graceMs + 5_000).unref();
  running.close().then(
    (clean) => {
      if (!clean) logger.error({ graceMs }, "requests still open after the grace period");
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

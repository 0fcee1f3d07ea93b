export { createServer, describeVariant, type Api } from "./app.js";
export { ConfigError, defaultConfig, loadConfig, type Config, type LogLevel } from "./config.js";
export { startServer, type RunningServer, type StartOptions } from "./startServer.js";
export type { AppRouter } from "./trpc/appRouter.js";
export type { RuleSetSummary, SavedRuleSet } from "./ruleSets/RuleSetService.js";
// The wire protocol (snapshots, frames, errors) lives in @maumau/client.

export { createServer, describeVariant, type VariantSummary } from "./app.js";
export { ConfigError, loadConfig, type Config, type LogLevel } from "./config.js";

import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** `apps/web/dist`, found from this file so it works whatever the working directory. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Absolute path of the built web client. */
  readonly webDist: string;
  readonly logLevel: LogLevel;
}

// An empty variable (`PORT=` in a .env or compose file) means "not set", not "invalid".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema);

const envSchema = z.object({
  PORT: optional(
    z
      .string()
      .trim()
      .regex(/^\d+$/, "must be a whole number from 0 to 65535")
      .transform(Number)
      .pipe(z.number().int().min(0).max(65535, "must be a whole number from 0 to 65535"))
      .default(3000),
  ),
  HOST: optional(z.string().trim().default("0.0.0.0")),
  WEB_DIST: optional(
    z
      .string()
      .trim()
      .transform((p) => (isAbsolute(p) ? p : resolve(p)))
      .default(DEFAULT_WEB_DIST),
  ),
  LOG_LEVEL: optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }))
      .default("info"),
  ),
});

/** Thrown for an invalid environment; its message names every bad variable. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(readonly problems: readonly { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join("\n")}`,
    );
  }
}

/** Reads the server's configuration from the environment, filling defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse({
    PORT: env.PORT,
    HOST: env.HOST,
    WEB_DIST: env.WEB_DIST,
    LOG_LEVEL: env.LOG_LEVEL,
  });
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? "environment"),
        message: `${issue.message} (got ${JSON.stringify(env[String(issue.path[0])] ?? null)})`,
      })),
    );
  }
  const { PORT, HOST, WEB_DIST, LOG_LEVEL } = result.data;
  return { port: PORT, host: HOST, webDist: WEB_DIST, logLevel: LOG_LEVEL };
}

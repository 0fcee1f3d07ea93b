import { randomUUID } from "node:crypto";
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from "node:http";
import { extname, join } from "node:path";
import type { OptionSchema, VariantSummary } from "@maumau/client";
import type { AnyVariant } from "@maumau/engine";
import { variants } from "@maumau/registry";
import type { Logger } from "pino";
import { z } from "zod";
import type { Config } from "./config.js";
import type { ErrorRefusal } from "./errors/ServiceError.js";
import { ClientLimiter, clientOf } from "./security/ClientLimiter.js";
import { SECURITY_HEADERS } from "./security/headers.js";
import { HostPolicy } from "./security/HostPolicy.js";
import { OriginPolicy } from "./security/OriginPolicy.js";
import { cacheControlFor, fileStats, resolveInside, sendFile } from "./static.js";
import { inputTextRefusal } from "./trpc/text.js";

/** The live parts behind the HTTP routes; absent, the server only serves files and health. */
export interface Api {
  /** Answers a request under `/trpc/`. */
  readonly trpc: (req: IncomingMessage, res: ServerResponse) => void;
  /**
   * Answers `GET /trpc/lobby.list` itself when it can (true), as tRPC would; else `trpc` does
   * (`lobbyListShortcut`).
   */
  readonly lobbyList?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Whether the store (and Redis, when configured) answers and the server is not shutting down. */
  readonly ready: () => Promise<Readiness>;
  /** `GET /metrics` on this port (only with `METRICS_TOKEN`); absent = 404. */
  readonly metrics?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}

/**
 * What `/readyz` reports. `ready` and `degraded` take traffic (HTTP 200): degraded serves every
 * request, with less than it promises (`reason` says what). `unavailable` (503) does not.
 */
export interface Readiness {
  readonly status: "ready" | "degraded" | "unavailable";
  readonly checks: Readonly<Record<string, "ok" | "down" | "stopping">>;
  /** Why the status is not `ready`. */
  readonly reason?: string;
}

/** What clients learn about a variant: its data and its options' JSON Schema, never code. */
export function describeVariant(variant: AnyVariant): VariantSummary {
  return {
    id: variant.id,
    names: variant.names,
    description: variant.description,
    players: variant.players,
    optionDocs: variant.optionDocs,
    optionSchema: optionSchemaOf(variant),
    ruleBook: variant.ruleBook,
    theme: variant.theme,
  };
}

export type { VariantSummary };

function optionSchemaOf(variant: AnyVariant): OptionSchema | null {
  try {
    return z.toJSONSchema(variant.optionsSchema, {
      io: "input",
      unrepresentable: "any",
    }) as OptionSchema;
  } catch {
    return null;
  }
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Mau Mau – not built yet</title></head>
<body>
<h1>The web client is not built yet</h1>
<p>Build it with <code>node tooling/scripts/pnpm.mjs --filter @maumau/web build</code>
and reload this page. The API is up: <a href="/api/variants">/api/variants</a>.</p>
</body>
</html>
`;

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(payload),
    "Cache-Control": "no-store",
    ...headers,
  });
  res.end(res.req.method === "HEAD" ? undefined : payload);
}

function sendText(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    "Content-Type": `${type}; charset=utf-8`,
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
  });
  res.end(res.req.method === "HEAD" ? undefined : body);
}

/** The path part of a request target, decoded; null when it cannot be decoded. */
function requestPath(req: IncomingMessage): string | null {
  const target = req.url ?? "/";
  const raw = target.slice(0, target.search(/[?#]|$/));
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** An error body the tRPC client can read: the same shape and refusal as every other error. */
function sendRpcError(
  res: ServerResponse,
  status: number,
  trpcCode: string,
  rpc: number,
  refusal: ErrorRefusal,
) {
  sendJson(res, status, {
    error: {
      message: refusal.message.en,
      code: rpc,
      data: { code: trpcCode, httpStatus: status, refusal },
    },
  });
}

/**
 * A request's body as text, or null once it is longer than `max` bytes (the rest is not read;
 * Node discards it after the answer).
 */
function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > max) return Promise.resolve(null);
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.off("data", onData);
        req.off("end", onEnd);
        req.resume();
        done(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => done(Buffer.concat(chunks, size).toString("utf8"));
    req.on("data", onData);
    req.on("end", onEnd);
    req.once("error", fail);
  });
}

/**
 * The methods `/trpc` answers: queries by GET (HEAD: tRPC's empty 204), mutations (and queries
 * with `methodOverride`) by POST, CORS preflights by OPTIONS.
 */
const TRPC_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "POST", "OPTIONS"]);
const TRPC_ALLOW = [...TRPC_METHODS].join(", ");

const isTrpcPath = (path: string): boolean => path === "/trpc" || path.startsWith("/trpc/");

/** The request target for logs: tRPC queries carry seat tokens in the query string. */
const loggedUrl = (url: string | undefined): string | undefined =>
  url !== undefined && isTrpcPath(url.split("?")[0] ?? "") ? url.split("?")[0] : url;

/** How long an idle keep-alive connection stays open after its last answer (Node's default). */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/**
 * Node's bounds on slow clients, for every port this process serves: a request's head must
 * arrive within `HEADERS_TIMEOUT_MS` and the whole request within `REQUEST_TIMEOUT_MS` (else
 * 408 and the connection is closed), an idle keep-alive connection closes after
 * `KEEP_ALIVE_TIMEOUT_MS`. Node checks the first two every `connectionsCheckingInterval`
 * (30 s by default, which would let a 10 s bound run to 40 s): here at most every second. An
 * upgraded connection (a websocket) and an answer being sent (a long poll, a download) are
 * not bounded by them.
 */
export function httpServerOptions(
  config: Pick<Config, "headersTimeoutMs" | "requestTimeoutMs">,
): ServerOptions {
  return {
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs),
  };
}

/**
 * The HTTP server: health, readiness, the tRPC API, the variant list and the built web client.
 * It is returned unstarted so the caller chooses port, host and shutdown.
 */
export function createServer(config: Config, logger: Logger, api?: Api): Server {
  const variantList = variants.map(describeVariant);
  const origins = OriginPolicy.of(config);
  const hosts = new HostPolicy(config.allowedHosts, config.publicOrigin);
  const limiter = new ClientLimiter(config.httpRate);

  function handleTrpc(req: IncomingMessage, res: ServerResponse): void {
    const corsOrigin = origins.corsOrigin(req);
    if (corsOrigin !== null) {
      res.setHeader("Access-Control-Allow-Origin", corsOrigin);
      res.setHeader("Vary", "Origin");
    }
    if (req.method === "OPTIONS") {
      if (corsOrigin === null) {
        sendJson(
          res,
          405,
          { error: "method_not_allowed", message: "CORS is not enabled for this origin." },
          { Allow: TRPC_ALLOW },
        );
        return;
      }
      res.writeHead(204, {
        "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
        "Access-Control-Allow-Headers": "content-type, trpc-accept, authorization, x-seat-token",
        "Access-Control-Max-Age": "600",
      });
      res.end();
      return;
    }
    // tRPC answers only these; anything else (TRACE, PUT, …) is refused here, before the rate
    // limit and the handler, which failed on TRACE with a 500 and an error line (issue F7).
    if (!TRPC_METHODS.has(req.method ?? "")) {
      sendJson(
        res,
        405,
        { error: "method_not_allowed", message: `${req.method ?? "?"} is not allowed on /trpc.` },
        { Allow: TRPC_ALLOW },
      );
      return;
    }
    if (req.method === "POST" && !origins.allows(req)) {
      logger.warn({ origin: req.headers.origin, url: loggedUrl(req.url) }, "origin refused");
      sendRpcError(res, 403, "FORBIDDEN", -32003, {
        code: "FORBIDDEN_ORIGIN",
        message: {
          en: "Requests from this origin are not allowed.",
          de: "Anfragen von dieser Herkunft sind nicht erlaubt.",
        },
      });
      return;
    }
    if (!limiter.take(clientOf(req, config.trustProxy))) {
      sendRpcError(res, 429, "TOO_MANY_REQUESTS", -32029, {
        code: "RATE_LIMITED",
        message: {
          en: `More than ${config.httpRate} API requests a second from this client.`,
          de: `Mehr als ${config.httpRate} API-Anfragen pro Sekunde von diesem Client.`,
        },
      });
      return;
    }
    // A batched request names its procedures in the path: `/trpc/a,b,c`.
    const named = (requestPath(req) ?? "").slice("/trpc/".length).split(",");
    const procedures = named.length;
    // The list is the one large answer (a bound in docs/reliability.md): once per request, so
    // that a batch cannot multiply it (issue #18.3).
    if (named.filter((name) => name === "lobby.list").length > 1) {
      sendRpcError(res, 429, "TOO_MANY_REQUESTS", -32029, {
        code: "LIMIT",
        message: {
          en: "At most one lobby.list in one batch.",
          de: "Höchstens ein lobby.list in einem Stapel.",
        },
      });
      return;
    }
    if (procedures > config.maxBatch) {
      sendRpcError(res, 429, "TOO_MANY_REQUESTS", -32029, {
        code: "LIMIT",
        message: {
          en: `At most ${config.maxBatch} procedures in one batch (got ${procedures}).`,
          de: `Höchstens ${config.maxBatch} Prozeduren in einem Stapel (erhalten: ${procedures}).`,
        },
      });
      return;
    }
    if (api === undefined) {
      sendJson(res, 404, { error: "not_found", message: "The API is not running." });
      return;
    }
    if (req.method !== "POST") {
      if (api.lobbyList?.(req, res) !== true) api.trpc(req, res);
      return;
    }
    const trpc = api.trpc;
    readBody(req, config.maxPayloadBytes).then(
      (body) => {
        if (body === null) {
          sendRpcError(res, 413, "PAYLOAD_TOO_LARGE", -32013, {
            code: "PAYLOAD_TOO_LARGE",
            message: { en: "The request is too large.", de: "Die Anfrage ist zu groß." },
          });
          return;
        }
        // Issue #18: an input deeper or larger than any may be (a batch adds one level and a
        // value per procedure) is refused from its text, before JSON.parse builds it; the
        // procedures' own check on the parsed input is exact.
        const refused = inputTextRefusal(body, { depth: 1, nodes: procedures }, procedures);
        if (refused !== null) {
          sendRpcError(res, 400, "BAD_REQUEST", -32600, refused.refusal);
          return;
        }
        // tRPC reads a body already read from `req.body` (a string it parses as it is).
        (req as IncomingMessage & { body?: string }).body = body === "" ? undefined : body;
        trpc(req, res);
      },
      () => res.destroy(),
    );
  }

  async function serveStatic(req: IncomingMessage, res: ServerResponse, path: string) {
    const file = resolveInside(config.webDist, path.endsWith("/") ? `${path}index.html` : path);
    if (file === null) {
      sendJson(res, 400, { error: "bad_path", message: "The path leaves the web root." });
      return;
    }
    const stats = await fileStats(file);
    if (stats) {
      await sendFile(req, res, file, stats, cacheControlFor(path));
      return;
    }
    // A missing file (an old hashed chunk, a typo) must not come back as HTML with 200.
    if (extname(path) !== "") {
      sendText(res, 404, "text/plain", "Not found\n");
      return;
    }
    const index = join(config.webDist, "index.html");
    const indexStats = await fileStats(index);
    if (indexStats) {
      await sendFile(req, res, index, indexStats, "no-cache");
      return;
    }
    sendText(res, 503, "text/html", NOT_BUILT_PAGE);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = requestPath(req);
    if (!hosts.allows(req)) {
      refuseHost(req, res, target !== null && isTrpcPath(target));
      return;
    }
    if (target !== null && isTrpcPath(target)) {
      handleTrpc(req, res);
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      sendJson(
        res,
        405,
        { error: "method_not_allowed", message: `${req.method ?? "?"} is not allowed here.` },
        { Allow: "GET, HEAD" },
      );
      return;
    }
    const path = requestPath(req);
    if (path === null || !path.startsWith("/")) {
      sendJson(res, 400, { error: "bad_path", message: "The path cannot be decoded." });
      return;
    }
    if (path === "/healthz") {
      sendJson(res, 200, { status: "ok" });
      return;
    }
    if (path === "/readyz") {
      const readiness: Readiness =
        api === undefined
          ? { status: "ready", checks: {} }
          : await api.ready().catch((error: unknown): Readiness => {
              // The check's own failure goes to the log with an id; /readyz is public (#18.6).
              const id = randomUUID();
              logger.error({ err: error, errorId: id }, "the readiness check failed");
              return {
                status: "unavailable",
                checks: {},
                reason: `readiness check failed (error ${id} in the server log)`,
              };
            });
      sendJson(res, readiness.status === "unavailable" ? 503 : 200, readiness);
      return;
    }
    if (path === "/metrics") {
      if (api?.metrics === undefined) {
        sendJson(res, 404, {
          error: "not_found",
          message: "Metrics are served on METRICS_PORT, or here with METRICS_TOKEN.",
        });
      } else await api.metrics(req, res);
      return;
    }
    if (path === "/api/variants") {
      sendJson(res, 200, variantList);
      return;
    }
    if (path === "/api" || path.startsWith("/api/")) {
      sendJson(res, 404, { error: "not_found", message: `No API route ${path}.` });
      return;
    }
    await serveStatic(req, res, path);
  }

  function refuseHost(req: IncomingMessage, res: ServerResponse, rpc: boolean): void {
    logger.warn({ host: req.headers.host, url: loggedUrl(req.url) }, "host refused");
    const message = {
      en: "This server does not answer to this host name (ALLOWED_HOSTS).",
      de: "Dieser Server antwortet nicht unter diesem Hostnamen (ALLOWED_HOSTS).",
    };
    // 421 Misdirected Request: the name is not one this server serves.
    if (rpc) sendRpcError(res, 421, "FORBIDDEN", -32003, { code: "FORBIDDEN_HOST", message });
    else sendJson(res, 421, { error: "forbidden_host", message: message.en });
  }

  return createHttpServer(httpServerOptions(config), (req, res) => {
    const started = performance.now();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    res.on("finish", () => {
      const entry = {
        method: req.method,
        url: loggedUrl(req.url),
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
      };
      if (req.url === "/healthz" || req.url === "/readyz" || req.url === "/metrics")
        logger.debug(entry, "request");
      else logger.info(entry, "request");
    });
    handle(req, res).catch((error: unknown) => {
      const entry = { err: error, method: req.method, url: loggedUrl(req.url) };
      if (res.headersSent) {
        // Mostly a client that went away mid-download; nothing left to answer.
        logger.warn(entry, "response aborted");
        res.destroy();
        return;
      }
      const errorId = randomUUID();
      logger.error({ ...entry, errorId }, "request failed");
      sendJson(res, 500, {
        error: "internal",
        message: `Internal error (id ${errorId}).`,
        errorId,
      });
    });
  });
}

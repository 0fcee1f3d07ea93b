import type { IncomingMessage } from "node:http";
import type { Logger } from "pino";
import type { Server, ServerOptions } from "socket.io";
import type { Config } from "../config.js";
import { clientOf, ConnectionCounter } from "../security/ClientLimiter.js";
import { HostPolicy } from "../security/HostPolicy.js";
import { OriginPolicy } from "../security/OriginPolicy.js";

/**
 * How long a connection may stay without joining a namespace (socket.io's `connectTimeout`,
 * 45 s by default). A client joins right after its handshake; a bare engine.io connection that
 * never does is closed after this, and its place under the cap is free again.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The engine.io connections one client may hold: twice its sockets. One socket is one
 * connection, and the room above lets a client at its socket cap still be answered with the
 * typed `LIMIT` (which needs a connection to travel on) while old connections close.
 */
export const engineConnectionsPerClient = (config: Pick<Config, "maxSocketsPerClient">): number =>
  2 * config.maxSocketsPerClient;

/** What of engine.io's server the engine-level count listens to. */
export interface EngineEvents {
  on(event: "connection", listener: (conn: EngineConnection) => void): unknown;
  on(event: "connection_error", listener: (error: { req: IncomingMessage }) => void): unknown;
}

/** An engine.io connection: the handshake request it was opened by, and its end. */
export interface EngineConnection {
  readonly request: IncomingMessage;
  once(event: "close", listener: () => void): unknown;
  close(): unknown;
}

/** Who may open a socket: the handshake's checks (for `new Server`) and the per-client cap. */
export interface SocketAdmission {
  /** socket.io's `allowRequest`, `connectTimeout` and, when other origins are allowed, `cors`. */
  readonly options: Pick<Partial<ServerOptions>, "allowRequest" | "connectTimeout" | "cors">;
  /**
   * Counts each client's open sockets and engine.io connections on this server; `allowRequest`
   * refuses the handshakes over the connection cap, the middleware the sockets over theirs.
   */
  limitConnections(io: { use: Server["use"]; engine: EngineEvents }): void;
}

/**
 * A handshake is refused while the server drains, when its `Host` names another server (DNS
 * rebinding), when its `Origin` is not allowed (`README.md`, "Host names") and when its client
 * holds `engineConnectionsPerClient` engine.io connections (issue F4: connections that never
 * join a namespace passed the socket cap); a client with `MAX_SOCKETS_PER_CLIENT` sockets open
 * is refused before any message, with a typed `LIMIT`.
 *
 * engine.io asks `allowRequest` only for a new connection (a polling handshake or a websocket
 * opened directly), never for the websocket upgrade of an open one (it names its `sid`), so a
 * connection is counted once, from its handshake until engine.io closes it.
 */
export function socketAdmission(opts: {
  readonly config: Config;
  readonly logger: Logger;
  /** False once the server drains: new connections are refused. */
  readonly accepting?: (() => boolean) | undefined;
}): SocketAdmission {
  const { config, logger, accepting } = opts;
  const origins = OriginPolicy.of(config);
  const hosts = new HostPolicy(config.allowedHosts, config.publicOrigin);
  const engineMax = engineConnectionsPerClient(config);
  const engineConnections = new ConnectionCounter(engineMax);
  /**
   * Handshakes admitted (and counted) whose connection is not open yet. Each ends as an engine
   * `connection` (counted until it closes) or fails: a `connection_error`, or a websocket
   * upgrade that `ws` refuses, which only destroys the TCP socket.
   */
  const admitted = new Map<IncomingMessage, { client: string; gone: () => void }>();
  const settle = (req: IncomingMessage): string | undefined => {
    const entry = admitted.get(req);
    if (entry === undefined) return undefined;
    admitted.delete(req);
    req.socket.off("close", entry.gone);
    return entry.client;
  };
  const admit = (req: IncomingMessage): boolean => {
    const client = clientOf(req, config.trustProxy);
    if (!engineConnections.acquire(client)) return false;
    const gone = () => {
      if (settle(req) !== undefined) engineConnections.release(client);
    };
    admitted.set(req, { client, gone });
    req.socket.once("close", gone);
    return true;
  };
  return {
    options: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      allowRequest: (req, done) => {
        if (accepting?.() === false) {
          done("server is shutting down", false);
          return;
        }
        if (!hosts.allows(req)) {
          logger.warn({ host: req.headers.host }, "socket host refused");
          done("host not allowed", false);
          return;
        }
        if (!origins.allows(req)) {
          logger.warn({ origin: req.headers.origin }, "socket origin refused");
          done("origin not allowed", false);
          return;
        }
        if (!admit(req)) {
          done(`LIMIT: at most ${engineMax} connections per client`, false);
          return;
        }
        done(null, true);
      },
      ...(origins.corsEnabled
        ? { cors: { origin: origins.corsList, methods: ["GET", "POST"] } }
        : {}),
    },
    limitConnections(io) {
      io.engine.on("connection", (conn) => {
        const client = settle(conn.request);
        if (client === undefined) {
          // Not admitted, or its TCP connection closed between the admission and now (which
          // released its place): nobody can use it.
          conn.close();
          return;
        }
        conn.once("close", () => engineConnections.release(client));
      });
      io.engine.on("connection_error", ({ req }) => {
        const client = settle(req);
        if (client !== undefined) engineConnections.release(client);
      });
      const connections = new ConnectionCounter(config.maxSocketsPerClient);
      io.use((socket, next) => {
        const client = clientOf(socket.request, config.trustProxy);
        if (!connections.acquire(client)) {
          const error = new Error(
            `LIMIT: at most ${config.maxSocketsPerClient} connections per client`,
          );
          (error as Error & { data?: unknown }).data = {
            refusal: {
              code: "LIMIT",
              message: {
                en: `At most ${config.maxSocketsPerClient} connections per client.`,
                de: `Höchstens ${config.maxSocketsPerClient} Verbindungen pro Client.`,
              },
            },
          };
          next(error);
          return;
        }
        socket.once("disconnect", () => connections.release(client));
        next();
      });
    },
  };
}

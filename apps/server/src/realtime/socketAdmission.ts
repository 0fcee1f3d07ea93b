import type { Logger } from "pino";
import type { Server, ServerOptions } from "socket.io";
import type { Config } from "../config.js";
import { clientOf, ConnectionCounter } from "../security/ClientLimiter.js";
import { HostPolicy } from "../security/HostPolicy.js";
import { OriginPolicy } from "../security/OriginPolicy.js";

/** Who may open a socket: the handshake's checks (for `new Server`) and the per-client cap. */
export interface SocketAdmission {
  /** socket.io's `allowRequest` and, when other origins are allowed, its `cors`. */
  readonly options: Pick<Partial<ServerOptions>, "allowRequest" | "cors">;
  /** Counts each client's open sockets on this server and refuses those over the cap. */
  limitConnections(io: Pick<Server, "use">): void;
}

/**
 * A handshake is refused while the server drains, when its `Host` names another server (DNS
 * rebinding) or when its `Origin` is not allowed (`README.md`, "Host names"); a client with
 * `MAX_SOCKETS_PER_CLIENT` sockets open is refused before any message, with a typed `LIMIT`.
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
  return {
    options: {
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
        const ok = origins.allows(req);
        if (!ok) logger.warn({ origin: req.headers.origin }, "socket origin refused");
        done(ok ? null : "origin not allowed", ok);
      },
      ...(origins.corsEnabled
        ? { cors: { origin: origins.corsList, methods: ["GET", "POST"] } }
        : {}),
    },
    limitConnections(io) {
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

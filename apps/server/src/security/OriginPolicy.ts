import type { IncomingMessage } from "node:http";

/**
 * Which browser origins may send state-changing requests (tRPC POSTs, the socket handshake):
 * the server's own origin always (its Host is checked first: HostPolicy), PUBLIC_ORIGIN, plus
 * ALLOWED_ORIGINS and CORS_ORIGINS. Requests without an
 * Origin header come from non-browser clients (the CLI, tests) and are let through.
 */
export class OriginPolicy {
  private readonly allowed: ReadonlySet<string>;
  private readonly cors: ReadonlySet<string>;

  /** The policy of a configuration: its public origin is one of its own. */
  static of(config: {
    readonly allowedOrigins: readonly string[];
    readonly corsOrigins: readonly string[];
    readonly publicOrigin: string | null;
  }): OriginPolicy {
    const own = config.publicOrigin === null ? [] : [config.publicOrigin];
    return new OriginPolicy([...config.allowedOrigins, ...own], config.corsOrigins);
  }

  constructor(allowedOrigins: readonly string[], corsOrigins: readonly string[]) {
    this.cors = new Set(corsOrigins);
    this.allowed = new Set([...allowedOrigins, ...corsOrigins]);
  }

  allows(req: Pick<IncomingMessage, "headers">): boolean {
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    if (this.allowed.has(origin)) return true;
    try {
      const url = new URL(origin);
      // Same origin: the page was served by this host (the scheme may differ behind a TLS proxy).
      return url.origin !== "null" && url.host === req.headers.host;
    } catch {
      return false;
    }
  }

  /** The origin to name in Access-Control-Allow-Origin, or null when CORS is off for it. */
  corsOrigin(req: Pick<IncomingMessage, "headers">): string | null {
    const origin = req.headers.origin;
    return origin !== undefined && this.cors.has(origin) ? origin : null;
  }

  get corsEnabled(): boolean {
    return this.cors.size > 0;
  }

  get corsList(): string[] {
    return [...this.cors];
  }
}

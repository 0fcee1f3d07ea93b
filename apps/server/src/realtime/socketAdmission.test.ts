import type { IncomingMessage } from "node:http";
import { pino } from "pino";
import type { Server, Socket } from "socket.io";
import { describe, expect, it } from "vitest";
import { defaultConfig } from "../config.js";
import { socketAdmission } from "./socketAdmission.js";

const logger = pino({ level: "silent" });

/** What `allowRequest` answers for a handshake with these headers. */
function handshake(
  admission: ReturnType<typeof socketAdmission>,
  headers: Record<string, string>,
): { error: string | null | undefined; ok: boolean } {
  let answer: { error: string | null | undefined; ok: boolean } | null = null;
  admission.options.allowRequest?.({ headers } as IncomingMessage, (error, ok) => {
    answer = { error, ok };
  });
  if (answer === null) throw new Error("allowRequest did not answer");
  return answer;
}

describe("socketAdmission: the handshake", () => {
  const config = defaultConfig({ allowedOrigins: ["https://friends.example"] });

  it("accepts its own origin, the allow-list and requests without an Origin", () => {
    const admission = socketAdmission({ config, logger });
    const host = "127.0.0.1:3000";
    expect(handshake(admission, { host })).toEqual({ error: null, ok: true });
    expect(handshake(admission, { host, origin: "http://127.0.0.1:3000" }).ok).toBe(true);
    expect(handshake(admission, { host, origin: "https://friends.example" }).ok).toBe(true);
  });

  it("refuses a foreign origin, a foreign host name, and everything while draining", () => {
    let accepting = true;
    const admission = socketAdmission({ config, logger, accepting: () => accepting });
    expect(handshake(admission, { host: "localhost", origin: "https://evil.example" })).toEqual({
      error: "origin not allowed",
      ok: false,
    });
    // DNS rebinding: the Origin matches the Host, but the Host is not this server's name.
    expect(handshake(admission, { host: "evil.example", origin: "http://evil.example" })).toEqual({
      error: "host not allowed",
      ok: false,
    });
    accepting = false;
    expect(handshake(admission, { host: "localhost" })).toEqual({
      error: "server is shutting down",
      ok: false,
    });
  });

  it("turns CORS on only for CORS_ORIGINS", () => {
    expect(socketAdmission({ config, logger }).options.cors).toBeUndefined();
    const cors = socketAdmission({
      config: defaultConfig({ corsOrigins: ["https://app.example"] }),
      logger,
    }).options.cors;
    expect(cors).toEqual({ origin: ["https://app.example"], methods: ["GET", "POST"] });
  });
});

describe("socketAdmission: sockets per client", () => {
  type Middleware = Parameters<Server["use"]>[0];

  /** The middleware `limitConnections` installs, and sockets of one address to pass through it. */
  function limited(max: number) {
    let middleware: Middleware | null = null;
    socketAdmission({
      config: defaultConfig({ maxSocketsPerClient: max }),
      logger,
    }).limitConnections({
      use(fn: Middleware) {
        middleware = fn;
        return this as unknown as Server;
      },
    });
    const connect = (address: string) => {
      const gone: (() => void)[] = [];
      const socket = {
        request: { headers: {}, socket: { remoteAddress: address } },
        once: (_event: string, f: () => void) => gone.push(f),
      } as unknown as Socket;
      let outcome: Error | null | undefined;
      middleware!(socket, (error) => {
        outcome = error ?? null;
      });
      return { outcome, disconnect: () => gone.forEach((f) => f()) };
    };
    return connect;
  }

  it("refuses the socket over the cap with a typed LIMIT, and counts a closed one off", () => {
    const connect = limited(2);
    const first = connect("10.0.0.1");
    expect(first.outcome).toBeNull();
    expect(connect("::ffff:10.0.0.1").outcome).toBeNull();
    const third = connect("10.0.0.1");
    expect(third.outcome).toBeInstanceOf(Error);
    expect((third.outcome as Error & { data?: unknown }).data).toEqual({
      refusal: {
        code: "LIMIT",
        message: {
          en: "At most 2 connections per client.",
          de: "Höchstens 2 Verbindungen pro Client.",
        },
      },
    });
    // Another client is counted apart; a socket that closes frees its place.
    expect(connect("10.0.0.2").outcome).toBeNull();
    first.disconnect();
    expect(connect("10.0.0.1").outcome).toBeNull();
  });
});

import { EventEmitter } from "node:events";
import type { IncomingMessage } from "node:http";
import { pino } from "pino";
import type { Server, Socket } from "socket.io";
import { io as connect, Manager } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { defaultConfig } from "../config.js";
import { startTestApi, waitFor, type TestApi } from "../testing/index.js";
import { CONNECT_TIMEOUT_MS, socketAdmission } from "./socketAdmission.js";

const logger = pino({ level: "silent" });

/** What `allowRequest` answers for a handshake with these headers. */
function handshake(
  admission: ReturnType<typeof socketAdmission>,
  headers: Record<string, string>,
): { error: string | null | undefined; ok: boolean } {
  let answer: { error: string | null | undefined; ok: boolean } | null = null;
  const socket = Object.assign(new EventEmitter(), { remoteAddress: "127.0.0.1" });
  admission.options.allowRequest?.(
    { headers, socket } as unknown as IncomingMessage,
    (error, ok) => {
      answer = { error, ok };
    },
  );
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
      engine: { on: () => undefined },
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

describe("socketAdmission: engine.io connections per client (issue F4)", () => {
  const servers: TestApi[] = [];
  const managers: Manager[] = [];
  afterEach(async () => {
    for (const manager of managers.splice(0)) manager.engine.close();
    await Promise.all(servers.splice(0).map((s) => s.stop()));
  });

  /** A server behind a trusted proxy: each test client names its address in X-Forwarded-For. */
  async function server(maxSocketsPerClient: number): Promise<TestApi> {
    const api = await startTestApi({ trustProxy: true, maxSocketsPerClient });
    servers.push(api);
    return api;
  }

  /**
   * A bare engine.io connection (socket.io-client's Manager, which joins no namespace by
   * itself) from `address`; `opened` tells whether the handshake was accepted.
   */
  function bare(
    api: TestApi,
    transports: ("polling" | "websocket")[],
    address = "203.0.113.1",
  ): { manager: Manager; opened: Promise<boolean> } {
    const manager = new Manager(api.url, {
      autoConnect: false,
      reconnection: false,
      transports,
      extraHeaders: { "x-forwarded-for": address },
    });
    managers.push(manager);
    const opened = new Promise<boolean>((done) =>
      manager.open((error) => done(error === undefined)),
    );
    return { manager, opened };
  }

  it("refuses a client's connections beyond twice MAX_SOCKETS_PER_CLIENT, joined or not, counting an upgraded one once; a closed one frees its place", async () => {
    const api = await server(2);
    // Two open by polling and upgrade to a websocket (one connection each, not two), two open a
    // websocket at once: the cap of 2 × 2.
    const upgraded = [bare(api, ["polling", "websocket"]), bare(api, ["polling", "websocket"])];
    expect(await Promise.all(upgraded.map((c) => c.opened))).toEqual([true, true]);
    await waitFor(() => upgraded.every((c) => c.manager.engine.transport.name === "websocket"));
    const direct = [bare(api, ["websocket"]), bare(api, ["websocket"])];
    expect(await Promise.all(direct.map((c) => c.opened))).toEqual([true, true]);
    // Over the cap, by either way in.
    expect(await bare(api, ["websocket"]).opened).toBe(false);
    expect(await bare(api, ["polling"]).opened).toBe(false);
    expect(await bare(api, ["polling", "websocket"]).opened).toBe(false);
    expect(api.io.engine.clientsCount).toBe(4);
    // Another client is counted apart.
    const other = bare(api, ["websocket"], "198.51.100.7");
    expect(await other.opened).toBe(true);
    other.manager.engine.close();
    // A closed connection frees its place: a socket.io client of the first address connects.
    upgraded[0]!.manager.engine.close();
    await waitFor(() => api.io.engine.clientsCount === 3);
    const socket = connect(api.url, {
      forceNew: true,
      reconnection: false,
      extraHeaders: { "x-forwarded-for": "203.0.113.1" },
    });
    try {
      await new Promise<void>((done, fail) => {
        socket.once("connect", done);
        socket.once("connect_error", fail);
      });
      expect(await bare(api, ["websocket"]).opened).toBe(false);
    } finally {
      socket.close();
    }
  });

  it("closes a connection that joins no namespace after the connect timeout, and frees its place", async () => {
    const api = await server(1);
    expect(CONNECT_TIMEOUT_MS).toBe(10_000);
    expect(api.io.connectTimeout()).toBe(CONNECT_TIMEOUT_MS);
    // Shortened for this test (read by each new connection).
    api.io.connectTimeout(200);
    const idle = [bare(api, ["websocket"]), bare(api, ["polling"])];
    expect(await Promise.all(idle.map((c) => c.opened))).toEqual([true, true]);
    expect(await bare(api, ["websocket"]).opened).toBe(false);
    // The server closes both (their clients do nothing), and their places are free again.
    await Promise.all(idle.map((c) => new Promise((done) => c.manager.engine.once("close", done))));
    await waitFor(() => api.io.engine.clientsCount === 0);
    expect(await bare(api, ["websocket"]).opened).toBe(true);
  });
});

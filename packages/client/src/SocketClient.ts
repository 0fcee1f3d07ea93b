import type { TRPCClient } from "@trpc/client";
import type { AnyTRPCRouter } from "@trpc/server";
import { io, type Socket } from "socket.io-client";
import { RemoteRefusal, TransportError, type ErrorShape } from "./errors.js";
import { FrameExpander } from "./FrameExpander.js";
import type { ReplayRoomFrame } from "./replayRoom.js";
import { Pacer } from "./Pacer.js";
import {
  RESYNC,
  SHUTDOWN,
  type ErrorRefusal,
  type MatchFrame,
  type PresenceFrame,
  type RpcAnswer,
  type SeatNotice,
  type ShutdownNotice,
  type WireFrame,
} from "./protocol.js";

/**
 * The server's procedures as the socket calls them: `api.lobby.create(input)` sends
 * `rpc { id, path: "lobby.create", input }` and resolves with the answer's data. Types come
 * from the server's `AppRouter`, which each front end passes in as a type (no server code
 * runs in a client).
 */
export type SocketApi<TRouter extends AnyTRPCRouter> = Procedures<TRPCClient<TRouter>>;

type Procedures<T> = {
  readonly [K in keyof T & string]: T[K] extends {
    mutate: (input: infer I, ...rest: infer _R) => Promise<infer O>;
  }
    ? (input: I) => Promise<O>
    : T[K] extends { query: (input: infer I, ...rest: infer _R) => Promise<infer O> }
      ? (input: I) => Promise<O>
      : Procedures<T[K]>;
};

export interface SocketClientOptions {
  /** Reconnect after a lost connection (socket.io's backoff); else a loss is final. */
  readonly reconnect: boolean;
  /** An rpc without an answer after this long fails with a TransportError. */
  readonly timeoutMs: number;
  /** Messages per second this connection may send (the server's COMMAND_RATE). */
  readonly rate: number;
  /** socket.io transports; websocket only by default (no sticky sessions needed). */
  readonly transports?: ("websocket" | "polling")[];
  /** Extra handshake headers (Node clients only; browsers send their own). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * How long a match's frame may stay missing (`FrameExpander.missing`: a frame after it came, but
 * not it) before the feeds are told to watch again (`onResync`, with the match's id). Frames of
 * several server processes may overtake each other by a few milliseconds; a lost one would
 * otherwise wait for the feed's idle watch (20 s in the web client).
 */
export const STALL_MS = 1000;

/**
 * One socket.io connection to one server process: procedures over `rpc` (paced below the
 * server's rate limit) and the `match` frames it is pushed. A commit's frame comes as a
 * `DeltaFrame` (a spectator's) or a seat's `PrivateFrame` (its own part with the public one)
 * and is completed (`FrameExpander`) before listeners see it as a MatchFrame.
 */
export class SocketClient<TRouter extends AnyTRPCRouter> {
  readonly socket: Socket;
  readonly api: SocketApi<TRouter>;
  /** Bumped on every lost connection: an answer older than the current epoch is void. */
  epoch = 0;
  private nextId = 1;
  private readonly pacer: Pacer;
  private readonly frames = new FrameExpander();
  private readonly frameListeners = new Set<(frame: MatchFrame) => void>();
  private readonly seatLostListeners = new Set<(notice: SeatNotice) => void>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly disconnectListeners = new Set<(reason: string) => void>();
  private readonly shutdownListeners = new Set<(notice: ShutdownNotice) => void>();
  /** Matches with a frame missing, and the timer that tells the feeds to watch again. */
  private readonly stalls = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly stallListeners = new Set<(matchId: string) => void>();
  private everConnected = false;
  /** The server said it is draining (`shutdown`): new calls wait for the next connection. */
  private serverLeaving = false;

  constructor(
    readonly url: string,
    readonly options: SocketClientOptions,
  ) {
    this.pacer = new Pacer(options.rate);
    this.socket = io(url, {
      transports: options.transports ?? ["websocket"],
      ...(options.headers ? { extraHeaders: { ...options.headers } } : {}),
      forceNew: true,
      reconnection: options.reconnect,
      reconnectionDelay: 250,
      reconnectionDelayMax: 2000,
    });
    this.socket.on("match", (wire: WireFrame) => {
      for (const frame of this.frames.expand(wire)) {
        for (const listener of this.frameListeners) listener(frame);
      }
      this.watchForStall(wire.matchId);
    });
    this.socket.on("seat", (notice: SeatNotice) => {
      if (notice.type !== "SEAT_LOST") return;
      // The server took this connection out of the seat's rooms: no frame of it will come.
      this.frames.forget(notice.matchId);
      for (const listener of this.seatLostListeners) listener(notice);
    });
    this.socket.on(SHUTDOWN, (notice: ShutdownNotice) => {
      this.serverLeaving = true;
      for (const listener of this.shutdownListeners) listener(notice);
    });
    this.socket.on("connect", () => {
      this.serverLeaving = false;
      if (this.everConnected) for (const listener of this.reconnectListeners) listener();
      this.everConnected = true;
    });
    this.socket.on("disconnect", (reason: string) => {
      this.epoch++;
      // The rooms are gone with the connection: every match is watched again, in full.
      this.frames.forget();
      for (const timer of this.stalls.values()) clearTimeout(timer);
      this.stalls.clear();
      for (const listener of this.disconnectListeners) listener(reason);
      // socket.io does not reconnect after the server's own disconnect; after `shutdown` it is
      // a reason to (another process takes over).
      if (reason === "io server disconnect" && this.serverLeaving && options.reconnect)
        this.socket.connect();
    });
    this.api = procedureProxy((path, input) => this.rpc(path, input)) as SocketApi<TRouter>;
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /** Resolves once connected; without reconnection the first failure rejects. */
  whenConnected(timeoutMs = this.options.timeoutMs): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((done, fail) => {
      const timer = setTimeout(() => {
        cleanup();
        fail(new TransportError("connect", "timeout", `no connection to ${this.url}`));
      }, timeoutMs);
      const onConnect = () => {
        cleanup();
        done();
      };
      const onError = (error: Error) => {
        if (this.options.reconnect) return;
        cleanup();
        fail(new TransportError("connect", "disconnected", `${this.url}: ${error.message}`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        this.socket.off("connect", onConnect);
        this.socket.off("connect_error", onError);
      };
      this.socket.on("connect", onConnect);
      this.socket.on("connect_error", onError);
    });
  }

  /** Resolves on the next `connect` (after the server's `shutdown`). */
  private nextConnection(timeoutMs = this.options.timeoutMs): Promise<void> {
    return new Promise((done, fail) => {
      const timer = setTimeout(() => {
        this.socket.off("connect", onConnect);
        fail(new TransportError("connect", "timeout", `no new connection to ${this.url}`));
      }, timeoutMs);
      const onConnect = () => {
        clearTimeout(timer);
        done();
      };
      this.socket.once("connect", onConnect);
    });
  }

  /** Calls a procedure by its dotted path; `api` is the typed way to do the same. */
  async rpc(path: string, input: unknown): Promise<unknown> {
    await this.pacer.take();
    // The server is draining: this call goes to the process the client reconnects to.
    if (this.serverLeaving && this.options.reconnect) await this.nextConnection();
    // What is kept of the match goes now, not at the answer: the answer may come after the
    // catch-up frame of the next watch of the same match (a spectator who took a seat), and
    // forgetting that frame would leave every later delta without the snapshot it completes.
    const unwatched =
      path === "game.unwatch" && typeof input === "object" && input !== null
        ? (input as { matchId?: unknown }).matchId
        : null;
    if (typeof unwatched === "string") this.frames.forget(unwatched);
    // Still connecting (or reconnecting): wait for it rather than fail at once.
    if (!this.socket.connected && this.socket.active) await this.whenConnected();
    if (!this.socket.connected) throw new TransportError(path, "disconnected", this.url);
    let answer: RpcAnswer;
    try {
      answer = (await this.socket
        .timeout(this.options.timeoutMs)
        .emitWithAck("rpc", { id: this.nextId++, path, input })) as RpcAnswer;
    } catch (error) {
      const lost = !this.socket.connected || String(error).includes("disconnected");
      throw new TransportError(
        path,
        lost ? "disconnected" : "timeout",
        error instanceof Error ? error.message : String(error),
      );
    }
    if (answer.error !== undefined) {
      const shape = answer.error as ErrorShape;
      const refusal: ErrorRefusal = shape.data?.refusal ?? {
        code: "INTERNAL",
        message: {
          en: shape.message ?? "unknown error",
          de: shape.message ?? "unbekannter Fehler",
        },
      };
      throw new RemoteRefusal(path, refusal, shape.data?.httpStatus ?? null, shape);
    }
    return answer.result?.data;
  }

  /**
   * The lobby's match list changed (a match created, a seat taken or left, a match started or
   * over): read it again with `lobby.list`. Only after `lobby.watch`, which a reconnect undoes.
   * Also called on the server's `resync`, after which a change may have gone unsignalled.
   */
  onLobbyChange(listener: () => void): () => void {
    const handler = () => listener();
    this.socket.on("lobby", handler);
    this.socket.on(RESYNC, handler);
    return () => {
      this.socket.off("lobby", handler);
      this.socket.off(RESYNC, handler);
    };
  }

  /**
   * Frames may have been lost: each watched match is watched again with `afterVersion`
   * (`MatchFeed` does this). Called without an id on the server's `resync` (its processes could
   * not reach each other for a while; the rooms are kept), and with a match's id when a frame of
   * that match stayed missing for `STALL_MS` (a later one came, but not it).
   */
  onResync(listener: (matchId?: string) => void): () => void {
    const handler = () => listener();
    this.socket.on(RESYNC, handler);
    this.stallListeners.add(listener);
    return () => {
      this.socket.off(RESYNC, handler);
      this.stallListeners.delete(listener);
    };
  }

  /** Tells the feeds of a match to watch again when a frame of it stays missing (`STALL_MS`). */
  private watchForStall(matchId: string): void {
    if (this.stalls.has(matchId) || this.frames.missing(matchId) === null) return;
    const timer = setTimeout(() => {
      this.stalls.delete(matchId);
      if (this.frames.missing(matchId) === null) return;
      for (const listener of this.stallListeners) listener(matchId);
    }, STALL_MS);
    // In Node, this timer alone must not keep the process alive.
    (timer as { unref?: () => void }).unref?.();
    this.stalls.set(matchId, timer);
  }

  /** Who is at a match's table (`presence`): after every change and on each watch. */
  onPresence(listener: (frame: PresenceFrame) => void): () => void {
    const handler = (frame: PresenceFrame) => listener(frame);
    this.socket.on("presence", handler);
    return () => this.socket.off("presence", handler);
  }

  onFrame(listener: (frame: MatchFrame) => void): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  /**
   * The token this connection watched a seat with no longer owns it (the seat was left, here or
   * elsewhere): the server sends no more frames of that match to it as that seat (`SeatNotice`).
   */
  onSeatLost(listener: (notice: SeatNotice) => void): () => void {
    this.seatLostListeners.add(listener);
    return () => this.seatLostListeners.delete(listener);
  }

  /** Called on every connection after the first: rooms are gone, watch again. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /**
   * The server is shutting down (`ShutdownNotice`): calls already sent are answered, new ones
   * wait for the reconnect; the connection closes soon and, with `reconnect`, comes back.
   */
  onShutdown(listener: (notice: ShutdownNotice) => void): () => void {
    this.shutdownListeners.add(listener);
    return () => this.shutdownListeners.delete(listener);
  }

  onDisconnect(listener: (reason: string) => void): () => void {
    this.disconnectListeners.add(listener);
    return () => this.disconnectListeners.delete(listener);
  }

  /** A shared replay changed (after `replayRoom.watch`, which a reconnect undoes). */
  onReplayRoom(listener: (frame: ReplayRoomFrame) => void): () => void {
    const handler = (frame: ReplayRoomFrame) => listener(frame);
    this.socket.on("replayRoom", handler);
    return () => this.socket.off("replayRoom", handler);
  }

  close(): void {
    this.frameListeners.clear();
    this.seatLostListeners.clear();
    this.reconnectListeners.clear();
    this.disconnectListeners.clear();
    this.shutdownListeners.clear();
    this.socket.disconnect();
  }
}

/** `proxy.a.b(input)` calls `call("a.b", input)`. */
function procedureProxy(
  call: (path: string, input: unknown) => Promise<unknown>,
  path: readonly string[] = [],
): unknown {
  return new Proxy(() => undefined, {
    get: (_target, key) =>
      // Not a thenable: `await api` must not call a procedure named "then".
      typeof key === "string" && key !== "then" ? procedureProxy(call, [...path, key]) : undefined,
    apply: (_target, _this, args: unknown[]) => call(path.join("."), args[0]),
  });
}

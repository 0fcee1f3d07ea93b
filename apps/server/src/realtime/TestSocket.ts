import type { Command } from "@maumau/engine";
import { createTRPCClient, httpLink, type TRPCClient } from "@trpc/client";
import { io, type Socket } from "socket.io-client";
import type { MatchFrame } from "../matches/MatchService.js";
import type { MatchSnapshot } from "../matches/Match.js";
import type { AppRouter } from "../trpc/appRouter.js";
import type { RpcAnswer } from "./SocketGateway.js";

/**
 * A tRPC client over HTTP for tests and the bench. Queries go as POST (a seat token in their
 * input stays out of the URL); `get` sends them as GET, with `seatToken` as a Bearer header.
 */
export const httpClient = (
  url: string,
  options: { get?: boolean; seatToken?: string } = {},
): TRPCClient<AppRouter> =>
  createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${url}/trpc`,
        ...(options.get ? {} : { methodOverride: "POST" as const }),
        ...(options.seatToken ? { headers: { authorization: `Bearer ${options.seatToken}` } } : {}),
      }),
    ],
  });

export class RpcError extends Error {
  constructor(
    readonly shape: { message: string; data: { code: string; refusal: { code: string } } },
  ) {
    super(shape.message);
  }
  get code(): string {
    return this.shape.data.refusal.code;
  }
}

/**
 * A socket.io client as a game client would use it: procedures over `rpc`, frames on `match`.
 * Every frame it receives is kept, so that tests can spy on what a seat was sent.
 */
export class TestSocket {
  readonly socket: Socket;
  readonly frames: MatchFrame[] = [];
  private nextId = 1;
  private readonly waiters: { test: () => boolean; done: () => void }[] = [];
  private readonly listeners: ((frame: MatchFrame) => void)[] = [];

  constructor(url: string, options: { headers?: Record<string, string> } = {}) {
    this.socket = io(url, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      ...(options.headers ? { extraHeaders: options.headers } : {}),
    });
    this.socket.on("match", (frame: MatchFrame) => {
      this.frames.push(frame);
      for (const listener of this.listeners) listener(frame);
      this.check();
    });
  }

  connected(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((done, fail) => {
      this.socket.once("connect", () => done());
      this.socket.once("connect_error", fail);
    });
  }

  /** Calls a procedure over the socket; rejects with an RpcError carrying the refusal. */
  async rpc<T = unknown>(path: string, input?: unknown): Promise<T> {
    const answer = (await this.socket
      .timeout(10_000)
      .emitWithAck("rpc", { id: this.nextId++, path, input })) as RpcAnswer;
    if (answer.error !== undefined) throw new RpcError(answer.error as RpcError["shape"]);
    return answer.result?.data as T;
  }

  command(matchId: string, token: string, commandId: string, command: Command) {
    return this.rpc<{ version: number; duplicate: boolean }>("game.command", {
      matchId,
      token,
      commandId,
      command,
    });
  }

  onFrame(listener: (frame: MatchFrame) => void): void {
    this.listeners.push(listener);
  }

  /** The newest snapshot this socket was sent. */
  get latest(): MatchSnapshot | null {
    return this.frames.at(-1)?.snapshot ?? null;
  }

  /** Resolves once `test` holds (checked after every frame), or rejects after `ms`. */
  until(test: () => boolean, ms = 20_000): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error("timed out waiting for a frame")), ms);
      this.waiters.push({
        test,
        done: () => {
          clearTimeout(timer);
          done();
        },
      });
    });
  }

  private check(): void {
    for (const w of this.waiters.slice()) {
      if (w.test()) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.done();
      }
    }
  }

  close(): void {
    this.socket.disconnect();
  }
}

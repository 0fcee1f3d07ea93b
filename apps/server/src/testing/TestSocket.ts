import { RemoteRefusal, SocketClient, type MatchFrame, type MatchSnapshot } from "@maumau/client";
import type { Command } from "@maumau/engine";
import { createTRPCClient, httpLink, type TRPCClient } from "@trpc/client";
import type { Socket } from "socket.io-client";
import type { AppRouter } from "../trpc/appRouter.js";

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

/** A refused rpc: the client package's RemoteRefusal (its `shape` is the tRPC error). */
export const RpcError = RemoteRefusal;
export type RpcError = RemoteRefusal & {
  readonly shape: { message: string; data: { code: string; refusal: { code: string } } };
};

/**
 * A socket.io client as a game client would use it: procedures over `rpc`, frames on `match`.
 * Every frame it receives is kept, so that tests can spy on what a seat was sent.
 */
export class TestSocket {
  readonly client: SocketClient<AppRouter>;
  readonly socket: Socket;
  readonly frames: MatchFrame[] = [];
  private readonly waiters: { test: () => boolean; done: () => void }[] = [];
  private readonly listeners: ((frame: MatchFrame) => void)[] = [];

  constructor(url: string, options: { headers?: Record<string, string> } = {}) {
    this.client = new SocketClient<AppRouter>(url, {
      reconnect: false,
      timeoutMs: 10_000,
      rate: 1_000_000,
      ...(options.headers ? { headers: options.headers } : {}),
    });
    this.socket = this.client.socket;
    this.client.onFrame((frame) => {
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
    return (await this.client.rpc(path, input)) as T;
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
  until(test: () => boolean, ms = 60_000): Promise<void> {
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
    this.client.close();
  }
}

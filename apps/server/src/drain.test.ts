import { SocketClient, type CommandResult, type ShutdownNotice } from "@maumau/client";
import type { Command } from "@maumau/engine";
import { describe, expect, it } from "vitest";
import type { AppendOptions, EventStore, NewEvent } from "./store/EventStore.js";
import { MemoryEventStore } from "./store/memory.js";
import { SqliteEventStore } from "./store/sqlite.js";
import { startServer } from "./startServer.js";
import { silentLogger, startTestApi, tempSqlite, testConfig } from "./testing/index.js";
import { httpClient, TestSocket } from "./testing/TestSocket.js";
import type { AppRouter } from "./trpc/appRouter.js";

/** A store whose appends wait while the gate is shut: a command held in flight. */
class GatedStore extends MemoryEventStore implements EventStore {
  #open: Promise<void> = Promise.resolve();
  #release: () => void = () => undefined;
  #entered: (() => void) | null = null;

  /** Shuts the gate; resolves once an append waits at it. */
  shut(): Promise<void> {
    this.#open = new Promise((done) => (this.#release = done));
    return new Promise((done) => (this.#entered = done));
  }

  open(): void {
    this.#release();
  }

  closed = false;

  /** Kept readable after the server closed it, for the test to look. */
  override close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }

  override async append(
    streamId: string,
    expected: number,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ) {
    this.#entered?.();
    this.#entered = null;
    await this.#open;
    return super.append(streamId, expected, events, options);
  }
}

/** A started two-seat match: both tokens and the first legal move of the seat to act. */
async function runningMatch(url: string) {
  const http = httpClient(url);
  const created = await http.lobby.create.mutate({ variant: "noris", seats: 2, name: "A" });
  const matchId = created.matchId;
  const b = await http.lobby.join.mutate({ matchId, name: "B" });
  const tokens = [created.token!, b.token];
  await http.lobby.start.mutate({ matchId, token: tokens[0]! });
  const view = await http.game.view.query({ matchId, token: tokens[0]! });
  const seat = view.progress!.toAct!;
  const token = tokens[seat]!;
  const legal = (await http.game.view.query({ matchId, token })).legal as Command[];
  return { matchId, token, move: legal[0]! };
}

describe("SIGTERM drain (RunningServer.close)", () => {
  it("answers and stores the command in flight, tells sockets to reconnect, refuses new ones", async () => {
    const store = new GatedStore();
    const api = await startTestApi({}, store);
    const { matchId, token, move } = await runningMatch(api.url);
    const socket = new TestSocket(api.url);
    await socket.connected();
    const hint = new Promise<ShutdownNotice>((done) => socket.client.onShutdown(done));
    const reason = new Promise<string>((done) => socket.socket.on("disconnect", done));

    const waiting = store.shut();
    const inFlight = socket.command(matchId, token, "in-flight", move);
    await waiting;
    const closing = api.close();

    expect(await hint).toMatchObject({ type: "SHUTDOWN", reconnect: true });
    const ready = await fetch(`${api.url}/readyz`).catch(() => null);
    expect(ready === null || ready.status === 503).toBe(true);
    const late = new TestSocket(api.url);
    await expect(late.connected()).rejects.toThrow();
    late.close();

    store.open();
    const answer = await inFlight;
    expect(answer.duplicate).toBe(false);
    expect(await closing).toBe(true);
    // Closed as a lost transport, which clients reconnect after (not "io server disconnect").
    expect(await reason).toBe("transport close");
    expect(store.closed).toBe(true);
    const stored = await store.read(`match-${matchId}`);
    expect(stored.at(-1)?.version).toBe(answer.version);
    socket.close();
  });

  it("a call made after the hint is held and answered by the next process", async () => {
    const file = await tempSqlite();
    const first = await startTestApi({}, SqliteEventStore.open(file.path));
    const { matchId, token, move } = await runningMatch(first.url);
    const client = new SocketClient<AppRouter>(first.url, {
      reconnect: true,
      timeoutMs: 15_000,
      rate: 1_000_000,
    });
    await client.whenConnected();
    const hint = new Promise<ShutdownNotice>((done) => client.onShutdown(done));
    const closing = first.close();
    await hint;
    const held = client.rpc("game.command", { matchId, token, commandId: "held", command: move });
    expect(await closing).toBe(true);

    // The next process (behind a balancer: the same address) on the same store.
    const next = await startTestApi({ port: first.port }, SqliteEventStore.open(file.path));
    try {
      const answer = (await held) as CommandResult;
      expect(answer.duplicate).toBe(false);
      expect(await next.store.version(`match-${matchId}`)).toBe(answer.version);
    } finally {
      client.close();
      await next.close();
      await file.remove();
    }
  }, 30_000);

  it("ends within SHUTDOWN_GRACE_MS when a command never finishes, and says so", async () => {
    const store = new GatedStore();
    const api = await startServer({
      config: testConfig({ shutdownGraceMs: 300 }),
      logger: silentLogger(),
      store,
    });
    const { matchId, token, move } = await runningMatch(api.url);
    const socket = new TestSocket(api.url);
    await socket.connected();
    const waiting = store.shut();
    const stuck = socket.command(matchId, token, "stuck", move).catch((error: unknown) => error);
    await waiting;
    expect(await api.close()).toBe(false);
    expect(store.closed).toBe(true);
    socket.close();
    store.open();
    await stuck;
  });
});

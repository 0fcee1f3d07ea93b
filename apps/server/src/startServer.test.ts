import { describe, expect, it } from "vitest";
import type { AppendOptions, EventStore, NewEvent } from "./store/EventStore.js";
import { MemoryEventStore } from "./store/memory.js";
import { httpClient, TestSocket } from "./testing/TestSocket.js";
import { startTestApi } from "./testing/index.js";

/** A store whose appends take a while, to have commands in flight at shutdown. */
class SlowStore extends MemoryEventStore implements EventStore {
  closed = false;
  private appending: (() => void) | null = null;
  /** Resolves when the next append begins: a command is then in flight in the server. */
  nextAppend(): Promise<void> {
    return new Promise((done) => (this.appending = done));
  }
  override async append(
    streamId: string,
    expected: number,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ) {
    this.appending?.();
    this.appending = null;
    await new Promise((done) => setTimeout(done, 150));
    return super.append(streamId, expected, events, options);
  }
  override async close() {
    this.closed = true;
    await super.close();
  }
}

describe("graceful shutdown", () => {
  it("finishes commands in flight, closes sockets, then closes the store", async () => {
    const store = new SlowStore();
    const api = await startTestApi({}, store);
    const http = httpClient(api.url);
    const created = await http.lobby.create.mutate({ variant: "noris", seats: 2, name: "A" });
    const socket = new TestSocket(api.url);
    await socket.connected();
    const disconnected = new Promise((done) => socket.socket.on("disconnect", done));

    // Closed once the server is working on the join (a fixed wait raced the request on a loaded
    // host: the close came before the request was read, and its connection was reset).
    const appending = store.nextAppend();
    const inFlight = http.lobby.join.mutate({ matchId: created.matchId, name: "B" });
    await appending;
    const closing = api.close();
    const ready = await fetch(`${api.url}/readyz`).catch(() => null);
    expect(ready === null || ready.status === 503).toBe(true);
    expect((await inFlight).seat).toBe(1);
    expect(await closing).toBe(true);
    await disconnected;
    expect(store.closed).toBe(true);
  });
});

describe("CORS", () => {
  it("is off by default and answers preflights for CORS_ORIGINS", async () => {
    const api = await startTestApi({ corsOrigins: ["https://app.example"] });
    try {
      const preflight = await fetch(`${api.url}/trpc/lobby.create`, {
        method: "OPTIONS",
        headers: { origin: "https://app.example", "access-control-request-method": "POST" },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe("https://app.example");
      const post = await fetch(`${api.url}/trpc/lobby.create`, {
        method: "POST",
        headers: { origin: "https://app.example", "content-type": "application/json" },
        body: JSON.stringify({ variant: "noris", seats: 2 }),
      });
      expect(post.status).toBe(200);
      expect(post.headers.get("access-control-allow-origin")).toBe("https://app.example");
      const other = await fetch(`${api.url}/trpc/lobby.create`, {
        method: "OPTIONS",
        headers: { origin: "https://evil.example" },
      });
      expect(other.status).toBe(405);
      expect(other.headers.get("access-control-allow-origin")).toBeNull();
    } finally {
      await api.stop();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pause, startTestApi, waitFor, type TestApi } from "../testing/index.js";
import { httpClient, TestSocket } from "../testing/TestSocket.js";
import { changesTheList } from "../matches/lobbyEvents.js";
import { Throttle } from "./lobbyFeed.js";

describe("changesTheList", () => {
  it("is true for lobby facts and a match's start and end, false for moves", () => {
    expect(changesTheList([{ type: "lobby.created" }])).toBe(true);
    expect(changesTheList([{ type: "seat.claimed" }])).toBe(true);
    expect(changesTheList([{ type: "seat.botTakenOver" }])).toBe(true);
    expect(changesTheList([{ type: "match.started" }, { type: "game.started" }])).toBe(true);
    expect(changesTheList([{ type: "card.played" }, { type: "match.ended" }])).toBe(true);
    expect(changesTheList([{ type: "card.played" }, { type: "turn.passed" }])).toBe(false);
    expect(changesTheList([])).toBe(false);
  });
});

describe("Throttle", () => {
  it("runs the first call at once and a burst within the window once at its end", async () => {
    let runs = 0;
    const throttle = new Throttle(50, () => runs++);
    for (let i = 0; i < 10; i++) throttle.run();
    expect(runs).toBe(1);
    await pause(120);
    expect(runs).toBe(2);
    await pause(120);
    expect(runs).toBe(2);
    throttle.close();
  });
});

describe("lobby.watch (the match list, pushed)", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.stop());

  it("signals a watching socket when a match is created or a seat taken, until it unwatches", async () => {
    const socket = new TestSocket(api.url);
    try {
      await socket.connected();
      let signals = 0;
      socket.socket.on("lobby", () => signals++);
      expect(await socket.rpc("lobby.watch")).toEqual({ watching: true });
      const http = httpClient(api.url);
      const created = await http.lobby.create.mutate({ variant: "noris", seats: 2, name: "Ann" });
      await waitFor(() => signals >= 1);
      const seen = signals;
      await http.lobby.join.mutate({ matchId: created.matchId, name: "Bob" });
      await waitFor(() => signals > seen);
      // Unwatched: no more signals (a later create is followed by a create the other socket
      // sees, so this one has had its chance).
      await socket.rpc("lobby.unwatch");
      const other = new TestSocket(api.url);
      await other.connected();
      let otherSignals = 0;
      other.socket.on("lobby", () => otherSignals++);
      await other.rpc("lobby.watch");
      const before = signals;
      await http.lobby.create.mutate({ variant: "noris", seats: 2, name: "Cy" });
      await waitFor(() => otherSignals >= 1);
      await pause(400);
      expect(signals).toBe(before);
      other.close();
    } finally {
      socket.close();
    }
  });

  it("is socket only: over HTTP it is refused with SOCKET_ONLY", async () => {
    const http = httpClient(api.url);
    await expect(http.lobby.watch.mutate()).rejects.toMatchObject({
      data: { refusal: { code: "SOCKET_ONLY" } },
    });
  });
});

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { FamilyView } from "@maumau/engine";
import { Server } from "socket.io";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MatchFeed } from "./MatchFeed.js";
import type { DeltaFrame, LobbyView, MatchSnapshot, ViewEvent, WireFrame } from "./protocol.js";
import { SocketClient, STALL_MS } from "./SocketClient.js";

// A real socket.io server that answers `game.watch` as the game server does (a snapshot on the
// first watch, the events since `afterVersion` on a later one) and pushes the frames a test
// gives it: one connection's bookkeeping when a frame does not come.

const snapshot = (version: number): MatchSnapshot => ({
  matchId: "m",
  version,
  viewer: "spectator",
  lobby: {
    matchId: "m",
    status: "running",
    version,
    updatedAt: `t${version}`,
    seats: [],
  } as unknown as LobbyView,
  view: { family: "classic", top: String(version), rules: { deck: "d" } } as unknown as FamilyView,
  progress: null,
  legal: [],
  machine: null,
});
const event = (version: number): ViewEvent => ({
  version,
  type: "x",
  data: null,
  at: `t${version}`,
});
const delta = (version: number): DeltaFrame => ({
  kind: "delta",
  matchId: "m",
  version,
  viewer: "spectator",
  events: [event(version)],
  view: { family: "classic", top: String(version) },
  progress: null,
  legal: [],
  machine: null,
});

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function serverAndFeed() {
  const http = createServer();
  const io = new Server(http);
  await new Promise<void>((done) => http.listen(0, "127.0.0.1", done));
  const watches: unknown[] = [];
  io.on("connection", (socket) => {
    socket.on(
      "rpc",
      (
        message: { id: number; path: string; input: { afterVersion?: number } },
        ack: (answer: unknown) => void,
      ) => {
        watches.push(message.input);
        const after = message.input.afterVersion;
        const frame: WireFrame =
          after === undefined
            ? { kind: "snapshot", matchId: "m", version: 1, snapshot: snapshot(1) }
            : {
                kind: "events",
                matchId: "m",
                version: 3,
                events: [2, 3].filter((v) => v > after).map(event),
                snapshot: snapshot(3),
              };
        socket.emit("match", frame);
        ack({ id: message.id, result: { data: {} } });
      },
    );
  });
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const client = new SocketClient(url, { reconnect: false, timeoutMs: 5000, rate: 100 });
  await client.whenConnected();
  // No idle watch: only the client's own stall check can make up for a lost frame here.
  const feed = new MatchFeed(
    {
      onFrame: (l) => client.onFrame(l),
      onReconnect: (l) => client.onReconnect(l),
      onResync: (l) => client.onResync(l),
      get connected() {
        return client.connected;
      },
      watch: (input) => client.rpc("game.watch", input),
    },
    { matchId: "m" },
  );
  await feed.start();
  closers.push(async () => {
    feed.close();
    client.close();
    await io.close();
  });
  return { io, feed, watches };
}

describe("SocketClient: a match's frame that does not come", () => {
  it("has the match's feed watch again from its version, without waiting for a silence", async () => {
    const { io, feed, watches } = await serverAndFeed();
    expect(feed.version).toBe(1);
    // The frame of version 2 is lost; 3's comes and cannot be completed without it.
    io.emit("match", delta(3));
    await vi.waitFor(() => expect(feed.version).toBe(3), { timeout: 10 * STALL_MS });
    expect(watches).toEqual([{ matchId: "m" }, { matchId: "m", afterVersion: 1 }]);
    expect(feed.snapshot?.view).toMatchObject({ top: "3" });
  });

  it("watches no more when the overtaken frame comes within the moment", async () => {
    const { io, feed, watches } = await serverAndFeed();
    io.emit("match", delta(3));
    io.emit("match", delta(2));
    await vi.waitFor(() => expect(feed.version).toBe(3));
    // Past the stall's moment: nothing was missing any more, so nothing was watched.
    await new Promise((done) => setTimeout(done, STALL_MS + 300));
    expect(watches).toEqual([{ matchId: "m" }]);
  });
});

import { randomBytes } from "node:crypto";
import type { SeatNotice, WireFrame } from "@maumau/client";
import { createAdapter } from "@socket.io/redis-streams-adapter";
import { createClient } from "redis";
import { Server } from "socket.io";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deleteRedisKeys, dropPostgresSchema, scaleOutServices } from "../testing/index.js";
import { humanChoice } from "../testing/playServerMatch.js";
import { freePort, startServerProcess, type ServerProcess } from "../testing/serverProcess.js";
import { httpClient, TestSocket } from "../testing/TestSocket.js";

const services = scaleOutServices(
  "seatTurnoverScaleOut.test.ts",
  "it runs two server processes on one PostgreSQL and one Redis.",
);

/**
 * Issue #18, defect 1 across processes: A watches seat 1 through process Q, leaves it and B
 * takes it through process P. The seat changed hands in P; A's socket on Q must leave the seat's
 * rooms there too, be told (SEAT_LOST), and get none of B's frames.
 */
describe.skipIf(services === null)("seat turnover across two processes", () => {
  const run = randomBytes(4).toString("hex");
  const schema = `maumau_seat_${run}`;
  const prefix = `maumau-seat-${run}`;
  const servers: ServerProcess[] = [];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    const env = {
      DATABASE_URL: services!.databaseUrl,
      DATABASE_SCHEMA: schema,
      REDIS_URL: services!.redisUrl,
      REDIS_PREFIX: prefix,
      SQLITE_PATH: "",
      BOT_DELAY_MS: "0",
      UNWATCHED_MS: "3600000",
      HTTP_RATE: "1000000",
      COMMAND_RATE: "100000",
    };
    const ports = [await freePort(), await freePort()];
    servers.push(...(await Promise.all(ports.map((port) => startServerProcess(port, env)))));
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all(servers.map((s) => s.stop()));
    await dropPostgresSchema(services!.databaseUrl, schema);
    await deleteRedisKeys(services!.redisUrl, prefix);
  }, 60_000);

  async function spy(url: string) {
    const socket = new TestSocket(url);
    sockets.push(socket);
    const wire: WireFrame[] = [];
    const notices: SeatNotice[] = [];
    socket.socket.on("match", (frame: WireFrame) => wire.push(frame));
    socket.socket.on("seat", (notice: SeatNotice) => notices.push(notice));
    await socket.connected();
    return { socket, wire, notices };
  }

  /** `moves` human moves through `url` (bots move in between by themselves). */
  async function play(url: string, matchId: string, tokens: readonly string[], moves: number) {
    const http = httpClient(url);
    let made = 0;
    for (let tries = 0; made < moves && tries < moves * 200; tries++) {
      for (const token of tokens) {
        const view = await http.game.view.query({ matchId, token });
        const move =
          humanChoice(view.legal) ??
          (view.progress?.status === "gameOver" ? { type: "startNextGame" } : null);
        if (move === null) continue;
        await http.game.command.mutate({
          matchId,
          token,
          commandId: `s${view.version}`,
          command: move,
        });
        made++;
        break;
      }
    }
    return made;
  }

  it("A's stale socket on the other process leaves the room and is told", async () => {
    const [p, q] = servers as [ServerProcess, ServerProcess];
    const http = httpClient(p.url);
    const created = await http.lobby.create.mutate({
      variant: "noris",
      seats: 3,
      name: "C",
      options: { games: 5 },
    });
    const { matchId } = created;
    const c = created.token!;
    const a = await http.lobby.join.mutate({ matchId, name: "A", seat: 1 });
    await http.lobby.addBots.mutate({ matchId, token: c, level: "heuristic" });
    const stale = await spy(q.url);
    await stale.socket.rpc("game.watch", { matchId, token: a.token });
    await http.lobby.start.mutate({ matchId, token: c });
    expect(await play(p.url, matchId, [c, a.token], 3)).toBe(3);

    const left = await http.lobby.leave.mutate({ matchId, token: a.token });
    const b = await http.lobby.join.mutate({ matchId, name: "B", seat: 1 });
    // B watches on Q too: once B's socket there has the last version, Q has handled every
    // frame before it, and a round trip on A's socket brings anything Q sent it meanwhile.
    const owner = await spy(q.url);
    await owner.socket.rpc("game.watch", { matchId, token: b.token });
    expect(await play(p.url, matchId, [c, b.token], 15)).toBe(15);
    const last = (await http.game.view.query({ matchId })).version;
    await owner.socket.until(() => (owner.socket.latest?.version ?? 0) >= last);
    await stale.socket.rpc("variants.list");

    expect(owner.wire.some((f) => f.version > left.version)).toBe(true);
    expect(stale.wire.filter((f) => f.version > left.version).map((f) => f.version)).toEqual([]);
    expect(stale.notices).toEqual([
      expect.objectContaining({ type: "SEAT_LOST", matchId, seat: 1, version: left.version }),
    ]);
    expect(owner.notices).toEqual([]);
  }, 60_000);

  it("in the waiting room too, the stale socket on the other process gets nothing of B's", async () => {
    const [p, q] = servers as [ServerProcess, ServerProcess];
    const http = httpClient(p.url);
    const { matchId } = await http.lobby.create.mutate({
      variant: "noris",
      seats: 3,
      options: { games: 3 },
    });
    // C hosts and waits in the lobby meanwhile (a lobby whose last human leaves closes).
    const host = await http.lobby.join.mutate({ matchId, name: "C", seat: 0 });
    const a1 = await http.lobby.join.mutate({ matchId, name: "A", seat: 1 });
    const stale = await spy(q.url);
    await stale.socket.rpc("game.watch", { matchId, token: a1.token });
    const left = await http.lobby.leave.mutate({ matchId, token: a1.token });
    const a2 = await http.lobby.join.mutate({ matchId, name: "A", seat: 2 });
    const b = await http.lobby.join.mutate({ matchId, name: "B", seat: 1 });
    const owner = await spy(q.url);
    await owner.socket.rpc("game.watch", { matchId, token: b.token });
    await http.lobby.start.mutate({ matchId, token: host.token });
    expect(await play(p.url, matchId, [host.token, b.token, a2.token], 10)).toBe(10);
    const last = (await http.game.view.query({ matchId })).version;
    await owner.socket.until(() => (owner.socket.latest?.version ?? 0) >= last);
    await stale.socket.rpc("variants.list");

    expect(stale.wire.filter((f) => f.version > left.version).map((f) => f.version)).toEqual([]);
    expect(stale.notices).toEqual([
      expect.objectContaining({ type: "SEAT_LOST", matchId, seat: 1, version: left.version }),
    ]);
  }, 60_000);

  /**
   * A third "process" on the same Redis stream: it sends seat notices as a server process does
   * (`maumau:seat`, through the adapter), so that a notice can be made to arrive late.
   */
  async function noticeSender() {
    const client = createClient({ url: services!.redisUrl });
    await client.connect();
    const io = new Server({
      adapter: createAdapter(client, {
        streamName: `${prefix}:socket.io`,
        channelPrefix: `${prefix}:socket.io`,
        sessionKeyPrefix: `${prefix}:sio:session:`,
        onlyPlaintext: true,
        blockTimeInMs: 500,
      }),
    });
    return {
      send: (change: { matchId: string; seat: number; owner: string | null; version: number }) =>
        io.serverSideEmit("maumau:seat", change),
      close: async () => {
        // No HTTP server is attached, so `io.close()` has nothing to close: end the adapter and
        // its client.
        await io.of("/").adapter.close();
        client.destroy();
      },
    };
  }

  it("a seat notice that arrives after the new owner watched does not evict the new owner", async () => {
    const [p, q] = servers as [ServerProcess, ServerProcess];
    const http = httpClient(p.url);
    const created = await http.lobby.create.mutate({
      variant: "noris",
      seats: 2,
      name: "C",
      options: { games: 5 },
    });
    const { matchId } = created;
    const a = await http.lobby.join.mutate({ matchId, name: "A", seat: 1 });
    const left = await http.lobby.leave.mutate({ matchId, token: a.token });
    const b = await http.lobby.join.mutate({ matchId, name: "B", seat: 1 });
    const owner = await spy(q.url);
    await owner.socket.rpc("game.watch", { matchId, token: b.token });
    await http.lobby.start.mutate({ matchId, token: created.token! });

    // A's release, delivered to Q only now: older than B's watch, it must change nothing.
    const sender = await noticeSender();
    try {
      sender.send({ matchId, seat: 1, owner: null, version: left.version });
      expect(await play(p.url, matchId, [created.token!, b.token], 6)).toBe(6);
      const last = (await http.game.view.query({ matchId })).version;
      await owner.socket.until(() => (owner.socket.latest?.version ?? 0) >= last);
      expect(owner.notices).toEqual([]);

      // The same channel does evict on a notice newer than the watch (so the one above
      // reached Q and was ignored for its age, not lost).
      sender.send({ matchId, seat: 1, owner: null, version: last + 1 });
      await vi.waitFor(() => expect(owner.notices.length).toBeGreaterThan(0), { timeout: 20_000 });
      expect(owner.notices).toEqual([
        expect.objectContaining({ type: "SEAT_LOST", matchId, seat: 1, version: last + 1 }),
      ]);
    } finally {
      await sender.close();
    }
  }, 60_000);
});

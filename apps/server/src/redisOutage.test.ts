import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { connect } from "node:net";
import { MatchFeed, type FeedSource } from "@maumau/client";
import type { Command } from "@maumau/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./testing/serverProcess.js";
import { httpClient, TestSocket } from "./testing/TestSocket.js";
import {
  dropPostgresSchema,
  pause,
  PostgresEventStore,
  startTestApi,
  waitFor,
  type TestApi,
} from "./testing/index.js";

const databaseUrl = process.env.DATABASE_URL;
const redisServer = spawnSync("sh", ["-c", "command -v redis-server"], {
  encoding: "utf8",
}).stdout.trim();
const missing = [
  databaseUrl ? null : "DATABASE_URL is not set",
  redisServer ? null : "no redis-server binary on PATH",
].filter(Boolean);
if (missing.length > 0) {
  console.warn(
    `redisOutage.test.ts skipped: ${missing.join(" and ")}; it starts, stops and restarts a Redis of its own.`,
  );
}

/** A Redis of the test's own on `port`, without persistence (a restart forgets everything). */
async function startRedis(port: number): Promise<ChildProcess> {
  const proc = spawn(
    redisServer,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  await waitFor(
    () =>
      new Promise<boolean>((done) => {
        const probe = connect(port, "127.0.0.1");
        probe.once("connect", () => {
          probe.destroy();
          done(true);
        });
        probe.once("error", () => done(false));
      }),
    20_000,
    50,
  );
  return proc;
}

async function killRedis(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = once(proc, "exit");
  proc.kill("SIGKILL");
  await exited;
}

/** A seat's client as a front end keeps it: MatchFeed over its socket (no idle re-watch). */
function feedOf(socket: TestSocket, matchId: string, token: string): MatchFeed {
  const client = socket.client;
  const source: FeedSource = {
    onFrame: (l) => client.onFrame(l),
    onReconnect: (l) => client.onReconnect(l),
    onResync: (l) => client.onResync(l),
    get connected() {
      return client.connected;
    },
    watch: (input) => client.rpc("game.watch", input),
  };
  return new MatchFeed(source, { matchId, token });
}

async function readyz(url: string) {
  const res = await fetch(`${url}/readyz`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Draw and pass before anything else: the match must not end before the test does. */
const slowChoice = (legal: readonly Command[]): Command | undefined =>
  legal.find((m) => m.type === "drawCard") ?? legal.find((m) => m.type === "pass") ?? legal[0];

/** Moves played while Redis is down, alternately through A and B. */
const OUTAGE_MOVES = 10;

describe.skipIf(missing.length > 0)("Redis stops and starts again under two servers", () => {
  const run = randomBytes(4).toString("hex");
  const schema = `maumau_redis_outage_${run}`;
  let port: number;
  let redis: ChildProcess;
  let a: TestApi;
  let b: TestApi;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    const config = { redisUrl: `redis://127.0.0.1:${port}`, redisPrefix: `outage-${run}` };
    a = await startTestApi(config, await PostgresEventStore.open(databaseUrl!, { schema }));
    b = await startTestApi(config, await PostgresEventStore.open(databaseUrl!, { schema }));
  }, 60_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    if (redis) await killRedis(redis);
    await dropPostgresSchema(databaseUrl!, schema);
  }, 60_000);

  it("each server keeps pushing its own commits, says degraded, and every client catches up when Redis is back", async () => {
    const servers = [a, b];
    const http = servers.map((s) => httpClient(s.url));
    const created = await http[0]!.lobby.create.mutate({
      variant: "noris",
      seats: 2,
      name: "A0",
      // Many games: a two-seat game may end within the test's dozen moves (a short deal), and
      // a match that ended would leave the next move without a seat to act.
      options: { games: 20 },
    });
    const { matchId } = created;
    const joined = await http[1]!.lobby.join.mutate({ matchId, name: "B1" });
    const tokens = [created.token!, joined.token];
    await http[0]!.lobby.start.mutate({ matchId, token: tokens[0]! });

    // Seat 0 plays on A, seat 1 on B; a spy on each server never watches again, so what it
    // gets after its first watch was pushed (the versions of the frames as they came, before
    // the client holds back a delta that follows a gap).
    const sockets: TestSocket[] = [];
    const feeds: MatchFeed[] = [];
    const spies: { readonly name: string; readonly pushed: number[] }[] = [];
    try {
      for (const [i, server] of servers.entries()) {
        const seatSocket = new TestSocket(server.url);
        const spy = new TestSocket(server.url);
        sockets.push(seatSocket, spy);
        const pushed: number[] = [];
        spy.socket.on("match", (frame: { version: number }) => pushed.push(frame.version));
        spies.push({ name: i === 0 ? "A" : "B", pushed });
        await seatSocket.connected();
        await spy.connected();
        const feed = feedOf(seatSocket, matchId, tokens[i]!);
        feeds.push(feed);
        await feed.start();
        await spy.rpc("game.watch", { matchId });
      }
      const latest = async () => (await http[0]!.game.view.query({ matchId })).version;
      /** One move through server `via`: the seat to act plays, or the next game starts. */
      const play = async (via: number, commandId: string) => {
        const progress = (await http[via]!.game.view.query({ matchId })).progress!;
        if (progress.status === "gameOver")
          return http[via]!.game.command.mutate({
            matchId,
            token: tokens[0]!,
            commandId,
            command: { type: "startNextGame" },
          });
        const seat = progress.toAct!;
        const mine = await http[via]!.game.view.query({ matchId, token: tokens[seat]! });
        return http[via]!.game.command.mutate({
          matchId,
          token: tokens[seat]!,
          commandId,
          command: slowChoice(mine.legal)!,
        });
      };
      const pushedTo = (spy: (typeof spies)[number], version: number) =>
        waitFor(() => spy.pushed.includes(version), 20_000).catch(() => {
          throw new Error(`version ${version} was not pushed to ${spy.name}: ${spy.pushed.join()}`);
        });

      // Redis works: a commit on A reaches B's sockets.
      const first = await play(0, "before");
      await pushedTo(spies[1]!, first.version);

      const pushedWhileUp = spies.map((spy) => spy.pushed.length);
      await killRedis(redis);
      for (const server of servers) {
        await waitFor(async () => (await readyz(server.url)).body.status === "degraded", 20_000);
        const ready = await readyz(server.url);
        expect(ready.status).toBe(200);
        expect(ready.body).toMatchObject({
          status: "degraded",
          checks: { store: "ok", redis: "down" },
        });
        expect(String(ready.body.reason)).toMatch(/redis/i);
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      }

      // Moves through either server: its own sockets get each frame at once.
      const pushedBefore = spies.map((spy) => spy.pushed.length);
      for (let i = 0; i < OUTAGE_MOVES; i++) {
        const via = i % 2;
        const result = await play(via, `outage-${i}`);
        expect(result.duplicate).toBe(false);
        await pushedTo(spies[via]!, result.version);
      }
      // The last move went through B: A's seat has not been sent it (nor any of B's).
      const outageVersion = await latest();

      const pushedInOutage = spies.map((spy, i) => spy.pushed.length - pushedBefore[i]!);
      redis = await startRedis(port);
      const back = performance.now();
      // Without a reload: each client is told to watch again and reaches the latest version.
      await waitFor(() => feeds.every((f) => f.version === outageVersion), 30_000);
      const caughtUpMs = performance.now() - back;
      for (const server of servers) {
        await waitFor(async () => (await readyz(server.url)).body.status === "ready", 30_000);
      }
      // Fan-out across the servers works again.
      const after = await play(1, "after");
      await pushedTo(spies[0]!, after.version);
      await waitFor(() => feeds.every((f) => f.version === after.version), 30_000);
      // Nothing was pushed twice while Redis worked, and the first move after it came back
      // reaches each spy once. Around the recovery itself a raw frame may come twice (seen once,
      // in a full CI run under load; suspected: the stream adapter's reads at the reconnect;
      // not understood yet); a client drops it by its version, which the feeds above show.
      for (const [i, spy] of spies.entries()) {
        const whileUp = spy.pushed.slice(0, pushedWhileUp[i]);
        expect(new Set(whileUp).size, `${spy.name}: ${spy.pushed.join()}`).toBe(whileUp.length);
        expect(
          spy.pushed.filter((v) => v === after.version),
          `${spy.name}: ${spy.pushed.join()}`,
        ).toEqual([after.version]);
      }
      const twice = spies.map((spy) => spy.pushed.length - new Set(spy.pushed).size);
      for (const feed of feeds) expect(feed.version).toBe(after.version);
      console.info(
        `redis outage: ${OUTAGE_MOVES} moves acknowledged while Redis was down; frames pushed ` +
          `to each server's own spy meanwhile: A ${pushedInOutage[0]}, B ${pushedInOutage[1]}; ` +
          `every client at version ${outageVersion} ${Math.round(caughtUpMs)} ms after ` +
          `redis-server started again; feed resyncs: ${feeds.map((f) => f.stats.resyncs).join(", ")}; ` +
          `raw frames pushed twice around the recovery: A ${twice[0]}, B ${twice[1]}`,
      );
    } finally {
      for (const feed of feeds) feed.close();
      for (const s of sockets) s.close();
    }
  }, 120_000);

  it("stops gracefully while Redis is down", async () => {
    await killRedis(redis);
    await waitFor(async () => (await readyz(b.url)).body.status === "degraded", 20_000);
    // A new match tells the other servers' lobbies (a message that waits for Redis).
    const http = httpClient(b.url);
    await http.lobby.create.mutate({ variant: "noris", seats: 2, name: "late" });
    await pause(300);
    // Nothing waits for Redis: the sockets close, the store closes, the process could exit.
    expect(await b.close()).toBe(true);
  }, 60_000);
});

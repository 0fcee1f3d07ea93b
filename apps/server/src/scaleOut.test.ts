import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import type { Command, Seat, Viewer } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchFrame } from "./matches/MatchService.js";
import { checkFrames, humanChoice } from "./testing/playServerMatch.js";
import { serverCommand } from "./testing/serverCommand.js";
import { SyncedWatch } from "./testing/SyncedWatch.js";
import { httpClient, TestSocket } from "./testing/TestSocket.js";
import { PostgresEventStore } from "./store/postgres.js";
import {
  deleteRedisKeys,
  dropPostgresSchema,
  pause,
  scaleOutServices,
  waitFor,
} from "./testing/index.js";

const services = scaleOutServices(
  "scaleOut.test.ts",
  "it runs two server processes on one PostgreSQL and one Redis.",
);
const databaseUrl = services?.databaseUrl;
const redisUrl = services?.redisUrl;

interface ServerProcess {
  readonly name: string;
  readonly url: string;
  readonly proc: ChildProcess;
  readonly exited: Promise<number | null>;
  output(): string;
}

/** The server (`serverCommand`) on a free port; resolves once it logs its URL. */
async function startProcess(name: string, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const [command, ...args] = serverCommand();
  const proc = spawn(command, args, {
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", WEB_DIST: "/nonexistent", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  proc.stderr.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  const exited = once(proc, "exit").then(([code]) => code as number | null);
  // Loading the server (then through tsx) took over 30 s under turbo's ten tasks on two cores.
  const deadline = Date.now() + 100_000;
  for (;;) {
    const line = out
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { url?: unknown; msg?: unknown })
      .find((l) => typeof l.url === "string" && String(l.msg).startsWith("listening"));
    if (line) return { name, url: String(line.url), proc, exited, output: () => out };
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`server ${name} did not start:\n${out}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
}

const refusalCode = (error: unknown): string | undefined =>
  error instanceof TRPCClientError
    ? (error.data as { refusal?: { code?: string } } | undefined)?.refusal?.code
    : undefined;

describe.skipIf(services === null)("two server processes, one PostgreSQL, one Redis", () => {
  const run = randomBytes(4).toString("hex");
  const schema = `maumau_scale_${run}`;
  const prefix = `maumau-test-${run}`;
  let a: ServerProcess;
  let b: ServerProcess;
  let store: PostgresEventStore;

  beforeAll(async () => {
    const env = {
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      BOT_DELAY_MS: "0",
      COMMAND_RATE: "10000",
      LOG_LEVEL: "info",
    };
    // Both kept when one fails, so that afterAll stops the one that started.
    const started = await Promise.allSettled([startProcess("A", env), startProcess("B", env)]);
    [a, b] = started.map((r) => (r.status === "fulfilled" ? r.value : undefined)) as [
      ServerProcess,
      ServerProcess,
    ];
    const failed = started.find((r) => r.status === "rejected");
    if (failed !== undefined) throw failed.reason;
    store = await PostgresEventStore.open(databaseUrl!, { schema });
  }, 120_000);

  afterAll(async () => {
    // A graceful stop closes the store and the Redis client: exit code 0.
    const codes = await Promise.all(
      [a, b].map(async (p) => {
        if (!p) return 0;
        p.proc.kill("SIGTERM");
        return p.exited;
      }),
    );
    await store?.close();
    await dropPostgresSchema(databaseUrl!, schema);
    await deleteRedisKeys(redisUrl!, prefix);
    expect(codes).toEqual([0, 0]);
    // No process logged an error (a bot step that failed, a refused bot move, …).
    for (const p of [a, b]) {
      if (!p) continue;
      const errors = p
        .output()
        .split("\n")
        .filter((l) => l.startsWith("{") && (JSON.parse(l) as { level: number }).level >= 50);
      expect(errors, `server ${p.name}`).toEqual([]);
    }
  }, 60_000);

  it("answers /readyz with the store and Redis", async () => {
    for (const p of [a, b]) {
      const res = await fetch(`${p.url}/readyz`);
      expect(await res.json()).toEqual({
        status: "ready",
        checks: { store: "ok", redis: "ok" },
      });
    }
  });

  const GAMES = [
    { variant: "noris", options: { games: 1 } },
    { variant: "heul-doch", options: {} },
  ] as const;

  it.each(GAMES.filter((g) => findVariant(g.variant) !== undefined))(
    "$variant: clients on both processes play a whole match; every version in order, no leaks",
    async ({ variant, options }) => {
      const servers = [a, b];
      const http = servers.map((p) => httpClient(p.url));
      const { matchId } = await http[0]!.lobby.create.mutate({ variant, seats: 4, options });
      // Seats 0 and 2 on A, seat 1 and the spectator on B, seat 3 a server bot (both
      // processes run its timer; the expected version lets one move through).
      const humans: readonly { seat: Seat; on: number }[] = [
        { seat: 0, on: 0 },
        { seat: 1, on: 1 },
        { seat: 2, on: 0 },
      ];
      const sockets: TestSocket[] = [];
      const watches = new Map<Viewer, SyncedWatch>();
      const tokens = new Map<Seat, string>();
      const errors: string[] = [];
      let moves = 0;
      try {
        for (const { seat, on } of humans) {
          const socket = new TestSocket(servers[on]!.url);
          sockets.push(socket);
          await socket.connected();
          const ticket = await socket.rpc<{ token: string }>("lobby.join", {
            matchId,
            name: `seat ${seat}`,
            seat,
          });
          tokens.set(seat, ticket.token);
          const watch = new SyncedWatch(socket, matchId, ticket.token);
          watches.set(seat, watch);
          let acted = -1;
          // Each client acts on what it was pushed, and sends to its own process.
          watch.onSnapshot((snap) => {
            if (snap.version <= acted || snap.lobby.status !== "running") return;
            const move: Command | undefined =
              humanChoice(snap.legal) ??
              (snap.progress?.status === "gameOver" && seat === 0
                ? { type: "startNextGame" }
                : undefined);
            if (move === undefined) return;
            acted = snap.version;
            moves++;
            socket
              .command(matchId, ticket.token, `${seat}@${snap.version}`, move)
              .catch((error: unknown) =>
                errors.push(`seat ${seat} ${JSON.stringify(move)}: ${String(error)}`),
              );
          });
          await watch.watch();
        }
        const spectatorSocket = new TestSocket(b.url);
        sockets.push(spectatorSocket);
        await spectatorSocket.connected();
        const spectator = new SyncedWatch(spectatorSocket, matchId);
        watches.set("spectator", spectator);
        await spectator.watch();

        await http[1]!.lobby.addBots.mutate({ matchId, token: tokens.get(0)!, level: "heuristic" });
        // The host (seat 0) starts, from the other process.
        await sockets[1]!.rpc("lobby.start", { matchId, token: tokens.get(0)! });
        await Promise.all(
          [...watches.values()].map((w) =>
            w.until(() => w.snapshot?.lobby.status === "over", 90_000),
          ),
        );

        expect(errors).toEqual([]);
        expect(moves).toBeGreaterThan(10);
        console.info(
          `${variant}: ${moves} moves; resyncs after gaps:`,
          Object.fromEntries([...watches].map(([v, w]) => [v, w.resyncs])),
        );
        const version = await store.version(`match-${matchId}`);
        for (const [viewer, w] of watches) {
          expect(w.errors, `viewer ${viewer}`).toEqual([]);
          expect(w.version, `viewer ${viewer}`).toBe(version);
          // Every version after the first snapshot, in order, each once.
          const expected = Array.from(
            { length: version - w.firstVersion! },
            (_, i) => w.firstVersion! + 1 + i,
          );
          expect(
            w.applied.map((e) => e.version),
            `viewer ${viewer}`,
          ).toEqual(expected);
        }
        // What each socket was sent, raw and in arrival order: nothing another seat may not see.
        const framesOf = new Map<Viewer, readonly MatchFrame[]>(
          [...watches].map(([viewer, w]) => [viewer, w.socket.frames]),
        );
        expect(await checkFrames(store, matchId, variant, framesOf, { inOrder: false })).toBe(
          [...framesOf.values()].reduce((n, f) => n + f.length, 0),
        );
        // Both processes tell the same story.
        const [historyA, historyB] = await Promise.all([
          http[0]!.game.history.query({ matchId }),
          http[1]!.game.history.query({ matchId }),
        ]);
        expect(historyA.full).toBe(true);
        expect(historyA).toEqual(historyB);
        expect(historyA.events.map((e) => e.version)).toEqual(
          Array.from({ length: version }, (_, i) => i + 1),
        );
      } finally {
        for (const s of sockets) s.close();
      }
    },
    120_000,
  );

  /** A started two-seat noris match, created and started through A. */
  async function startedOnA() {
    const httpA = httpClient(a.url);
    const created = await httpA.lobby.create.mutate({
      variant: "noris",
      seats: 2,
      name: "A0",
      options: { games: 1 },
    });
    const matchId = created.matchId;
    const joined = await httpA.lobby.join.mutate({ matchId, name: "A1" });
    await httpA.lobby.start.mutate({ matchId, token: created.token! });
    return { matchId, tokens: [created.token!, joined.token] };
  }

  it("lists on B a match created through A: at once after B's lobby signal, else within the cache's bound", async () => {
    const [httpA, httpB] = [httpClient(a.url), httpClient(b.url)];
    const listedOnB = async (matchId: string) =>
      (await httpB.lobby.list.query({ limit: 200 })).some((v) => v.matchId === matchId);
    // B's answer is cached; a match created through A shows up on B within LIST_CACHE_MS.
    await httpB.lobby.list.query({ limit: 200 });
    const first = await httpA.lobby.create.mutate({ variant: "noris", seats: 2, name: "A" });
    await waitFor(() => listedOnB(first.matchId));

    // A watcher on B reads the list when signalled: A told B to drop its cache before that.
    const watcher = new TestSocket(b.url);
    try {
      await watcher.connected();
      let signals = 0;
      watcher.socket.on("lobby", () => signals++);
      await watcher.rpc("lobby.watch");
      // The signals of the create above are over (at most one per 250 ms per process).
      await pause(300);
      await httpB.lobby.list.query({ limit: 200 });
      const before = signals;
      const second = await httpA.lobby.create.mutate({ variant: "noris", seats: 2, name: "A" });
      await waitFor(() => signals > before);
      expect(await listedOnB(second.matchId)).toBe(true);
    } finally {
      watcher.close();
    }
  });

  it("takes a command through B for a match created on A; frames reach both processes", async () => {
    const [httpA, httpB] = [httpClient(a.url), httpClient(b.url)];
    const { matchId, tokens } = await startedOnA();
    // Spectators that never ask again: whatever they get after the first watch is pushed.
    const spectators = [new TestSocket(a.url), new TestSocket(b.url)];
    for (const s of spectators) {
      await s.connected();
      await s.rpc("game.watch", { matchId });
    }
    for (let i = 0; i < 6; i++) {
      const via = i % 2 === 0 ? httpB : httpA;
      const seat = (await via.game.view.query({ matchId })).progress!.toAct!;
      const mine = await via.game.view.query({ matchId, token: tokens[seat]! });
      const result = await via.game.command.mutate({
        matchId,
        token: tokens[seat]!,
        commandId: `step-${i}`,
        command: humanChoice(mine.legal)!,
      });
      expect(result.duplicate).toBe(false);
      // The other process sees the move at once: it reads before it answers.
      const other = via === httpA ? httpB : httpA;
      expect((await other.game.view.query({ matchId })).version).toBe(result.version);
      for (const s of spectators) await s.until(() => s.latest?.version === result.version);
    }
    for (const s of spectators) {
      const versions = s.frames
        .flatMap((f) => (f.kind === "events" ? f.events : []))
        .map((e) => e.version);
      expect(new Set(versions).size).toBe(versions.length);
      s.close();
    }
  });

  it("accepts exactly one of two commands for the same turn raced through A and B", async () => {
    const [httpA, httpB] = [httpClient(a.url), httpClient(b.url)];
    const { matchId, tokens } = await startedOnA();
    for (let round = 0; round < 12; round++) {
      const view = await httpA.game.view.query({ matchId });
      if (view.lobby.status !== "running" || view.progress?.status !== "playing") break;
      const seat = view.progress.toAct!;
      const mine = await httpA.game.view.query({ matchId, token: tokens[seat]! });
      // The same move twice: once made, its twin is no longer legal (the card has left the
      // hand, the card was drawn, the turn has passed).
      const command: Command | undefined =
        mine.legal.find((m) => m.type === "playCard" && m.wish === undefined) ??
        mine.legal.find((m) => m.type === "drawCard") ??
        mine.legal[0];
      if (command === undefined) break;
      const before = await store.version(`match-${matchId}`);
      const outcomes = await Promise.allSettled(
        [httpA, httpB].map((c, i) =>
          c.game.command.mutate({
            matchId,
            token: tokens[seat]!,
            commandId: `race-${round}-${i}`,
            command,
          }),
        ),
      );
      const accepted = outcomes.filter((o) => o.status === "fulfilled");
      const refused = outcomes.filter((o) => o.status === "rejected");
      expect(
        accepted,
        `round ${round}: ${JSON.stringify(command)}; legal ${JSON.stringify(mine.legal)}; ${refused.map((o) => refusalCode(o.reason) ?? String(o.reason)).join(", ")}`,
      ).toHaveLength(1);
      expect(refusalCode(refused[0]!.reason)).toMatch(/^[A-Z_]+$/);
      const after = await store.version(`match-${matchId}`);
      expect(after - before).toBe(accepted[0]!.value.events.length);
      if (command.type === "drawCard") {
        // Drawing leaves the turn open: finish it so the next round races a fresh turn.
        const again = await httpB.game.view.query({ matchId, token: tokens[seat]! });
        const finish = again.legal.find((m) => m.type === "pass");
        if (finish)
          await httpB.game.command.mutate({
            matchId,
            token: tokens[seat]!,
            commandId: `finish-${round}`,
            command: finish,
          });
      }
    }
    const [historyA, historyB] = await Promise.all(
      [httpA, httpB].map((c) => c.game.history.query({ matchId, token: tokens[0]! })),
    );
    expect(historyA).toEqual(historyB);
  });
});

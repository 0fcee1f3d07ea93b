import { randomBytes } from "node:crypto";
import { RemoteRefusal, SocketClient, type MatchSnapshot } from "@maumau/client";
import { afterAll, describe, expect, it } from "vitest";
import { ResendingSeat, type Ack } from "../testing/resendingSeat.js";
import {
  deleteRedisKeys,
  dropPostgresSchema,
  PostgresEventStore,
  scaleOutServices,
} from "../testing/index.js";
import { freePort, startServerProcess, type ServerProcess } from "../testing/serverProcess.js";
import type { AppRouter } from "../trpc/appRouter.js";
import { figure, scale, seeded } from "./scale.js";

const services = scaleOutServices(
  "soak crashScaleOut",
  "it kills two server processes sharing one PostgreSQL and one Redis.",
);
const DATABASE_URL = services?.databaseUrl;
const REDIS_URL = services?.redisUrl;

/** How long an owner without a socket keeps the seat before a bot takes it over. */
const GRACE_MS = 1500;

type Client = SocketClient<AppRouter>;
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * A human at a table as a real client is: a socket to one of the two processes, watching its
 * seat (so that it counts as present everywhere), asking for the view and playing the first
 * legal move, keeping every acknowledgement. When its process dies it connects to either
 * process (the balancer's choice) and resends an unanswered command under the same id.
 */
async function human(
  urls: readonly string[],
  random: () => number,
  matchId: string,
  token: string,
  seat: number,
  acks: Ack[],
  stop: () => boolean,
): Promise<void> {
  let client: Client | null = null;
  const player = new ResendingSeat(matchId, token, seat, acks);
  const drop = () => {
    client?.close();
    client = null;
  };
  try {
    while (!stop()) {
      try {
        if (client === null) {
          const c: Client = new SocketClient<AppRouter>(urls[Math.floor(random() * urls.length)]!, {
            reconnect: false,
            timeoutMs: 5_000,
            rate: 1_000,
          });
          client = c;
          await c.whenConnected();
          await c.api.game.watch({ matchId, token });
        }
        const done = await player.step(client.api);
        if (done === "over") return;
        if (done === "idle") await pause(10);
      } catch (error) {
        if (error instanceof RemoteRefusal && error.code !== "SHUTTING_DOWN") {
          // A refusal (the table moved on, a bot played the seat meanwhile) drops the move.
          player.refused();
        } else {
          // The process is gone (or going): keep the move, connect again to either process.
          drop();
        }
        await pause(20);
      }
    }
  } finally {
    drop();
  }
}

describe.skipIf(services === null)("soak: crashes of two processes on PostgreSQL + Redis", () => {
  const run = randomBytes(4).toString("hex");
  const schema = `soak_crash_${run}`;
  const prefix = `maumau-soak-${run}`;
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    await dropPostgresSchema(DATABASE_URL!, schema);
    await deleteRedisKeys(REDIS_URL!, prefix);
  });

  it(
    "SIGKILL of either process at random moments: no acknowledged event lost, every match " +
      "goes on, absent owners taken over once, replays equal",
    async () => {
      const cycles = scale(2, 50);
      const random = seeded(11);
      const env = {
        DATABASE_URL,
        DATABASE_SCHEMA: schema,
        REDIS_URL,
        REDIS_PREFIX: prefix,
        SQLITE_PATH: "",
        BOT_DELAY_MS: "5",
        GRACE_MS: String(GRACE_MS),
        // Bot-only tables must keep playing while the soak waits for them to end.
        UNWATCHED_MS: "3600000",
        COMMAND_RATE: "100000",
        HTTP_RATE: "1000000",
        MAX_SOCKETS_PER_CLIENT: "100000",
        MAX_OPEN_MATCHES_PER_CLIENT: "1000000",
      };
      const started = performance.now();
      const phase = (name: string) =>
        console.info(`crash2: ${name} after ${Math.round(performance.now() - started)} ms`);
      const ports = [await freePort(), await freePort()];
      servers.push(...(await Promise.all(ports.map((port) => startServerProcess(port, env)))));
      const urls = servers.map((s) => s.url);
      const store = await PostgresEventStore.open(DATABASE_URL!, { schema });
      const acks: Ack[] = [];
      const matches: string[] = [];
      /** Matches whose only human never came: each seat 0 must be taken over exactly once. */
      const absent: string[] = [];
      let stopped = false;
      let creating = true;
      /** Tables between deciding to make a match and listing it in `matches`. */
      let settingUp = 0;
      const admin = () =>
        new SocketClient<AppRouter>(urls[Math.floor(random() * urls.length)]!, {
          reconnect: false,
          timeoutMs: 10_000,
          rate: 1_000,
        });
      /** Retries a setup step on the other process when the one it used was just killed. */
      async function setup<T>(step: (c: Client) => Promise<T>): Promise<T> {
        for (let attempt = 0; ; attempt++) {
          const c = admin();
          try {
            await c.whenConnected();
            return await step(c);
          } catch (error) {
            if (error instanceof RemoteRefusal || attempt > 50) throw error;
            await pause(100);
          } finally {
            c.close();
          }
        }
      }
      /**
       * A table that is never empty while the kills go on: three-seat matches, two humans and
       * a bot, one after the other. Setup steps are retried as a whole on a fresh match.
       */
      async function table(t: number): Promise<void> {
        for (let round = 0; creating; round++) {
          let ticket: { matchId: string; tokens: [string, string]; seat: number } | null = null;
          settingUp++;
          try {
            ticket = await setup(async (c) => {
              const created = await c.api.lobby.create({
                variant: ["noris", "heul-doch", "french"][t]!,
                seats: 3,
                name: "A",
                options: t === 2 ? { targetScore: scale(20, 60) } : { games: scale(1, 2) },
              });
              const b = await c.api.lobby.join({ matchId: created.matchId, name: "B" });
              await c.api.lobby.addBots({ matchId: created.matchId, token: created.token! });
              await c.api.lobby.start({ matchId: created.matchId, token: created.token! });
              return {
                matchId: created.matchId,
                tokens: [created.token!, b.token] as [string, string],
                seat: b.seat,
              };
            });
          } catch {
            continue; // the process died between two setup steps: a new match
          } finally {
            settingUp--;
          }
          matches.push(ticket.matchId);
          const done = () => stopped;
          await Promise.all([
            human(urls, random, ticket.matchId, ticket.tokens[0], 0, acks, done),
            human(urls, random, ticket.matchId, ticket.tokens[1], ticket.seat, acks, done),
          ]);
        }
      }
      /** A started match whose owner never connects: a bot must take seat 0 over, once. */
      async function absentOwner(): Promise<void> {
        try {
          const matchId = await setup(async (c) => {
            const created = await c.api.lobby.create({
              variant: "noris",
              seats: 2,
              name: "Gone",
              options: { games: 1 },
            });
            await c.api.lobby.addBots({ matchId: created.matchId, token: created.token! });
            await c.api.lobby.start({ matchId: created.matchId, token: created.token! });
            return created.matchId;
          });
          absent.push(matchId);
        } catch {
          // killed mid-setup; the next cycle makes another
        }
      }

      phase("two processes up");
      const tables = [0, 1, 2].map((t) => table(t));
      const owners: Promise<void>[] = [];
      let killed = 0;
      try {
        for (let cycle = 0; cycle < cycles; cycle++) {
          owners.push(absentOwner());
          await pause(scale(200, 300) + random() * scale(600, 1200));
          // Each process once first (so the short run kills both), then either one at random.
          const victim = cycle < servers.length ? cycle : Math.floor(random() * servers.length);
          const before = acks.length;
          await servers[victim]!.kill();
          killed++;
          // Everything acknowledged before the kill is in the log, under its command id.
          const logs = new Map<string, Awaited<ReturnType<typeof store.read>>>();
          for (const ack of acks.slice(0, before)) {
            let log = logs.get(ack.matchId);
            if (log === undefined)
              logs.set(ack.matchId, (log = await store.read(`match-${ack.matchId}`)));
            const event = log[ack.version - 1];
            expect(event?.commandId, `${ack.matchId} v${ack.version}`).toBe(ack.commandId);
          }
          servers[victim] = await startServerProcess(ports[victim]!, env);
        }
        creating = false;
        await Promise.all(owners);
        // A table that began a match just before `creating` turned false lists it later: wait
        // for it, or that match would go unwatched, and its bots would still be playing while
        // the replays are compared below (a run of 2026-11-28 saw a view 2 events past its log).
        while (settingUp > 0) await pause(20);
        phase(`${killed} kills`);
        figure("crash2 SIGKILL cycles (two processes, PostgreSQL + Redis)", killed, "kills");
        // Every match resumes and ends: humans come back by themselves, bots are resumed,
        // absent owners are taken over.
        const deadline = Date.now() + scale(120_000, 900_000);
        const watcher = admin();
        await watcher.whenConnected();
        try {
          for (const matchId of [...matches, ...absent]) {
            for (;;) {
              const view = (await watcher.api.game.view({ matchId })) as MatchSnapshot;
              if (view.lobby.status === "over") break;
              if (Date.now() > deadline)
                throw new Error(
                  `match ${matchId} stalled at ${JSON.stringify(view.progress)} v${view.version}, ` +
                    `seats ${JSON.stringify(view.lobby.seats)}`,
                );
              await pause(50);
            }
          }
        } finally {
          watcher.close();
        }
        phase("every match over");
        stopped = true;
        await Promise.all(tables);
        figure("crash2 acknowledged commands checked", acks.length, "commands");
        figure("crash2 matches played through the kills", matches.length, "matches");

        let takeovers = 0;
        let returns = 0;
        for (const matchId of [...matches, ...absent]) {
          const log = await store.read(`match-${matchId}`);
          // Replays equal: each process folds the log to the same version.
          for (const url of urls) {
            const c = new SocketClient<AppRouter>(url, {
              reconnect: false,
              timeoutMs: 10_000,
              rate: 1_000,
            });
            try {
              await c.whenConnected();
              const view = (await c.api.game.view({ matchId })) as MatchSnapshot;
              expect(view.version, `${matchId} on ${url}`).toBe(log.length);
            } finally {
              c.close();
            }
          }
          // A seat is taken over at most once per absence: takeovers and returns alternate.
          const away = new Set<number>();
          for (const event of log) {
            const seat = (event.data as { seat?: number } | null)?.seat;
            if (event.type === "seat.botTakenOver") {
              expect(away.has(seat!), `${matchId}: seat ${seat} taken over twice`).toBe(false);
              away.add(seat!);
              takeovers++;
            } else if (event.type === "seat.returned") {
              expect(away.has(seat!), `${matchId}: seat ${seat} returned unheld`).toBe(true);
              away.delete(seat!);
              returns++;
            }
          }
          if (absent.includes(matchId)) {
            const taken = log.filter((e) => e.type === "seat.botTakenOver");
            expect(
              taken.map((e) => (e.data as { seat: number }).seat),
              matchId,
            ).toEqual([0]);
          }
        }
        figure("crash2 absent owners taken over exactly once", absent.length, "matches");
        figure(
          "crash2 takeovers of players cut off by a kill",
          takeovers - absent.length,
          "takeovers",
        );
        figure("crash2 returns of those players", returns, "returns");
        figure("crash2 acknowledged events lost", 0, "events");
        figure("crash2 matches stalled", 0, "matches");
      } finally {
        stopped = true;
        creating = false;
        await store.close();
      }
    },
    scale(240_000, 3_600_000),
  );
});

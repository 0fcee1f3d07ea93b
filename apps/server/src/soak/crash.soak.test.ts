import { SocketClient, type MatchSnapshot } from "@maumau/client";
import { afterAll, describe, expect, it } from "vitest";
import { ResendingSeat, type Ack } from "../testing/resendingSeat.js";
import { SqliteEventStore } from "../store/sqlite.js";
import { tempSqlite } from "../testing/index.js";
import { freePort, startServerProcess, type ServerProcess } from "../testing/serverProcess.js";
import type { AppRouter } from "../trpc/appRouter.js";
import { figure, scale, seeded } from "./scale.js";

const servers: ServerProcess[] = [];
afterAll(() => Promise.all(servers.map((s) => s.kill())));

/** The real server process on a SQLite file and a fixed port (clients reconnect to it). */
async function startMain(sqlitePath: string, port: number): Promise<ServerProcess> {
  const server = await startServerProcess(port, {
    SQLITE_PATH: sqlitePath,
    DATABASE_URL: "",
    REDIS_URL: "",
    BOT_DELAY_MS: "5",
    GRACE_MS: "60000",
    COMMAND_RATE: "100000",
  });
  servers.push(server);
  return server;
}

/**
 * A human at a table: plays its seat (`ResendingSeat`). Across a crash it waits (the client
 * reconnects) and resends a command whose answer was lost under the same id, as a real client
 * does.
 */
async function human(
  client: SocketClient<AppRouter>,
  matchId: string,
  token: string,
  seat: number,
  acks: Ack[],
  stop: () => boolean,
): Promise<void> {
  const player = new ResendingSeat(matchId, token, seat, acks);
  while (!stop()) {
    try {
      const done = await player.step(client.api);
      if (done === "over") return;
      if (done === "idle") await new Promise((wait) => setTimeout(wait, 10));
    } catch (error) {
      const code = (error as { code?: string }).code;
      // A refusal (the table moved on) drops the move; a lost connection keeps it to resend.
      if (code !== undefined && code !== "SHUTTING_DOWN") player.refused();
      await new Promise((wait) => setTimeout(wait, 20));
    }
  }
}

describe("soak: crashes", () => {
  it(
    "SIGKILL at random moments: no acknowledged event lost, every match goes on, replays equal",
    async () => {
      const cycles = scale(3, 50);
      const random = seeded(7);
      const file = await tempSqlite();
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      let proc = await startMain(file.path, port);
      const clients: SocketClient<AppRouter>[] = [];
      const connect = () => {
        const c = new SocketClient<AppRouter>(url, {
          reconnect: true,
          timeoutMs: 15_000,
          rate: 1_000,
        });
        clients.push(c);
        return c;
      };
      const acks: Ack[] = [];
      let stopped = false;
      const players: Promise<void>[] = [];
      const matches: string[] = [];
      try {
        const admin = connect();
        for (let m = 0; m < 3; m++) {
          const created = await admin.api.lobby.create({
            variant: ["noris", "heul-doch", "french"][m]!,
            seats: 3,
            name: "A",
            options: m === 0 ? { games: 3 } : m === 1 ? { games: 2 } : { targetScore: 100 },
          });
          const matchId = created.matchId;
          const b = await admin.api.lobby.join({ matchId, name: "B" });
          await admin.api.lobby.addBots({ matchId, token: created.token! });
          await admin.api.lobby.start({ matchId, token: created.token! });
          matches.push(matchId);
          for (const [seat, token] of [
            [0, created.token!],
            [b.seat, b.token],
          ] as const)
            players.push(human(connect(), matchId, token, seat, acks, () => stopped));
        }
        let killed = 0;
        for (let cycle = 0; cycle < cycles; cycle++) {
          await new Promise((done) => setTimeout(done, 100 + random() * 600));
          const before = acks.length;
          await proc.kill();
          killed++;
          // Everything acknowledged before the kill is in the log, under its command id.
          const store = SqliteEventStore.open(file.path);
          try {
            for (const ack of acks.slice(0, before)) {
              const log = await store.read(`match-${ack.matchId}`);
              const event = log[ack.version - 1];
              expect(event?.commandId, `${ack.matchId} v${ack.version}`).toBe(ack.commandId);
            }
          } finally {
            await store.close();
          }
          proc = await startMain(file.path, port);
        }
        figure("crash SIGKILL cycles", killed, "kills");
        figure("crash acknowledged commands checked", acks.length, "commands");
        // Every match resumes and ends: humans come back by themselves, bots are resumed.
        const deadline = Date.now() + scale(120_000, 900_000);
        const admin2 = connect();
        for (const matchId of matches) {
          for (;;) {
            const view = (await admin2.api.game.view({ matchId })) as MatchSnapshot;
            if (view.lobby.status === "over") break;
            if (Date.now() > deadline)
              throw new Error(
                `match ${matchId} stalled at ${JSON.stringify(view.progress)} v${view.version}, seats ${JSON.stringify(view.lobby.seats)}`,
              );
            await new Promise((done) => setTimeout(done, 50));
          }
        }
        stopped = true;
        await Promise.all(players);
        // Replays equal: the log folds to what the server shows, at the same version.
        const store = SqliteEventStore.open(file.path);
        try {
          for (const matchId of matches) {
            const view = (await admin2.api.game.view({ matchId })) as MatchSnapshot;
            expect(await store.version(`match-${matchId}`)).toBe(view.version);
          }
        } finally {
          await store.close();
        }
        figure("crash acknowledged events lost", 0, "events");
        figure("crash matches stalled", 0, "matches");
      } finally {
        stopped = true;
        for (const c of clients) c.close();
        await proc.stop();
        await file.remove();
      }
    },
    scale(240_000, 3_600_000),
  );
});

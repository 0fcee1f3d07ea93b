import { fork } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import type { Command } from "@maumau/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FloodReport } from "../testing/flooder.js";
import { humanChoice } from "../testing/playServerMatch.js";
import { TestSocket } from "../testing/TestSocket.js";
import { tempSqlite } from "../testing/index.js";
import { freePort, startServerProcess, type ServerProcess } from "../testing/serverProcess.js";
import { figure, scale } from "./scale.js";

/**
 * Three processes, so that none measures another's event loop: the server, the flooding
 * client (src/testing/flooder.ts) and this one, the calm player.
 */
const flooderTs = fileURLToPath(new URL("../testing/flooder.ts", import.meta.url));

let server: ServerProcess;
let file: Awaited<ReturnType<typeof tempSqlite>>;
beforeAll(async () => {
  file = await tempSqlite();
  // Production limits for HTTP: 50 requests/s per client (the flood comes through the trusted
  // proxy as one address). The calm player's socket may send more than the default 20/s.
  server = await startServerProcess(await freePort(), {
    SQLITE_PATH: file.path,
    DATABASE_URL: "",
    REDIS_URL: "",
    BOT_DELAY_MS: "0",
    HTTP_RATE: "50",
    TRUST_PROXY: "true",
    COMMAND_RATE: "1000",
  });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await file?.remove();
});

/** command → acknowledgement times (ms) of one player playing against a bot over the socket. */
async function play(moves: number): Promise<number[]> {
  const socket = new TestSocket(server.url);
  await socket.connected();
  const created = await socket.rpc<{ matchId: string; token: string }>("lobby.create", {
    variant: "noris",
    seats: 2,
    name: "Calm",
    options: { games: 100 },
  });
  const { matchId, token } = created;
  await socket.rpc("lobby.addBots", { matchId, token });
  await socket.rpc("game.watch", { matchId, token });
  await socket.rpc("lobby.start", { matchId, token });
  const times: number[] = [];
  for (let i = 0; times.length < moves && i < moves * 50; i++) {
    await socket.until(
      () =>
        (socket.latest?.legal.length ?? 0) > 0 || socket.latest?.progress?.status === "gameOver",
      10_000,
    );
    const move =
      socket.latest!.progress?.status === "gameOver"
        ? ({ type: "startNextGame" } as Command)
        : (humanChoice(socket.latest!.legal) as Command);
    const started = performance.now();
    try {
      await socket.command(matchId, token, `m${i}`, move);
      times.push(performance.now() - started);
    } catch {
      // The bot moved first; ask again.
    }
  }
  socket.close();
  return times;
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) /
    10
  );
};

describe("soak: limits under a flood", () => {
  it(
    "a flooding client (its own process) is throttled with RATE_LIMITED while another " +
      "player's moves go on",
    async () => {
      const moves = scale(40, 2000);
      const calm = await play(moves);
      const flooder = fork(flooderTs, [server.url, "20", "203.0.113.66"], {
        execArgv: ["--import", "tsx"],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      let report: FloodReport;
      try {
        await once(flooder, "message"); // ready
        const during = await play(moves);
        const answered = once(flooder, "message");
        flooder.send("stop");
        report = (await answered)[0] as FloodReport;
        expect(during.length).toBe(moves);
        figure("flood requests sent", report.sent, "requests");
        figure(
          "flood requests refused 429 RATE_LIMITED",
          report.answers["429 RATE_LIMITED"] ?? 0,
          "requests",
        );
        figure("flood requests served", report.answers["200"] ?? 0, "requests");
        figure("move ack p50 without flood", percentile(calm, 50), "ms");
        figure("move ack p99 without flood", percentile(calm, 99), "ms");
        figure("move ack p50 during flood", percentile(during, 50), "ms");
        figure("move ack p99 during flood", percentile(during, 99), "ms");
      } finally {
        if (flooder.exitCode === null) flooder.kill("SIGKILL");
      }
      // The flood is refused with the typed limit, and nothing else: every answer is a 200
      // within the client's budget or a 429 RATE_LIMITED, and no request went unanswered.
      expect(report.answers["429 RATE_LIMITED"] ?? 0).toBeGreaterThan(0);
      expect(Object.keys(report.answers).sort()).toEqual(
        Object.keys(report.answers)
          .filter((k) => k === "200" || k === "429 RATE_LIMITED")
          .sort(),
      );
      expect(report.failed).toBe(0);
    },
    scale(120_000, 900_000),
  );
});

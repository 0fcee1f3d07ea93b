import type { Command } from "@maumau/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { humanChoice } from "../testing/playMatch.js";
import { TestSocket } from "../testing/TestSocket.js";
import { startTestApi, type TestApi } from "../testing/index.js";
import { figure, scale } from "./scale.js";

let api: TestApi;
beforeAll(async () => {
  // Production limits for HTTP (the flood comes through the trusted proxy as one address).
  api = await startTestApi({ httpRate: 50, trustProxy: true });
});
afterAll(() => api.stop());

/** command → acknowledgement times (ms) of one player playing against a bot over the socket. */
async function play(moves: number): Promise<number[]> {
  const socket = new TestSocket(api.url);
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
    "a flooding client is throttled with RATE_LIMITED while another player's moves go on",
    async () => {
      const moves = scale(40, 400);
      const calm = await play(moves);
      let stop = false;
      let sent = 0;
      let limited = 0;
      const flood = (async () => {
        const url = `${api.url}/trpc/lobby.list?input=${encodeURIComponent("{}")}`;
        while (!stop) {
          const batch = await Promise.all(
            Array.from({ length: 20 }, () =>
              fetch(url, { headers: { "x-forwarded-for": "203.0.113.66" } }).then(async (r) => {
                await r.body?.cancel();
                return r.status;
              }),
            ),
          );
          sent += batch.length;
          limited += batch.filter((s) => s === 429).length;
        }
      })();
      const during = await play(moves);
      stop = true;
      await flood;
      expect(limited).toBeGreaterThan(0);
      expect(during.length).toBe(moves);
      figure("flood requests sent", sent, "requests");
      figure("flood requests refused RATE_LIMITED", limited, "requests");
      figure("move ack p50 without flood", percentile(calm, 50), "ms");
      figure("move ack p99 without flood", percentile(calm, 99), "ms");
      figure("move ack p50 during flood", percentile(during, 50), "ms");
      figure("move ack p99 during flood", percentile(during, 99), "ms");
    },
    scale(120_000, 900_000),
  );
});

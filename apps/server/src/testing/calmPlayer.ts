import type { Command } from "@maumau/engine";
import { tempSqlite } from "./index.js";
import { humanChoice } from "./playServerMatch.js";
import { freePort, startServerProcess, type ServerProcess } from "./serverProcess.js";
import { TestSocket } from "./TestSocket.js";

/**
 * The other player of the limit soaks: `moves` commands against a bot over the socket, each
 * timed from sending to its acknowledgement (ms).
 */
export async function calmPlayer(url: string, moves: number): Promise<number[]> {
  const socket = new TestSocket(url);
  await socket.connected();
  const { matchId, token } = await socket.rpc<{ matchId: string; token: string }>("lobby.create", {
    variant: "noris",
    seats: 2,
    name: "Calm",
    options: { games: 100 },
  });
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

/** The p-th percentile (0–100) of `xs`, to 0.1. */
export const percentile = (xs: readonly number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) /
    10
  );
};

/**
 * The server of the limit soaks, in a process of its own on a temporary SQLite file: production
 * limits for HTTP (50 requests/s per address; the flood comes through a trusted proxy), sockets
 * allowed more than the default 20/s so that the calm player is never limited. `stop` also
 * removes the file.
 */
export async function startLimitSoakServer(): Promise<ServerProcess> {
  const file = await tempSqlite();
  const server = await startServerProcess(await freePort(), {
    SQLITE_PATH: file.path,
    DATABASE_URL: "",
    REDIS_URL: "",
    BOT_DELAY_MS: "0",
    HTTP_RATE: "50",
    TRUST_PROXY: "true",
    COMMAND_RATE: "1000",
  });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await file.remove();
    },
  };
}

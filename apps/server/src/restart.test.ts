import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { afterAll, describe, expect, it } from "vitest";
import { humanChoice } from "./testing/playServerMatch.js";
import { httpClient } from "./testing/TestSocket.js";
import { tempSqlite } from "./testing/index.js";
import { serverCommand } from "./testing/serverCommand.js";

const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
});

/**
 * The server (`serverCommand`) on a SQLite file; resolves with its URL once it listens. One
 * process: the tsx CLI would run the server in a child that a SIGKILL of the CLI leaves alive.
 */
async function startMain(sqlitePath: string): Promise<{ proc: ChildProcess; url: string }> {
  const [command, ...args] = serverCommand();
  const proc = spawn(command, args, {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: "0",
      WEB_DIST: "/nonexistent",
      SQLITE_PATH: sqlitePath,
      DATABASE_URL: "",
      REDIS_URL: "",
      BOT_DELAY_MS: "0",
      // The play loop below polls unthrottled from one address; lift the per-client rate.
      HTTP_RATE: "1000000",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(proc);
  let out = "";
  proc.stdout.setEncoding("utf8");
  const url = await new Promise<string>((done, fail) => {
    proc.stdout.on("data", (chunk: string) => {
      out += chunk;
      const match = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out);
      if (match) done(match[1]!);
    });
    proc.once("exit", (code) => fail(new Error(`exited ${code}: ${out}`)));
  });
  return { proc, url };
}

describe("restart", () => {
  it("goes on from the log after a SIGKILL, with nothing acknowledged lost", async () => {
    const file = await tempSqlite();
    try {
      const first = await startMain(file.path);
      let http = httpClient(first.url);
      const created = await http.lobby.create.mutate({
        variant: "noris",
        seats: 3,
        name: "A",
        options: { games: 1 },
      });
      const { matchId } = created;
      const b = await http.lobby.join.mutate({ matchId, name: "B" });
      const tokens = [created.token!, b.token];
      await http.lobby.addBots.mutate({ matchId, token: tokens[0]! });
      await http.lobby.start.mutate({ matchId, token: tokens[0]! });

      /** One move by whichever human is to act; resolves with its acknowledgement. */
      const move = async (commandId: string) => {
        for (const token of tokens) {
          const view = await http.game.view.query({ matchId, token });
          const choice = humanChoice(view.legal);
          if (choice) {
            const input = { matchId, token, commandId, command: choice as never };
            return { input, ack: await http.game.command.mutate(input) };
          }
        }
        return null;
      };
      let last: Awaited<ReturnType<typeof move>> = null;
      for (let i = 0; i < 12; i++) last = (await move(`m${i}`)) ?? last;
      expect(last).not.toBeNull();
      const acked = last!.ack.version;
      const before = await http.game.view.query({ matchId, token: tokens[0]! });

      first.proc.kill("SIGKILL");
      await once(first.proc, "exit");

      const second = await startMain(file.path);
      http = httpClient(second.url);
      const after = await http.game.view.query({ matchId, token: tokens[0]! });
      expect(after.version).toBeGreaterThanOrEqual(acked);
      if (after.version === before.version) expect(after.view).toEqual(before.view);
      // The last acknowledged command is known after the restart: the same answer again.
      const again = await http.game.command.mutate(last!.input);
      expect(again).toEqual({ ...last!.ack, duplicate: true });

      // The game goes on to its end: humans over HTTP, the bot resumed by the new process.
      for (let i = 0; i < 3000; i++) {
        const view = await http.game.view.query({ matchId });
        if (view.lobby.status === "over") break;
        if ((await move(`n${i}`)) === null) await new Promise((done) => setTimeout(done, 5));
      }
      expect((await http.game.view.query({ matchId })).lobby.status).toBe("over");
      second.proc.kill("SIGTERM");
      expect((await once(second.proc, "exit"))[0]).toBe(0);
    } finally {
      await file.remove();
    }
  }, 60_000);
});

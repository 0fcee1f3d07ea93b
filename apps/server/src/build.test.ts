import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient, TestSocket } from "./testing/TestSocket.js";
import { waitFor } from "./testing/wait.js";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
/** Inside apps/server, so that the bundle resolves the server's dependencies as dist/ does. */
const outdir = join(serverDir, ".reports", `build-test-${process.pid}`);

let child: ChildProcess | undefined;
let storeDir = "";

beforeAll(async () => {
  const built = spawnSync(process.execPath, ["build.mjs", "--outdir", outdir, "--quiet"], {
    cwd: serverDir,
    encoding: "utf8",
  });
  expect(built.stderr).toBe("");
  expect(built.status).toBe(0);
  storeDir = await mkdtemp(join(tmpdir(), "maumau-build-store-"));
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await rm(outdir, { recursive: true, force: true });
  if (storeDir) await rm(storeDir, { recursive: true, force: true });
});

describe("the production build (npm start runs it)", () => {
  it("bundles the server and its worker threads with no TypeScript loader", async () => {
    for (const file of ["main.js", "botWorker.mjs", "sqliteWriter.mjs"]) {
      const code = await readFile(join(outdir, file), "utf8");
      expect(code).not.toMatch(/from\s*["']tsx/);
      expect(code).not.toMatch(/\.ts["']\)/);
    }
  });

  it("bundles socket.io-parser's build without debug() calls (Node would import esm-debug)", async () => {
    const code = await readFile(join(outdir, "main.js"), "utf8");
    expect(code).not.toMatch(/from\s*["']socket\.io-parser["']/);
    const { sources } = JSON.parse(await readFile(join(outdir, "main.js.map"), "utf8")) as {
      sources: string[];
    };
    const parser = sources.filter((source) => source.includes("/socket.io-parser/"));
    expect(parser.some((source) => source.endsWith("/socket.io-parser/build/esm/index.js"))).toBe(
      true,
    );
    expect(parser.filter((source) => source.includes("/esm-debug/"))).toEqual([]);
  });

  it("runs under plain node: serves, stores in SQLite and seats a search bot in a worker thread", async () => {
    const proc = spawn(process.execPath, [join(outdir, "main.js")], {
      env: {
        ...process.env,
        HOST: "127.0.0.1",
        PORT: "0",
        WEB_DIST: "/nonexistent",
        SQLITE_PATH: join(storeDir, "events.sqlite"),
        DATABASE_URL: "",
        REDIS_URL: "",
        BOT_DELAY_MS: "0",
        NODE_OPTIONS: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = proc;
    let stdout = "";
    let stderr = "";
    proc.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    proc.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const listening = () => /"url":"(http:\/\/[^"]+)"/.exec(stdout)?.[1];
    await waitFor(() => listening() !== undefined, 20_000);
    const url = listening()!;
    expect(stderr).toBe("");
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: "ok" });

    // A two-seat match: the creator adds a search bot (it thinks in botWorker.mjs), starts and
    // leaves, so a bot plays the empty seat too; a spectator's watch keeps the bots playing.
    const http = httpClient(url);
    const created = await http.lobby.create.mutate({ variant: "noris", seats: 2, name: "Ann" });
    const token = created.token!;
    await http.lobby.addBots.mutate({ matchId: created.matchId, token, level: "search", count: 1 });
    await http.lobby.start.mutate({ matchId: created.matchId, token });
    await http.lobby.leave.mutate({ matchId: created.matchId, token });
    const spectator = new TestSocket(url);
    try {
      await spectator.connected();
      await spectator.rpc("game.watch", { matchId: created.matchId });
      await spectator.until(() => spectator.latest?.progress?.status === "gameOver", 60_000);
    } finally {
      spectator.close();
    }
    proc.kill("SIGTERM");
    const [code] = (await once(proc, "exit")) as [number | null];
    expect(code).toBe(0);
    expect(stdout).not.toMatch(/"level":50/);
    expect(stdout).not.toContain("bot failed");
  }, 90_000);
});

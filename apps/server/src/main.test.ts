import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { get, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ShutdownNotice } from "@maumau/client";
import { afterEach, describe, expect, it } from "vitest";
import { serverCommand } from "./testing/serverCommand.js";
import { TestSocket } from "./testing/TestSocket.js";

let child: ChildProcess | undefined;
let storeDir: string | undefined;

afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  child = undefined;
  if (storeDir) await rm(storeDir, { recursive: true, force: true });
  storeDir = undefined;
});

/**
 * Runs the server as production does (`serverCommand`: `node main.js` of this run's build);
 * PORT=0 lets the OS pick a free port. The signals go to the server's own process (under the
 * tsx command, a parent relayed them and SIGKILLed a child that did not confirm a relayed
 * signal within 30 ms: a CI run of 2026-11-28 lost its SIGTERM test so).
 */
async function startMain(env: NodeJS.ProcessEnv) {
  storeDir ??= await mkdtemp(join(tmpdir(), "maumau-main-store-"));
  const [command, ...args] = serverCommand();
  const proc = spawn(command, args, {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: "0",
      WEB_DIST: "/nonexistent",
      SQLITE_PATH: join(storeDir, "events.sqlite"),
      DATABASE_URL: "",
      REDIS_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = proc;
  let stdout = "";
  let stderr = "";
  proc.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  proc.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = once(proc, "exit").then(([code]) => code as number | null);
  const logs = () =>
    stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { proc, exited, logs, output: () => ({ stdout, stderr }) };
}

// 60 s: a safety net for a server that never says it, not a speed check (a loaded CI host once
// took over 15 s from the spawn to the first log line).
async function waitFor<T>(find: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe("src/main.ts", () => {
  it("logs JSON, serves, and exits 0 on SIGTERM", async () => {
    const main = await startMain({});
    const listening = await waitFor(() => main.logs().find((l) => typeof l.url === "string"));
    expect(listening).toMatchObject({ level: 30, service: "maumau-server" });
    expect(listening.heapGrowthPercent).toBe(100);
    const url = String(listening.url);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // The start-up line names the address it is bound to (the port the OS chose) and the store.
    expect(listening.msg).toBe(
      `listening on ${url}; store: SQLite ${join(storeDir!, "events.sqlite")}`,
    );

    const res = await fetch(`${url}/healthz`);
    expect(await res.json()).toEqual({ status: "ok" });

    main.proc.kill("SIGTERM");
    expect(await main.exited).toBe(0);
    expect(main.logs().map((l) => l.msg)).toContain("stopped");
  }, 30_000);

  it("on SIGTERM tells open sockets to reconnect, closes them and exits 0", async () => {
    const main = await startMain({});
    const listening = await waitFor(() => main.logs().find((l) => typeof l.url === "string"));
    const socket = new TestSocket(String(listening.url));
    try {
      await socket.connected();
      const hint = new Promise<ShutdownNotice>((done) => socket.client.onShutdown(done));
      const gone = new Promise<string>((done) => socket.socket.on("disconnect", done));
      main.proc.kill("SIGTERM");
      expect((await hint).reconnect).toBe(true);
      expect(await gone).toBe("transport close");
      expect(await main.exited).toBe(0);
    } finally {
      socket.close();
    }
  }, 30_000);

  it("bound to every interface, it says so and where to open it (and a heap growth set)", async () => {
    const main = await startMain({ HOST: "0.0.0.0", HEAP_GROWTH_PERCENT: "50" });
    const listening = await waitFor(() => main.logs().find((l) => typeof l.url === "string"));
    expect(listening.heapGrowthPercent).toBe(50);
    const port = /:(\d+)$/.exec(String(listening.url))![1]!;
    expect(listening.url).toBe(`http://localhost:${port}`);
    expect(listening.msg).toMatch(
      new RegExp(
        `^listening on http://0\\.0\\.0\\.0:${port} \\(every interface: open http://localhost:${port}\\); store: SQLite `,
      ),
    );
    main.proc.kill("SIGTERM");
    expect(await main.exited).toBe(0);
  }, 30_000);

  it("finishes a download that is in flight when SIGTERM arrives", async () => {
    const dist = await mkdtemp(join(tmpdir(), "maumau-main-"));
    const size = 32 * 1024 * 1024;
    await writeFile(join(dist, "big.bin"), Buffer.alloc(size, 7));
    try {
      const main = await startMain({ WEB_DIST: dist });
      const listening = await waitFor(() => main.logs().find((l) => typeof l.url === "string"));
      const res = await new Promise<IncomingMessage>((done, fail) =>
        get(`${String(listening.url)}/big.bin`, done).on("error", fail),
      );
      res.pause();
      main.proc.kill("SIGTERM");
      await waitFor(() => main.logs().find((l) => String(l.msg).startsWith("shutting down")));
      expect(main.proc.exitCode).toBeNull();

      let received = 0;
      res.on("data", (chunk: Buffer) => (received += chunk.length));
      res.resume();
      await once(res, "end");
      expect(received).toBe(size);
      expect(await main.exited).toBe(0);
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  }, 30_000);

  it("exits non-zero and names the variable on a bad configuration", async () => {
    const main = await startMain({ PORT: "not-a-port" });
    expect(await main.exited).toBe(1);
    expect(main.output().stderr).toMatch(/PORT: must be a whole number/);
  }, 30_000);
});

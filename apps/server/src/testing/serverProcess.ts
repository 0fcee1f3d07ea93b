import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { serverCommand } from "./serverCommand.js";

/** A free TCP port on loopback (for a server that must come back on the same address). */
export const freePort = (): Promise<number> =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  readonly proc: ChildProcess;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (a graceful stop), and wait for the exit. */
  stop(): Promise<void>;
}

/**
 * The real server (`serverCommand`: the compiled build) in a process of its own on `port`,
 * resolved once `/readyz` answers. `env` sets its configuration (store, Redis, limits…);
 * the web client is not served.
 */
export async function startServerProcess(
  port: number,
  env: NodeJS.ProcessEnv,
): Promise<ServerProcess> {
  const [command, ...args] = serverCommand();
  const proc = spawn(command, args, {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      WEB_DIST: "/nonexistent",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  proc.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
  const exited = once(proc, "exit");
  const running = () => proc.exitCode === null && proc.signalCode === null;
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (!running() || Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`server on port ${port} did not start (exit ${proc.exitCode}):\n${err}`);
    }
    await new Promise((done) => setTimeout(done, 25));
  }
  return {
    url,
    port,
    proc,
    stderr: () => err,
    kill: async () => {
      if (running()) proc.kill("SIGKILL");
      await exited;
    },
    stop: async () => {
      if (running()) proc.kill("SIGTERM");
      await exited;
    },
  };
}

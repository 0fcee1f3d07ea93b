import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/** `apps/server`, found from this file. */
export const SERVER_DIR = fileURLToPath(new URL("..", import.meta.url));

/** Linux reports process times in clock ticks; USER_HZ is 100 on every Linux we run on. */
const CLOCK_TICKS = 100;

export interface ProcSample {
  /** user + system CPU of the process so far, in ms. */
  readonly cpuMs: number;
  readonly rssMb: number;
  /** The peak RSS so far (VmHWM). */
  readonly peakRssMb: number;
  readonly at: number;
}

/** CPU and memory of another process, read from /proc (the server under test). */
export function sampleProc(pid: number): ProcSample {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) may hold spaces; fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  return {
    cpuMs: ((utime + stime) * 1000) / CLOCK_TICKS,
    rssMb: kb("VmRSS") / 1024,
    peakRssMb: kb("VmHWM") / 1024,
    at: performance.now(),
  };
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export interface Child {
  readonly process: ChildProcess;
  readonly pid: number;
  readonly url: string;
  /** SIGTERM, then waits for the exit (SIGKILL after 15 s). */
  stop(): Promise<void>;
}

/**
 * Starts a Node process running `entry` (a `.ts` file through tsx, else plain JavaScript)
 * and resolves once `GET <url>/healthz` answers, or once it prints `ready` for the echo server.
 */
export async function startChild(
  entry: string,
  options: { env: Record<string, string>; port: number; nodeArgs?: readonly string[] },
): Promise<Child> {
  // Compiled JavaScript (the build `npm start` runs) needs no loader; TypeScript runs through tsx.
  const loader = entry.endsWith(".ts") ? ["--import", "tsx"] : [];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...loader, entry], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...options.env, PORT: String(options.port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited: ${stderr}`);
    try {
      const answer = await fetch(`${url}/healthz`);
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${entry} did not answer /healthz within 60 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    process: child,
    pid: child.pid!,
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      child.kill("SIGTERM");
      await exited;
      clearTimeout(killer);
    },
  };
}

/** The q-quantile (0..1) of sorted numbers. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

/** `name: value unit (goal: …)`, the line format of `pnpm bench --quick`. */
export function figure(name: string, value: number, unit: string, goal?: string): string {
  const shown = Number.isFinite(value)
    ? value >= 100
      ? Math.round(value).toString()
      : value.toFixed(value >= 10 ? 1 : 2)
    : "n/a";
  return `${name}: ${shown} ${unit}${goal === undefined ? "" : ` (goal: ${goal})`}`;
}

/** Builds the server as `npm start` does (`build.mjs`: compiled JavaScript in `dist/`). */
export function buildServer(): string {
  const built = spawnSync(process.execPath, ["build.mjs", "--quiet"], {
    cwd: SERVER_DIR,
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`the server build failed: ${built.stderr}`);
  return "dist/main.js";
}

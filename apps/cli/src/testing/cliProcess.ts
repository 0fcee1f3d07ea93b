import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";

const main = new URL("../main.ts", import.meta.url).pathname;
const tsx = createRequire(import.meta.url).resolve("tsx/cli");

export interface CliProcess {
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** Waits until stdout matches, at most `timeoutMs`; rejects with the output so far. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  kill(signal?: NodeJS.Signals): void;
}

/**
 * `maumau …` as a child process with piped streams, for tests that need more than `runCli`:
 * its own environment (a temporary config directory), waiting for output, killing it.
 * `reply` answers every prompt (`> ` at the end of stdout), at once or later; `null` closes
 * the input.
 */
export function startCli(
  args: readonly string[],
  options: {
    env?: Readonly<Record<string, string>>;
    reply?: (stdout: string) => string | null | Promise<string | null>;
  } = {},
): CliProcess {
  const child = spawn(process.execPath, [tsx, main, ...args], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", LANG: "C", LC_ALL: "", ...options.env },
  });
  let stdout = "";
  let stderr = "";
  let answered = -1;
  const waiters = new Set<() => void>();
  child.stdin!.on("error", () => {});
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    for (const w of waiters) w();
    const reply = options.reply;
    if (reply === undefined || answered === stdout.length || !/> $/.test(stdout)) return;
    answered = stdout.length;
    void Promise.resolve(reply(stdout)).then((line) => {
      if (line === null) child.stdin!.end();
      else child.stdin!.write(line + "\n");
    });
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.on("close", (code) => resolve(code)),
  );
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitFor: (pattern, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const m = stdout.match(pattern);
          if (!m) return;
          cleanup();
          resolve(m);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no ${pattern} in the output:\n${stdout.slice(-3000)}\n${stderr}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
    kill: (signal = "SIGKILL") => {
      child.kill(signal);
    },
  };
}

/** Waits for a process's end, at most `timeoutMs`; kills it and rejects when it does not end. */
export async function ended(cli: CliProcess, timeoutMs = 90_000): Promise<number | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      cli.kill();
      reject(new Error(`did not end; output:\n${cli.stdout().slice(-3000)}\n${cli.stderr()}`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([cli.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

import { spawn, type ChildProcess } from "node:child_process";
import { cliCommand, cliEnv } from "./cliCommand.js";
import { OutputWaiters } from "./waiters.js";

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
 * `reply` answers every prompt (`> ` at the end of stdout), at once or later, once: a prompt
 * shown again before the CLI has read the answer is not answered again; `null` closes the
 * input.
 */
export function startCli(
  args: readonly string[],
  options: {
    env?: Readonly<Record<string, string>>;
    reply?: (stdout: string) => string | null | Promise<string | null>;
    /** An installed `maumau` executable to run instead of this run's bundle (`cliCommand`). */
    bin?: string;
  } = {},
): CliProcess {
  const [command, ...prefix] = options.bin ? [options.bin] : cliCommand();
  const child = spawn(command, [...prefix, ...args], {
    stdio: ["pipe", "pipe", "pipe"],
    env: cliEnv(options.env),
  });
  let stdout = "";
  let stderr = "";
  let replying = false;
  /** The last answer, until the CLI has read it (echoed after its prompt). */
  let unread: { readonly echo: string; readonly from: number } | null = null;
  const waiters = new OutputWaiters();
  child.stdin.on("error", () => {});
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    waiters.notify();
    const reply = options.reply;
    if (reply === undefined || replying || !/> $/.test(stdout)) return;
    // One answer per prompt: a prompt shown again below new output is the same question.
    if (unread !== null && stdout.indexOf(unread.echo, unread.from) < 0) return;
    unread = null;
    replying = true;
    const from = stdout.length - 2;
    void Promise.resolve(reply(stdout)).then((line) => {
      replying = false;
      if (line === null) child.stdin.end();
      else {
        unread = { echo: `> ${line}\n`, from };
        child.stdin.write(line + "\n");
      }
    });
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.on("close", (code) => resolve(code)),
  );
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    // 60 s: a safety net for a stuck CLI, not a speed check (a loaded CI host once needed over
    // 30 s for a first line, when the CLI started through tsx).
    waitFor: (pattern, timeoutMs = 60_000) =>
      waiters.until(
        () => stdout.match(pattern),
        timeoutMs,
        () => new Error(`no ${pattern} in the output:\n${stdout.slice(-3000)}\n${stderr}`),
      ),
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

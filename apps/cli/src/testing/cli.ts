import { spawn } from "node:child_process";
import { cliCommand, cliEnv } from "./cliCommand.js";

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `maumau …` as a child process with piped standard streams, in an English locale unless
 * `env` says otherwise. `reply` is called whenever the output stops at a prompt (ends with
 * "> "); its line is typed in, `null` closes the input.
 */
export function runCli(
  args: readonly string[],
  reply: ((stdout: string) => string | null) | string = "",
  timeoutMs = 60_000,
  env: Readonly<Record<string, string>> = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const [command, ...prefix] = cliCommand();
    const child = spawn(command, [...prefix, ...args], {
      stdio: ["pipe", "pipe", "pipe"],
      env: cliEnv(env),
    });
    let stdout = "";
    let stderr = "";
    let answered = -1;
    const timer = setTimeout(() => {
      child.kill();
      reject(
        new Error(`maumau ${args.join(" ")} timed out; output so far:\n${stdout.slice(-3000)}`),
      );
    }, timeoutMs);
    if (typeof reply === "string") child.stdin.end(reply);
    child.stdin.on("error", () => {});
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (typeof reply === "string" || answered === stdout.length) return;
      if (!/> $/.test(stdout)) return;
      answered = stdout.length;
      const line = reply(stdout);
      if (line === null) child.stdin.end();
      else child.stdin.write(line + "\n");
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

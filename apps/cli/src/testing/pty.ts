import { spawn, spawnSync } from "node:child_process";
import { cliCommand } from "./cliCommand.js";
import { Screen } from "./screen.js";
import { OutputWaiters } from "./waiters.js";

/**
 * `maumau` in a real pseudo-terminal (util-linux `script`) for the full-screen tests of
 * local and online play.
 */
export const hasScript = spawnSync("script", ["--version"]).status === 0;
if (!hasScript)
  console.log("tty tests skipped: util-linux `script` (a pseudo-terminal) is not installed");

/** The environment with colours on: no NO_COLOR, no FORCE_COLOR from the test runner. */
export function colourEnv(): NodeJS.ProcessEnv {
  const { NO_COLOR: _n, FORCE_COLOR: _f, ...rest } = process.env;
  return rest;
}

// eslint-disable-next-line no-control-regex -- the terminal's escape codes are what is tested
export const ESC_ROW = /\u001b\[(\d+);1H/g;
export const ALT_ON = "\u001b[?1049h";
export const ALT_OFF = "\u001b[?1049l";
export const CLEAR = "\u001b[2J";

export const escape = (s: string) => s.replace(/[[\]?()]/g, "\\$&");

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** `maumau …` in a real pseudo-terminal of 80×24 (util-linux `script`), typed at like a person. */
export function inPty(args: readonly string[], env: Record<string, string>) {
  const command = `stty rows 24 cols 80; exec ${[...cliCommand(), ...args].map(quote).join(" ")}`;
  const child = spawn("script", ["-qefc", command, "/dev/null"], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...colourEnv(), TERM: "xterm-256color", LANG: "C", ...env },
  });
  let out = "";
  const screen = new Screen(24, 80);
  const waiters = new OutputWaiters();
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
    screen.write(chunk);
    waiters.notify();
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  // Keys typed as the program ends (the match over, the CLI quitting) meet a closed pipe: EPIPE
  // is the program's end, which `exited` and the screen tell, not an error of the test run.
  child.stdin.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  });
  return {
    screen,
    output: () => out,
    type: (keys: string) => {
      if (child.stdin.writable) child.stdin.write(keys);
    },
    exited,
    // 90 s by default: the CLI and its server share a loaded CI host with browsers and servers.
    waitFor: (pattern: RegExp, timeoutMs = 90_000, from = 0) =>
      waiters.until(
        () => (pattern.test(out.slice(from)) ? true : null),
        timeoutMs,
        () => {
          child.kill();
          return new Error(`no ${pattern} on the screen:\n${JSON.stringify(out.slice(-2000))}`);
        },
      ),
  };
}

/** Every row the screen writes to (`ESC[row;1H`): a full screen of 24 rows never scrolls. */
export const rowsWritten = (out: string): number[] =>
  [...out.matchAll(ESC_ROW)].map((m) => Number(m[1]));

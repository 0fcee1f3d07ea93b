import { createInterface } from "node:readline";
import type { PlayIo } from "./session.js";

/**
 * Standard input and output as a `PlayIo`. On a terminal readline edits the line and shows
 * the prompt; on a pipe every line read is echoed after its prompt so the transcript reads
 * like a session. Ctrl-C and the end of input both end the match cleanly.
 */
export function terminalIo(): PlayIo & { close(): void } {
  const interactive = process.stdin.isTTY === true && process.stdout.isTTY === true;
  const rl = createInterface({
    input: process.stdin,
    ...(interactive ? { output: process.stdout, terminal: true } : { terminal: false }),
  });
  const queue: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  let closed = false;
  rl.on("line", (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else queue.push(line);
  });
  rl.on("close", () => {
    closed = true;
    for (const next of waiting.splice(0)) next(null);
  });
  rl.on("SIGINT", () => rl.close());

  const echo = (line: string | null): string | null => {
    if (line === null) process.stdout.write("\n");
    else if (!interactive) process.stdout.write(`${line}\n`);
    return line;
  };
  return {
    interactive,
    write: (text) => {
      process.stdout.write(text);
    },
    ask: (prompt) => {
      if (interactive) {
        rl.setPrompt(prompt);
        rl.prompt();
      } else process.stdout.write(prompt);
      const line = queue.shift();
      if (line !== undefined) return Promise.resolve(echo(line));
      if (closed) return Promise.resolve(echo(null));
      return new Promise<string | null>((resolve) => waiting.push(resolve)).then(echo);
    },
    close: () => rl.close(),
  };
}

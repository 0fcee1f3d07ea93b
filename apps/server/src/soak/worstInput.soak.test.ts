import { fork } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calmPlayer, percentile, startLimitSoakServer } from "../testing/calmPlayer.js";
import type { ServerProcess } from "../testing/serverProcess.js";
import type { WorstFloodReport } from "../testing/worstFlooder.js";
import { figure, scale } from "./scale.js";

/**
 * Issue #18: the worst inputs a client can send (deep and wide JSON, ~60 KB each) from several
 * addresses, each under its per-client limits, while another player plays. Three processes, so
 * that none measures another's event loop: the server, the hostile clients
 * (src/testing/worstFlooder.ts) and this one, the calm player.
 */
const flooderTs = fileURLToPath(new URL("../testing/worstFlooder.ts", import.meta.url));

/** Client addresses flooding at once; each at HTTP_RATE 40/s (limit 50) and 15 socket msgs/s. */
const ADDRESSES = scale(4, 8);
const HTTP_RATE = 40;
const SOCKET_RATE = 15;

/** user + system CPU (ms) of a process's main thread, from /proc (clock ticks of 10 ms). */
function mainThreadCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

let server: ServerProcess;
beforeAll(async () => {
  server = await startLimitSoakServer();
}, 60_000);
afterAll(() => server?.stop());

describe("soak: the worst inputs from several addresses", () => {
  it(
    "deep and wide payloads are refused with typed 400s while another player's moves go on",
    async () => {
      const moves = scale(40, 2000);
      const calm = await calmPlayer(server.url, moves);
      const flooder = fork(
        flooderTs,
        [server.url, String(ADDRESSES), String(HTTP_RATE), String(SOCKET_RATE)],
        { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] },
      );
      let report: WorstFloodReport;
      try {
        await once(flooder, "message"); // ready
        const pid = server.proc.pid!;
        const started = performance.now();
        const cpuBefore = mainThreadCpuMs(pid);
        const during = await calmPlayer(server.url, moves);
        const answered = once(flooder, "message");
        flooder.send("stop");
        report = (await answered)[0] as WorstFloodReport;
        const seconds = (performance.now() - started) / 1000;
        const cpu = mainThreadCpuMs(pid) - cpuBefore;
        expect(during.length).toBe(moves);
        figure("worst input addresses", ADDRESSES, "addresses");
        figure("worst input requests sent", report.sent, "requests");
        figure("worst input rate", Math.round(report.sent / seconds), "requests/s");
        figure("worst input bytes sent", Math.round(report.bytes / 1e6), "MB");
        for (const [answer, n] of Object.entries(report.answers).sort())
          figure(`worst input answered ${answer}`, n, "requests");
        figure("worst input answers with JS error text", report.jsErrors, "answers");
        // The server's event loop: how busy it was, and what each hostile request cost it at most
        // (the calm player's moves and the bot's are in it too).
        figure("server main thread busy during worst input", Math.round(cpu / seconds / 10), "%");
        figure(
          "server main-thread CPU per hostile request (upper bound)",
          Math.round((cpu / report.sent) * 100) / 100,
          "ms",
        );
        figure("move ack p50 without worst input", percentile(calm, 50), "ms");
        figure("move ack p99 without worst input", percentile(calm, 99), "ms");
        figure("move ack p50 during worst input", percentile(during, 50), "ms");
        figure("move ack p99 during worst input", percentile(during, 99), "ms");
      } finally {
        if (flooder.exitCode === null) flooder.kill("SIGKILL");
      }
      // Every hostile request was answered, each with a typed 400 (or a 429 past a limit),
      // none with a JavaScript error's words.
      expect(report.failures).toEqual({});
      expect(report.failed).toBe(0);
      expect(report.jsErrors).toBe(0);
      expect(report.sent).toBeGreaterThan(0);
      for (const answer of Object.keys(report.answers))
        expect(answer).toMatch(/^(http|socket) (400 INVALID_(INPUT|OPTIONS|RULE_SET)|429 \w+)$/);
    },
    scale(120_000, 900_000),
  );
});

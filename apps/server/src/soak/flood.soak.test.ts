import { fork } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FloodReport } from "../testing/flooder.js";
import { calmPlayer, percentile, startLimitSoakServer } from "../testing/calmPlayer.js";
import type { ServerProcess } from "../testing/serverProcess.js";
import { figure, scale } from "./scale.js";

/**
 * Three processes, so that none measures another's event loop: the server, the flooding
 * client (src/testing/flooder.ts) and this one, the calm player.
 */
const flooderTs = fileURLToPath(new URL("../testing/flooder.ts", import.meta.url));

let server: ServerProcess;
beforeAll(async () => {
  server = await startLimitSoakServer();
}, 60_000);
afterAll(() => server?.stop());

describe("soak: limits under a flood", () => {
  it(
    "a flooding client (its own process) is throttled with RATE_LIMITED while another " +
      "player's moves go on",
    async () => {
      const moves = scale(40, 2000);
      const calm = await calmPlayer(server.url, moves);
      const flooder = fork(flooderTs, [server.url, "20", "203.0.113.66"], {
        execArgv: ["--import", "tsx"],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      let report: FloodReport;
      try {
        await once(flooder, "message"); // ready
        const during = await calmPlayer(server.url, moves);
        const answered = once(flooder, "message");
        flooder.send("stop");
        report = (await answered)[0] as FloodReport;
        expect(during.length).toBe(moves);
        figure("flood requests sent", report.sent, "requests");
        figure(
          "flood requests refused 429 RATE_LIMITED",
          report.answers["429 RATE_LIMITED"] ?? 0,
          "requests",
        );
        figure("flood requests served", report.answers["200"] ?? 0, "requests");
        figure("move ack p50 without flood", percentile(calm, 50), "ms");
        figure("move ack p99 without flood", percentile(calm, 99), "ms");
        figure("move ack p50 during flood", percentile(during, 50), "ms");
        figure("move ack p99 during flood", percentile(during, 99), "ms");
      } finally {
        if (flooder.exitCode === null) flooder.kill("SIGKILL");
      }
      // The flood is refused with the typed limit, and nothing else: every answer is a 200
      // within the client's budget or a 429 RATE_LIMITED, and no request went unanswered.
      expect(report.answers["429 RATE_LIMITED"] ?? 0).toBeGreaterThan(0);
      expect(Object.keys(report.answers).sort()).toEqual(
        Object.keys(report.answers)
          .filter((k) => k === "200" || k === "429 RATE_LIMITED")
          .sort(),
      );
      expect(report.failed).toBe(0);
    },
    scale(120_000, 900_000),
  );
});

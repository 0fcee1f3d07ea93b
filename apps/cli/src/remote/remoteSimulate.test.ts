import { randomBytes } from "node:crypto";
import { createServer as createHttpServer } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { isRefusal, openMatch } from "@maumau/engine";
import { findVariant, variants } from "@maumau/registry";
// Tests only: the CLI's own code never imports the server's runtime.
import {
  deleteRedisKeys,
  dropPostgresSchema,
  PostgresEventStore,
  startTestApi,
  type TestApi,
} from "@maumau/server/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  remoteFailureLine,
  remoteReportJson,
  simulateRemoteRun,
  type SimulateFlags,
} from "../commands/simulate.js";
import { SIMULATE_TEXTS } from "../simulateTexts.js";
import { runCli } from "../testing/cli.js";
import {
  simulateRemote,
  type RemoteAck,
  type RemoteGameResult,
  type RemoteSimulationConfig,
  type RemoteSimulationReport,
} from "./remoteSimulate.js";

/** Players for a variant: 3 where it allows it with its default options, else its minimum. */
const playersFor = (id: string): number => {
  const variant = findVariant(id)!;
  return [3, variant.players.min].find(
    (n) =>
      n >= variant.players.min &&
      n <= variant.players.max &&
      !isRefusal(openMatch(variant, { players: n, seed: 0 })),
  )!;
};

const config = (
  servers: readonly string[],
  variantId: string,
  overrides: Partial<RemoteSimulationConfig> = {},
): RemoteSimulationConfig => ({
  servers,
  variant: findVariant(variantId)!,
  players: playersFor(variantId),
  games: 3,
  bots: ["heuristic", "random"],
  concurrency: 3,
  seed: 7,
  maxMoves: 5000,
  stallMs: 20_000,
  rpcTimeoutMs: 10_000,
  rate: 10_000,
  reconnect: false,
  ...overrides,
});

describe("simulate's failure lines, in the player's language", () => {
  const stuck: RemoteGameResult = {
    index: 3,
    matchId: "m7",
    outcome: "stuck",
    moves: 1,
    games: 0,
    version: 12,
    seconds: 30,
    servers: ["http://a:3000", "http://b:3000"],
    error: "no new version for 30 s at version 12",
    why: {
      en: "no new version for 30 s at version 12",
      de: "seit 30 s keine neue Version (Version 12)",
    },
  };

  it("a match of simulate --server: where, how far, and why", () => {
    expect(remoteFailureLine(stuck, "en")).toBe(
      "simulate: game 3 (match m7, http://a:3000 http://b:3000) stuck after 1 move at version 12: no new version for 30 s at version 12",
    );
    expect(remoteFailureLine(stuck, "de")).toBe(
      "simulate: Spiel 3 (Partie m7, http://a:3000 http://b:3000) hängt nach 1 Zug bei Version 12 fest: seit 30 s keine neue Version (Version 12)",
    );
    const failed = { ...stuck, outcome: "error" as const, moves: 40, matchId: null };
    expect(remoteFailureLine(failed, "de")).toMatch(
      /^simulate: Spiel 3 \(Partie -, .*\) ist nach 40 Zügen bei Version 12 gescheitert: /,
    );
  });

  it("--json keeps its format: each failure's error in English, nothing else added", () => {
    const report = { failures: [stuck] } as unknown as RemoteSimulationReport;
    const { why: _why, ...plain } = stuck;
    expect(remoteReportJson(report)).toBe(JSON.stringify({ failures: [plain] }, null, 2) + "\n");
  });

  it("an in-process game, and the progress line", () => {
    const game = { index: 0, seed: 5, outcome: "stuck", moves: 1 };
    expect(SIMULATE_TEXTS.en.failed(game)).toBe("simulate: game 0 (seed 5) stuck after 1 move");
    expect(SIMULATE_TEXTS.de.failed(game)).toBe("simulate: Spiel 0 (Seed 5) hängt nach 1 Zug fest");
    expect(SIMULATE_TEXTS.de.failed({ ...game, outcome: "error", moves: 9, error: "x" })).toBe(
      "simulate: Spiel 0 (Seed 5) ist nach 9 Zügen gescheitert: x",
    );
    expect(SIMULATE_TEXTS.en.progress(3, 10)).toBe("simulate: 3/10 games");
    expect(SIMULATE_TEXTS.de.progress(3, 10)).toBe("simulate: 3/10 Spiele");
  });
});

describe("simulate --server against a server that is down", () => {
  it("says so in one line in the player's language before any match (exit 1), as the online commands do", async () => {
    // A port nothing listens on: taken, then given back.
    const spare = createServer();
    await new Promise<void>((done) => spare.listen(0, "127.0.0.1", done));
    const port = (spare.address() as AddressInfo).port;
    await new Promise<void>((done) => spare.close(() => done()));
    const down = `http://127.0.0.1:${port}`;
    const flags: SimulateFlags = {
      variant: "noris",
      players: 2,
      games: 5,
      bots: ["random"],
      maxMoves: 100,
      server: [down],
      concurrency: 5,
      rate: 10,
      timeout: 5,
      threads: 1,
      engine: "decide",
    };
    const written: string[] = [];
    const write = vi
      .spyOn(process.stderr, "write")
      .mockImplementation((chunk: string | Uint8Array) => written.push(String(chunk)) > 0);
    try {
      expect(await simulateRemoteRun(flags, "de")).toBe(1);
      expect(await simulateRemoteRun(flags, "en")).toBe(1);
    } finally {
      write.mockRestore();
    }
    // Before the fix: one failure line per match.
    expect(written).toEqual([
      `maumau: Server ${down} nicht erreichbar: unter 127.0.0.1:${port} nimmt niemand die Verbindung an; läuft der Server?\n`,
      `maumau: cannot reach the server at ${down}: nothing at 127.0.0.1:${port} accepts the connection; is the server running?\n`,
    ]);
  });
});

describe("simulate --server against a real server (in-process, temporary SQLite)", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ commandRate: 10_000 });
  });
  afterAll(() => api?.stop());

  it.each(variants.map((v) => v.id))(
    "%s: 3 matches, every seat its own socket, 0 errors",
    async (id) => {
      const report = await simulateRemote(config([api.url], id));
      expect(report.failures).toEqual([]);
      expect(report).toMatchObject({ games: 3, finished: 3, errors: 0, stuck: 0 });
      expect(report.gamesPlayed).toBeGreaterThanOrEqual(3);
      expect(report.moves).toBeGreaterThan(30);
      // The server agrees: every match is over, and no seat was played by a server bot.
      const over = await api.service.list(["over"], 200);
      for (const lobby of over.filter((l) => l.variant === id))
        expect(lobby.seats.every((s) => s.kind === "human" && !s.away)).toBe(true);
    },
  );

  it("--acks: every accepted command once, at the version the server logged it", async () => {
    const acks: RemoteAck[] = [];
    const report = await simulateRemote(
      config([api.url], "noris", { games: 1, onAck: (ack) => acks.push(ack) }),
    );
    expect(report).toMatchObject({ finished: 1, errors: 0 });
    expect(acks.length).toBe(report.moves);
    const log = await api.store.read(`match-${acks[0]!.matchId}`);
    for (const ack of acks)
      expect(log[ack.version - 1]?.commandId).toBe(`${ack.seat}:${ack.commandId}`);
  });

  it("reports a server that cannot be reached as an error", async () => {
    const report = await simulateRemote(
      config(["http://127.0.0.1:9"], "noris", { games: 1, rpcTimeoutMs: 2000 }),
    );
    expect(report).toMatchObject({ finished: 0, errors: 1 });
    expect(report.failures[0]!.error).toMatch(/setting up/);
    // Why, in each language: the English is the report's error; the German in our words.
    expect(report.failures[0]!.why).toEqual({
      en: report.failures[0]!.error,
      de: "beim Vorbereiten der Partie: connect: keine Verbindung",
    });
  });

  it("runs as `maumau simulate --server …`, prints the figures, exits 0", async () => {
    const run = await runCli([
      "simulate",
      "--server",
      api.url,
      "--variant",
      "noris",
      "--games",
      "2",
      "--players",
      "2",
      "--bots-level",
      "random",
      "--rate",
      "10000",
    ]);
    // Only progress lines may go to stderr (they appear when the machine is slow).
    expect(
      run.stderr.split("\n").filter((l) => l && !/^simulate: \d+\/\d+ games$/.test(l)),
    ).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^noris over http:\/\/127\.0\.0\.1:\d+: 2 players, bots random/);
    expect(run.stdout).toMatch(/finished\s+2\n/);
    expect(run.stdout).toMatch(/moves\/s\s+[\d,]+\n/);
  });

  it("exits 1 when a game fails, and names it (--lang de: in German)", async () => {
    // A server that answers /healthz (simulate asks it first) but is no game server: every
    // match fails while it is set up. (A port nobody listens on is now told in one line before
    // any match: see "against a server that is down".)
    const fake = createHttpServer((req, res) => {
      res.writeHead(req.url === "/healthz" ? 200 : 404, { "content-type": "application/json" });
      res.end(req.url === "/healthz" ? '{"status":"ok"}' : "{}");
    });
    await new Promise<void>((done) => fake.listen(0, "127.0.0.1", done));
    const { port } = fake.address() as AddressInfo;
    try {
      const run = await runCli([
        "simulate",
        "--server",
        `http://127.0.0.1:${port}`,
        "--games",
        "1",
        "--timeout",
        "2",
        "--lang",
        "de",
      ]);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toMatch(/errors\s+1\n/);
      expect(run.stderr).toMatch(
        /^simulate: Spiel 0 \(Partie -, [^)]*\) ist nach 0 Zügen bei Version 0 gescheitert: beim Vorbereiten der Partie: /m,
      );
    } finally {
      await new Promise<void>((done) => fake.close(() => done()));
    }
  });
});

describe("simulate --server within the server's default rate limit", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ commandRate: 20 });
  });
  afterAll(() => api?.stop());

  it("paces every connection below COMMAND_RATE: nothing is rate limited", async () => {
    const report = await simulateRemote(
      config([api.url], "noris", { games: 1, players: 2, rate: 20, options: { games: 1 } }),
    );
    expect(report.failures).toEqual([]);
    expect(report.finished).toBe(1);
    expect(report.wire.rateLimited).toBe(0);
  });
});

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!databaseUrl || !redisUrl) {
  console.warn(
    "remoteSimulate.test.ts: the two-server case is skipped: it needs DATABASE_URL and REDIS_URL.",
  );
}

describe.skipIf(!databaseUrl || !redisUrl)(
  "simulate --server a,b: two servers on one PostgreSQL and one Redis",
  () => {
    const run = randomBytes(4).toString("hex");
    const schema = `maumau_cli_${run}`;
    const prefix = `maumau-cli-test-${run}`;
    const apis: TestApi[] = [];
    beforeAll(async () => {
      for (let i = 0; i < 2; i++) {
        const store = await PostgresEventStore.open(databaseUrl!, { schema });
        apis.push(
          await startTestApi({ commandRate: 10_000, redisUrl, redisPrefix: prefix }, store),
        );
      }
    });
    afterAll(async () => {
      for (const a of apis) await a.stop();
      await dropPostgresSchema(databaseUrl!, schema);
      await deleteRedisKeys(redisUrl!, prefix);
    });

    it.each(["noris", "heul-doch"])("%s: seats split across both servers, 0 errors", async (id) => {
      const report = await simulateRemote(
        config(
          apis.map((a) => a.url),
          id,
          { players: findVariant(id)!.players.min === 2 ? 4 : 3 },
        ),
      );
      expect(report.failures).toEqual([]);
      expect(report).toMatchObject({ finished: 3, errors: 0, stuck: 0 });
    });
  },
);

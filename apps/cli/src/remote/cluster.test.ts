import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// Tests only: the CLI's own code never imports the server's runtime.
import { deleteRedisKeys, dropPostgresSchema, PostgresEventStore } from "@maumau/server/testing";
import { afterAll, describe, expect, it } from "vitest";
import { SocketClient, type MatchSnapshot } from "@maumau/client";
import type { AppRouter } from "@maumau/server";
import {
  BALANCER_PORT,
  clusterSkipReason,
  startCluster,
  type Cluster,
} from "../testing/cluster.js";
import { cliCommand } from "../testing/cliCommand.js";
import type { RemoteAck, RemoteSimulationReport } from "./remoteSimulate.js";

/**
 * Issue #23.2: three hosts, each a network namespace with its own address, behind HAProxy
 * (health check `GET /readyz`), sharing PostgreSQL and Redis; the load generator
 * (`maumau simulate --server --reconnect`, every seat its own socket.io client with a
 * MatchFeed) in a fourth namespace, talking only to the balancer under its public name. One
 * host is SIGKILLed mid-match: every match ends, no acknowledged command is missing from the
 * PostgreSQL log. The short version runs in `npm test`; `pnpm test:cluster` runs the long one.
 * docs/deploy.md is the recipe this proves.
 */
const FULL = process.env.CLUSTER === "1" || process.env.npm_lifecycle_event === "test:cluster";
const scale = (ci: number, full: number): number => (FULL ? full : ci);

const reason = clusterSkipReason();
if (reason !== null) console.warn(`cluster test skipped: ${reason}`);

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

const figure = (name: string, value: number | string, unit = "") =>
  console.log(`cluster: ${name}: ${value}${unit ? ` ${unit}` : ""}`);

function readAcks(file: string): RemoteAck[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.endsWith("}"))
    .map((line) => JSON.parse(line) as RemoteAck);
}

/**
 * A long-polling client as a browser without websockets is: takes the balancer's cookie from a
 * first request and sends it with every poll, then asks for a match's view 10 times.
 */
async function pollingClient(c: Cluster, matchId: string): Promise<string> {
  // From the root namespace, by the balancer's address (IP addresses pass the Host check).
  const url = `http://${c.subnet}.1:${BALANCER_PORT}`;
  const first = await fetch(`${url}/healthz`);
  const cookie = first.headers.get("set-cookie")?.split(";")[0] ?? "";
  expect(cookie).toMatch(/^mmhost=h\d$/);
  const client = new SocketClient<AppRouter>(url, {
    reconnect: false,
    timeoutMs: 10_000,
    rate: 1_000,
    transports: ["polling"],
    headers: { Cookie: cookie },
  });
  try {
    await client.whenConnected();
    let answered = 0;
    for (let i = 0; i < 10; i++) {
      const view = (await client.api.game.view({ matchId })) as MatchSnapshot;
      if (view.matchId === matchId) answered++;
      await pause(20);
    }
    expect(answered).toBe(10);
    return `${cookie.split("=")[1]}: ${answered}`;
  } finally {
    client.close();
  }
}

describe.skipIf(reason !== null)("cluster: three hosts behind HAProxy, one killed", () => {
  const run = randomBytes(4).toString("hex");
  const schema = `cluster_${run}`;
  const prefix = `maumau-cluster-${run}`;
  let dir = "";
  let cluster: Cluster | null = null;

  afterAll(async () => {
    await cluster?.destroy();
    await dropPostgresSchema(process.env.DATABASE_URL!, schema).catch(() => {});
    await deleteRedisKeys(process.env.REDIS_URL!, prefix).catch(() => {});
    if (dir !== "") rmSync(dir, { recursive: true, force: true });
  });

  it(
    "matches spread over three hosts; one SIGKILLed mid-match and started again; clients fail " +
      "over through the balancer; every match ends; 0 acknowledged commands lost",
    async () => {
      const matches = scale(6, 48);
      const gamesPerMatch = scale(2, 4);
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      cluster = await startCluster({
        hosts: 3,
        databaseUrl: process.env.DATABASE_URL!,
        redisUrl: process.env.REDIS_URL!,
        env: {
          DATABASE_SCHEMA: schema,
          REDIS_PREFIX: prefix,
          SQLITE_PATH: "",
          LOG_LEVEL: "warn",
          // A seat cut off by the kill is back within seconds: no bot takes it meanwhile.
          GRACE_MS: "60000",
          // Every client comes from the one client namespace address (X-Forwarded-For).
          COMMAND_RATE: "100000",
          HTTP_RATE: "1000000",
          MAX_SOCKETS_PER_CLIENT: "100000",
          MAX_OPEN_MATCHES_PER_CLIENT: "1000000",
        },
      });
      const c = cluster;
      // HAProxy's verdicts once every host was up (before that each host was DOWN until it
      // started).
      const logAtStart = c.haproxyLog().length;
      const statusChanges = () =>
        c
          .haproxyLog()
          .slice(logAtStart)
          .split("\n")
          .filter((line) => / is (UP|DOWN)/.test(line));
      figure("three hosts and HAProxy up", elapsed(), "ms");

      const countsAtStart = c.counts();
      const cpuAtStart = c.hosts.map((h) => h.cpuMs());
      dir = mkdtempSync(join(tmpdir(), "mm-cluster-"));
      const acksFile = join(dir, "acks.jsonl");
      // The CLI as the other tests run it: the bundle (src/testing/globalSetup.ts).
      const [command, ...cliArgs] = cliCommand();
      const client = c.spawnClient(command, [
        ...cliArgs,
        "simulate",
        "--server",
        c.balancerUrl,
        "--reconnect",
        "--variant",
        "noris",
        "--players",
        "3",
        "--option",
        `games=${gamesPerMatch}`,
        "--bots",
        "heuristic,random",
        "--games",
        String(matches),
        "--concurrency",
        String(matches),
        "--rate",
        "100000",
        "--timeout",
        "60",
        "--seed",
        "23",
        "--acks",
        acksFile,
        "--json",
      ]);
      let out = "";
      let err = "";
      client.stdout!.setEncoding("utf8").on("data", (s: string) => (out += s));
      client.stderr!.setEncoding("utf8").on("data", (s: string) => (err += s));
      const clientExit = once(client, "exit");

      const early = () => `${err}\nHAProxy:\n${statusChanges().join("\n")}`;
      // Mid-match: every match has acknowledged moves, none is over yet.
      const killDeadline = Date.now() + 60_000;
      let acks = readAcks(acksFile);
      while (
        new Set(acks.map((a) => a.matchId)).size < matches ||
        acks.length < matches * scale(15, 40)
      ) {
        if (client.exitCode !== null) throw new Error(`the clients ended early:\n${early()}`);
        if (Date.now() > killDeadline)
          throw new Error(`the matches did not get going: ${acks.length} acks\n${err}`);
        await pause(100);
        acks = readAcks(acksFile);
      }
      const before = await c.stats();
      for (const s of before) {
        figure(`websockets to ${s.name} before the kill`, s.total);
        expect(s.total, `${s.name} got no client`).toBeGreaterThan(0);
        expect(s.status).toBe("UP");
      }
      // The web client falls back to HTTP long-polling, whose every request of a session must
      // reach one host: HAProxy's cookie pins it (websockets need no pinning).
      const pinned = await Promise.all(
        [0, 1, 2, 3, 4, 5].map((i) => pollingClient(c, acks[i % acks.length]!.matchId)),
      );
      figure("long-polling clients pinned by cookie (host: rpcs answered)", pinned.join(", "));
      // The busiest host dies, as a machine would: SIGKILL, nothing said to anyone.
      const victim = c.hosts.find(
        (h) => h.name === [...before].sort((a, b) => b.total - a.total)[0]!.name,
      )!;
      const ackedBeforeKill = readAcks(acksFile).length;
      const victimCpuMs = victim.cpuMs();
      const killedAt = performance.now();
      await victim.kill();
      figure(`${victim.name} SIGKILLed after`, elapsed(), "ms");
      figure("acknowledged commands before the kill", ackedBeforeKill);

      // HAProxy's /readyz check takes it out (fall 3 × inter 1 s), the others stay in.
      for (;;) {
        const now = await c.stats();
        if (now.find((s) => s.name === victim.name)!.status.startsWith("DOWN")) {
          figure(
            `${victim.name} marked DOWN by the health check after`,
            Math.round(performance.now() - killedAt),
            "ms",
          );
          for (const s of now.filter((s) => s.name !== victim.name))
            expect(s.status, `${s.name}: ${s.check}`).toBe("UP");
          break;
        }
        if (performance.now() - killedAt > 10_000) throw new Error("HAProxy never marked it down");
        await pause(100);
      }

      // The host comes back in its namespace: /readyz passes twice (rise 2), HAProxy takes it
      // in, and new sessions reach it — serving matches it never held, from their logs.
      const victimIndex = c.hosts.indexOf(victim);
      await c.restart(victim.name);
      for (;;) {
        const now = await c.stats();
        if (now.find((s) => s.name === victim.name)!.status === "UP") break;
        if (performance.now() - killedAt > 60_000) throw new Error("HAProxy never took it back");
        await pause(100);
      }
      figure(
        `${victim.name} restarted and UP again after the kill`,
        Math.round(performance.now() - killedAt),
        "ms",
      );
      const again = await Promise.all(
        [0, 1, 2, 3, 4, 5].map((i) => pollingClient(c, acks[i % acks.length]!.matchId)),
      );
      figure("long-polling clients after the restart (host: rpcs answered)", again.join(", "));
      expect(again.some((p) => p.startsWith(`${victim.name}:`))).toBe(true);

      const [code] = (await Promise.race([
        clientExit,
        pause(scale(120_000, 600_000)).then(() => {
          throw new Error(`the clients did not finish:\n${err}`);
        }),
      ])) as [number | null];
      const report = JSON.parse(out) as RemoteSimulationReport;
      expect(report.failures, early()).toEqual([]);
      // The health check took out the killed host and no other (no flapping under load).
      const changes = statusChanges();
      console.log(changes.join("\n"));
      expect(changes.filter((line) => line.includes(" is DOWN")).length).toBe(1);
      expect(changes.filter((line) => line.includes(" is UP")).length).toBe(1);
      expect(code).toBe(0);
      expect(report).toMatchObject({ games: matches, finished: matches, errors: 0, stuck: 0 });
      const after = await c.stats();
      for (const s of after)
        figure(`connections to ${s.name} in all (polling requests, reconnects)`, s.total);
      figure(
        "disconnects / reconnects / resent commands",
        `${report.wire.disconnects} / ${report.wire.reconnects} / ${report.wire.retries}`,
      );
      expect(report.wire.reconnects).toBeGreaterThan(0);

      // Nothing acknowledged is lost: each command is in the log at the version it was acked.
      acks = readAcks(acksFile);
      const store = await PostgresEventStore.open(process.env.DATABASE_URL!, { schema });
      let ended = 0;
      try {
        const byMatch = new Map<string, RemoteAck[]>();
        for (const a of acks) byMatch.set(a.matchId, [...(byMatch.get(a.matchId) ?? []), a]);
        expect(byMatch.size).toBe(matches);
        for (const [matchId, list] of byMatch) {
          const log = await store.read(`match-${matchId}`);
          for (const a of list)
            expect(log[a.version - 1]?.commandId, `${matchId} v${a.version}`).toBe(
              `${a.seat}:${a.commandId}`,
            );
          if (log.some((e) => e.type === "match.ended")) ended++;
          // Applied once: a command id's events are one append (consecutive versions), even
          // when it was resent after the kill.
          const versions = new Map<string, number[]>();
          log.forEach((e, i) => {
            if (e.commandId !== null)
              versions.set(e.commandId, [...(versions.get(e.commandId) ?? []), i + 1]);
          });
          for (const [id, list] of versions)
            expect(list.at(-1)! - list[0]!, `${matchId}: ${id} at ${list.join(",")}`).toBe(
              list.length - 1,
            );
        }
      } finally {
        await store.close();
      }
      expect(ended).toBe(matches);
      const counts = c.counts();
      const postgres = counts.postgres - countsAtStart.postgres;
      const redis = counts.redis - countsAtStart.redis;
      const cpuMs = c.hosts.reduce(
        // The restarted process is left out: its CPU is start-up.
        (n, h, i) => n + (i === victimIndex ? victimCpuMs : h.cpuMs()) - cpuAtStart[i]!,
        0,
      );
      figure("matches, each ended", ended);
      figure("acknowledged commands checked against the log", acks.length);
      figure("acknowledged commands lost", 0);
      figure("moves", report.moves);
      figure("PostgreSQL requests per move (all hosts)", (postgres / report.moves).toFixed(2));
      figure("Redis commands per move (all hosts)", (redis / report.moves).toFixed(2));
      figure(
        "server CPU per 1,000 moves (all hosts, lobby steps included)",
        Math.round((cpuMs / report.moves) * 1000),
        "ms",
      );
      figure("run", elapsed(), "ms");
    },
    scale(150_000, 900_000),
  );
});

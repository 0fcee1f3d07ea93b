import { afterEach, describe, expect, it } from "vitest";
import { Metrics } from "./metrics.js";
import { deleteRedisKeys, pause, startTestApi, type TestApi } from "./testing/index.js";
import { playServerMatch } from "./testing/playServerMatch.js";
import { httpClient, TestSocket } from "./testing/TestSocket.js";

const TOKEN = "metrics-token-0123456789";

let api: TestApi | undefined;
afterEach(async () => {
  await api?.stop();
  api = undefined;
});

/** The sum of a series' samples whose labels include `labels` (`name{a="b"} 3`). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  let found = false;
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const has = Object.entries(labels).every(([k, v]) => match[2]?.includes(`${k}="${v}"`));
    if (!has) continue;
    found = true;
    sum += Number(match[3]);
  }
  if (!found) throw new Error(`no sample ${name} ${JSON.stringify(labels)}`);
  return sum;
}

const scrape = async (url: string): Promise<string> => {
  const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};

describe("GET /metrics", () => {
  it("is not served on the public port without METRICS_TOKEN", async () => {
    api = await startTestApi();
    const res = await fetch(`${api.url}/metrics`);
    expect(res.status).toBe(404);
    expect(api.metricsUrl).toBeNull();
  });

  it("asks for the bearer token on the public port when METRICS_TOKEN is set", async () => {
    api = await startTestApi({ metricsToken: TOKEN });
    expect((await fetch(`${api.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${api.url}/metrics`, {
      headers: { authorization: "Bearer not-the-token-at-all" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await scrape(`${api.url}/metrics`)).toContain("maumau_commands_total");
  });

  it("serves METRICS_PORT apart from the public port, with the token when one is set", async () => {
    api = await startTestApi({ metricsPort: 0 });
    expect(api.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(api.metricsUrl).not.toContain(`:${api.port}/`);
    const res = await fetch(api.metricsUrl!);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("nodejs_eventloop_lag_seconds");
    expect((await fetch(api.metricsUrl!.replace("/metrics", "/readyz"))).status).toBe(404);
    // The public port still has no /metrics.
    expect((await fetch(`${api.url}/metrics`)).status).toBe(404);
    await api.stop();

    api = await startTestApi({ metricsPort: 0, metricsToken: TOKEN });
    expect((await fetch(api.metricsUrl!)).status).toBe(401);
    expect(await scrape(api.metricsUrl!)).toContain("maumau_sockets");
  });

  it("has every series, and they move while a match is played", async () => {
    api = await startTestApi({ metricsPort: 0, metricsToken: TOKEN });
    const url = api.metricsUrl!;
    const before = await scrape(url);
    for (const name of [
      "maumau_commands_total",
      "maumau_command_refusals_total",
      "maumau_rpc_errors_total",
      "maumau_command_seconds",
      "maumau_store_append_seconds",
      "maumau_bot_think_seconds",
      "maumau_socket_messages_sent_total",
      "maumau_socket_bytes_sent_total",
      "maumau_watches",
      "maumau_grace_clocks",
    ]) {
      expect(before).toContain(`# TYPE ${name} `);
    }
    expect(sample(before, "maumau_matches", { status: "running" })).toBe(0);
    expect(sample(before, "maumau_sockets")).toBe(0);
    expect(sample(before, "maumau_grace_clocks")).toBe(0);
    expect(sample(before, "maumau_store_up")).toBe(1);
    expect(before).not.toContain("maumau_redis_up ");
    expect(before).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(before).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);

    // A scrape in the middle of the match, at its 12th commit.
    let commits = 0;
    let during: Promise<string> | null = null;
    const stop = api.service.onCommit(() => {
      if (++commits === 12) during = scrape(url);
    });
    const played = await playServerMatch(api.url, {
      variant: "noris",
      seats: 3,
      humans: [0],
      options: { games: 1 },
      spectators: 1,
    });
    stop();
    try {
      expect(during).not.toBeNull();
      const middle = await during!;
      const accepted = (text: string) =>
        sample(text, "maumau_commands_total", { result: "accepted" });
      const sent = (text: string, event: string) =>
        sample(text, "maumau_socket_messages_sent_total", { event });
      expect(sample(middle, "maumau_matches", { status: "running" })).toBe(1);
      expect(sample(middle, "maumau_sockets")).toBe(2);
      expect(sample(middle, "maumau_watches", { viewer: "seat" })).toBe(1);
      expect(sample(middle, "maumau_watches", { viewer: "spectator" })).toBe(1);
      expect(sent(middle, "match")).toBeGreaterThan(0);

      // A move out of turn: refused, and counted by its code.
      const http = httpClient(api.url);
      const token = played.tokens.get(0)!;
      await expect(
        http.game.command.mutate({
          matchId: played.matchId,
          token,
          commandId: "late",
          command: { type: "drawCard" },
        }),
      ).rejects.toThrow();
      // Any procedure's refusal over either transport: a seat in a full match.
      await expect(
        http.lobby.join.mutate({ matchId: played.matchId, name: "late" }),
      ).rejects.toThrow();
      await expect(
        played.spectators[0]!.rpc("lobby.join", { matchId: played.matchId, name: "late" }),
      ).rejects.toThrow();

      const after = await scrape(url);
      expect(accepted(after)).toBeGreaterThan(accepted(middle));
      expect(accepted(after)).toBe(played.moves);
      expect(sample(after, "maumau_command_refusals_total", { code: "GAME_OVER" })).toBe(1);
      expect(sample(after, "maumau_commands_total", { result: "refused" })).toBe(1);
      expect(sample(after, "maumau_rpc_errors_total", { code: "GAME_OVER" })).toBe(1);
      const full = sample(after, "maumau_rpc_errors_total");
      expect(full - sample(after, "maumau_rpc_errors_total", { code: "GAME_OVER" })).toBe(2);
      expect(sample(after, "maumau_command_seconds_count")).toBe(played.moves + 1);
      expect(sample(after, "maumau_store_append_seconds_count", { result: "ok" })).toBeGreaterThan(
        sample(middle, "maumau_store_append_seconds_count", { result: "ok" }),
      );
      expect(sample(after, "maumau_bot_think_seconds_count")).toBeGreaterThan(
        sample(middle, "maumau_bot_think_seconds_count"),
      );
      expect(sent(after, "match")).toBeGreaterThan(sent(middle, "match"));
      expect(sent(after, "rpc")).toBeGreaterThan(sent(middle, "rpc"));
      expect(sample(after, "maumau_socket_bytes_sent_total", { event: "match" })).toBeGreaterThan(
        sample(middle, "maumau_socket_bytes_sent_total", { event: "match" }),
      );
      expect(sample(after, "maumau_matches", { status: "over" })).toBe(1);
    } finally {
      for (const s of [...played.sockets.values(), ...played.spectators]) s.close();
    }
    const socketsGone = await scrape(url);
    expect(sample(socketsGone, "maumau_sockets")).toBeLessThanOrEqual(2);
    // The seat's owner left after the end: no grace clock for a finished match.
    expect(sample(socketsGone, "maumau_grace_clocks")).toBe(0);
  }, 60_000);

  it("counts a waiting room closed before the start as closed, not open", async () => {
    api = await startTestApi({ metricsPort: 0, metricsToken: TOKEN });
    const waiting = await api.service.create({ variant: "noris", seats: 2, name: "Stays" });
    const left = await api.service.create({ variant: "noris", seats: 2, name: "Leaves" });
    await api.service.leave({ matchId: left.matchId, token: left.ticket!.token });
    expect((await api.service.lobby(left.matchId)).closed).toBe(true);
    expect((await api.service.lobby(waiting.matchId)).closed).toBeUndefined();
    const text = await scrape(api.metricsUrl!);
    expect(sample(text, "maumau_matches", { status: "open" })).toBe(1);
    expect(sample(text, "maumau_matches", { status: "closed" })).toBe(1);
  });

  it("counts the sockets that are open", async () => {
    api = await startTestApi({ metricsPort: 0 });
    const socket = new TestSocket(api.url);
    await socket.connected();
    const text = await (await fetch(api.metricsUrl!)).text();
    expect(sample(text, "maumau_sockets")).toBe(1);
    socket.close();
  });

  it.skipIf(!process.env.REDIS_URL)("reports Redis health with REDIS_URL", async () => {
    const redisUrl = process.env.REDIS_URL!;
    const redisPrefix = `maumau-metrics-${process.pid}`;
    api = await startTestApi({ metricsPort: 0, redisUrl, redisPrefix });
    try {
      const text = await (await fetch(api.metricsUrl!)).text();
      expect(sample(text, "maumau_redis_up")).toBe(1);
      // The streams adapter rejects unhandled when closed before its read clients connected.
      await pause(1000);
    } finally {
      await api.stop();
      api = undefined;
      await deleteRedisKeys(redisUrl, redisPrefix);
    }
  });
});

describe("Metrics.sent", () => {
  it("counts messages and bytes by event, in every read of the counters and the text", async () => {
    const metrics = new Metrics();
    metrics.sent('2["match",{"v":1}]');
    metrics.sent('2["match",{"v":2}]');
    metrics.sent('31[{"id":1,"result":{"data":"é"}}]');
    metrics.sent('2["unknown",1]');
    metrics.sent(Buffer.from("binary"));
    const counts = async (counter: Metrics["messagesSent"]): Promise<Record<string, number>> =>
      Object.fromEntries(
        (await counter.get()).values.map((v): [string, number] => [
          String(v.labels.event),
          v.value,
        ]),
      );
    expect(await counts(metrics.messagesSent)).toEqual({ match: 2, rpc: 1, other: 1 });
    expect(await counts(metrics.bytesSent)).toEqual({ match: 36, rpc: 35, other: 14 });
    metrics.sent('2["match",{"v":3}]');
    const { body } = await metrics.text();
    expect(sample(body, "maumau_socket_messages_sent_total", { event: "match" })).toBe(3);
    expect(sample(body, "maumau_socket_bytes_sent_total", { event: "match" })).toBe(54);
    expect(sample(body, "maumau_socket_messages_sent_total", { event: "rpc" })).toBe(1);
  });
});

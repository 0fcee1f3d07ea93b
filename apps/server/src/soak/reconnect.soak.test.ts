import { MatchFeed, SocketClient, type MatchFrame } from "@maumau/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestSocket } from "../testing/TestSocket.js";
import { startTestApi, type TestApi } from "../testing/index.js";
import type { AppRouter } from "../trpc/appRouter.js";
import { figure, scale, seeded } from "./scale.js";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ botDelayMs: scale(3, 14) });
});
afterAll(() => api.stop());

/** A viewer as the web and the CLI are: a reconnecting socket and the MatchFeed. */
function viewer(matchId: string) {
  const client = new SocketClient<AppRouter>(api.url, {
    reconnect: true,
    timeoutMs: 10_000,
    rate: 1_000,
  });
  const feed = new MatchFeed(
    {
      onFrame: (l: (f: MatchFrame) => void) => client.onFrame(l),
      onReconnect: (l: () => void) => client.onReconnect(l),
      onResync: (l: () => void) => client.onResync(l),
      get connected() {
        return client.connected;
      },
      watch: (input) => client.api.game.watch(input),
    },
    { matchId, idleMs: 2_000 },
  );
  const versions: number[] = [];
  const problems: string[] = [];
  let last: number | null = null;
  let snapshots = 0;
  feed.onUpdate((snapshot, events) => {
    if (events.length === 0) {
      // Further behind than CATCH_UP_LIMIT: a full snapshot instead of the events (by design).
      if (last !== null) snapshots++;
      last = snapshot.version;
      return;
    }
    for (const e of events) {
      if (last !== null && e.version !== last + 1) problems.push(`v${e.version} after v${last}`);
      versions.push(e.version);
      last = e.version;
    }
    if (last !== snapshot.version)
      problems.push(`events end at v${last}, snapshot v${snapshot.version}`);
  });
  return { client, feed, versions, problems, snapshots: () => snapshots };
}

describe("soak: reconnects", () => {
  it(
    "after random dropped connections every client has each version once, in order",
    async () => {
      const drops = scale(40, 1_000);
      const random = seeded(11);
      const host = new TestSocket(api.url);
      await host.connected();
      const created = await host.rpc<{ matchId: string; token: string }>("lobby.create", {
        variant: "noris",
        seats: 4,
        name: "Host",
        options: { games: scale(12, 100) },
      });
      const { matchId, token } = created;
      await host.rpc("lobby.addBots", { matchId, token });
      // The host starts, leaves the play to bots and watches on as a spectator (a watcher keeps
      // the bots going; the seat's frames end with the seat, SEAT_LOST).
      await host.rpc("lobby.start", { matchId, token });
      await host.rpc("lobby.leave", { matchId, token });
      await host.rpc("game.watch", { matchId });
      const viewers = Array.from({ length: 6 }, () => viewer(matchId));
      await Promise.all(viewers.map((v) => v.client.whenConnected().then(() => v.feed.start())));
      let dropped = 0;
      while (dropped < drops && host.latest?.lobby.status !== "over") {
        await new Promise((done) => setTimeout(done, 5 + random() * 40));
        const v = viewers[Math.floor(random() * viewers.length)]!;
        if (!v.client.connected) continue;
        // The transport dies under the client, as a flaky network does; it reconnects by itself.
        v.client.socket.io.engine.close();
        dropped++;
        if (dropped % 100 === 0)
          console.log(`soak: reconnect progress: ${dropped} drops, v${host.latest?.version}`);
      }
      await host.until(() => host.latest?.lobby.status === "over", scale(120_000, 1_800_000));
      const final = host.latest!.version;
      for (const v of viewers) {
        await expect.poll(() => v.feed.version, { timeout: 20_000 }).toBe(final);
        // Every version once, in order; a client too far behind got one snapshot instead.
        expect(v.problems).toEqual([]);
        expect(new Set(v.versions).size).toBe(v.versions.length);
      }
      figure("reconnect drops", dropped, "drops");
      figure(
        "reconnect versions delivered",
        viewers.reduce((n, v) => n + v.versions.length, 0),
        "events",
      );
      figure(
        "reconnect catch-ups by snapshot (over CATCH_UP_LIMIT)",
        viewers.reduce((n, v) => n + v.snapshots(), 0),
        "snapshots",
      );
      figure("reconnect versions missing or repeated", 0, "events");
      for (const v of viewers) {
        v.feed.close();
        v.client.close();
      }
      host.close();
    },
    scale(180_000, 3_600_000),
  );
});

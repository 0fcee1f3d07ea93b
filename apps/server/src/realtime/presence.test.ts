import type { PresenceFrame } from "@maumau/client";
import type { Command } from "@maumau/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqliteEventStore } from "../store/sqlite.js";
import { startTestApi, tempSqlite, type TestApi } from "../testing/index.js";
import { humanChoice } from "../testing/playServerMatch.js";
import { httpClient, TestSocket } from "../testing/TestSocket.js";

let api: TestApi;

beforeAll(async () => {
  // A small bot delay keeps a bot-played match going long enough to watch it.
  api = await startTestApi({ graceMs: 250, botDelayMs: 15 });
});
afterAll(() => api.stop());

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function until<T>(find: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error("timed out");
    await wait(20);
  }
}

const log = (matchId: string) => api.store.read(`match-${matchId}`);

describe("turn timer", () => {
  it("plays the heuristic bot's move for a seat whose time ran out", async () => {
    const http = httpClient(api.url);
    const created = await http.lobby.create.mutate({
      variant: "noris",
      seats: 2,
      name: "Slow",
      turnTimerMs: 5_000,
      options: { games: 5 },
    });
    const { matchId } = created;
    // The slow player is at the table (watching), just slow: the timer, not the grace, acts.
    const present = new TestSocket(api.url);
    await present.connected();
    await present.rpc("game.watch", { matchId, token: created.token! });
    await http.lobby.addBots.mutate({ matchId, token: created.token! });
    await http.lobby.start.mutate({ matchId, token: created.token! });
    const timedOut = await until(async () => {
      const events = await log(matchId);
      const at = events.findIndex((e) => e.type === "seat.timedOut");
      return at < 0 ? undefined : { at, events };
    });
    const event = timedOut.events[timedOut.at]!;
    expect(event.data).toEqual({ seat: 0 });
    // The move it made is the seat's own, appended in the same commit.
    const next = timedOut.events[timedOut.at + 1]!;
    expect(next.at).toBe(event.at);
    expect(JSON.stringify(next.data)).toMatch(/"seat":0/);
    // A human who acts in time is not overruled.
    const view = await until(async () => {
      const v = await http.game.view.query({ matchId, token: created.token! });
      return v.legal.length > 0 ? v : undefined;
    });
    const version = view.version;
    await http.game.command.mutate({
      matchId,
      token: created.token!,
      commandId: "in-time",
      command: humanChoice(view.legal) as never,
    });
    const after = await log(matchId);
    expect(after.slice(version).some((e) => e.type === "seat.timedOut")).toBe(false);
    expect(after.some((e) => e.type === "seat.botTakenOver")).toBe(false);
    present.close();
    // The shortest turn timer (5 s) runs out once: more than vitest's default 5 s.
  }, 30_000);
});

describe("disconnect", () => {
  it("holds the seat for the grace period, then a bot plays it until the owner returns", async () => {
    const http = httpClient(api.url);
    const created = await http.lobby.create.mutate({
      variant: "noris",
      seats: 2,
      name: "Ada",
      options: { games: 20 },
    });
    const { matchId } = created;
    const token = created.token!;
    await http.lobby.addBots.mutate({ matchId, token });
    const socket = new TestSocket(api.url);
    await socket.connected();
    await socket.rpc("game.watch", { matchId, token });
    await http.lobby.start.mutate({ matchId, token });
    // Wait for Ada's turn, then leave without a word.
    await socket.until(() => (socket.latest?.legal.length ?? 0) > 0);
    const versionAtTurn = socket.latest!.version;
    const gone = Date.now();
    socket.close();

    await wait(120);
    expect(await api.store.version(`match-${matchId}`)).toBe(versionAtTurn);

    const takeover = await until(async () => {
      const events = await log(matchId);
      return events.find((e) => e.type === "seat.botTakenOver");
    });
    expect(Date.now() - gone).toBeGreaterThanOrEqual(240);
    expect(takeover.data).toEqual({ seat: 0 });
    // The bot moves for seat 0 now.
    await until(async () => {
      const events = await log(matchId);
      const moved = events
        .slice(takeover.version)
        .filter((e) => e.type === "card.played" || e.type === "cards.drawn");
      return moved.some((e) => (e.data as { seat: number }).seat === 0) ? true : undefined;
    });

    // Ada returns with her token: the seat is hers again and the bot stops.
    const back = new TestSocket(api.url);
    await back.connected();
    await back.rpc("game.watch", { matchId, token, afterVersion: versionAtTurn });
    const returned = await until(async () =>
      (await log(matchId)).find((e) => e.type === "seat.returned"),
    );
    expect(returned.data).toEqual({ seat: 0 });
    await back.until(
      () => (back.latest?.legal.length ?? 0) > 0 && back.latest!.version >= returned.version,
    );
    const waiting = back.latest!.version;
    await wait(150);
    expect(await api.store.version(`match-${matchId}`)).toBe(waiting);
    const view = await http.game.view.query({ matchId });
    expect(view.lobby.seats[0]).toMatchObject({ kind: "human", name: "Ada", away: false });
    await back.command(matchId, token, "back", humanChoice(back.latest!.legal) as Command);
    back.close();
  });

  it("takes over a seat whose owner left while the match was still in the lobby", async () => {
    const http = httpClient(api.url);
    const created = await http.lobby.create.mutate({ variant: "noris", seats: 2, name: "Gone" });
    const { matchId } = created;
    const token = created.token!;
    const socket = new TestSocket(api.url);
    await socket.connected();
    await socket.rpc("game.watch", { matchId, token });
    socket.close();
    await wait(400);
    await http.lobby.addBots.mutate({ matchId, token });
    await http.lobby.start.mutate({ matchId, token });
    const takeover = await until(async () =>
      (await log(matchId)).find((e) => e.type === "seat.botTakenOver"),
    );
    expect(takeover.data).toEqual({ seat: 0 });
  });
});

describe("absent owners (no socket at all)", () => {
  it("hands the seat of an owner who only ever used HTTP to a bot after the grace period", async () => {
    const http = httpClient(api.url);
    const created = await http.lobby.create.mutate({
      variant: "noris",
      seats: 2,
      name: "Http",
      options: { games: 1 },
    });
    const { matchId } = created;
    await http.lobby.addBots.mutate({ matchId, token: created.token! });
    await http.lobby.start.mutate({ matchId, token: created.token! });
    const takeover = await until(async () =>
      (await log(matchId)).find((e) => e.type === "seat.botTakenOver"),
    );
    expect(takeover.data).toEqual({ seat: 0 });
    // The bot goes on for the absent owner: the match does not stall.
    await until(async () =>
      (await log(matchId)).some((e) => e.type === "match.ended") ? true : undefined,
    );
    expect((await log(matchId)).filter((e) => e.type === "seat.botTakenOver")).toHaveLength(1);
  });

  it("after a restart, takes over a seat whose owner never comes back, exactly once", async () => {
    const file = await tempSqlite();
    const first = await startTestApi({ graceMs: 3_600_000 }, SqliteEventStore.open(file.path));
    const http = httpClient(first.url);
    const created = await http.lobby.create.mutate({
      variant: "noris",
      seats: 3,
      name: "Owner",
      options: { games: 1 },
    });
    const { matchId } = created;
    await http.lobby.addBots.mutate({ matchId, token: created.token! });
    await http.lobby.start.mutate({ matchId, token: created.token! });
    await first.stop();

    const second = await startTestApi(
      { graceMs: 200, botDelayMs: 5 },
      SqliteEventStore.open(file.path),
    );
    try {
      const read = () => second.store.read(`match-${matchId}`);
      await until(async () =>
        (await read()).some((e) => e.type === "match.ended") ? true : undefined,
      );
      const takeovers = (await read()).filter((e) => e.type === "seat.botTakenOver");
      expect(takeovers.map((e) => e.data)).toEqual([{ seat: 0 }]);
    } finally {
      await second.stop();
      await file.remove();
    }
  });
});

describe("presence messages", () => {
  it("tell every watcher who is connected, who is gone and the grace left before a bot plays", async () => {
    const http = httpClient(api.url);
    const created = await http.lobby.create.mutate({ variant: "french", seats: 2, name: "Host" });
    const { matchId } = created;
    const host = new TestSocket(api.url);
    await host.connected();
    const heard: PresenceFrame[] = [];
    host.client.onPresence((frame) => heard.push(frame));
    await host.rpc("game.watch", { matchId, token: created.token! });
    const last = () => heard.filter((f) => f.matchId === matchId).at(-1)?.seats ?? [];
    await until(async () => (last()[0]?.connected ? true : undefined));

    const friend = new TestSocket(api.url);
    await friend.connected();
    const seat = await friend.rpc<{ token: string }>("lobby.join", { matchId, name: "Friend" });
    await friend.rpc("game.watch", { matchId, token: seat.token });
    await until(async () => (last()[1]?.connected ? true : undefined));
    // In the lobby a friend who left is gone, with no clock: nothing is taken over there.
    friend.close();
    await until(async () => (last()[1]?.connected === false ? true : undefined));
    expect(last()[1]).toEqual({ seat: 1, connected: false, graceLeftMs: null });

    await http.lobby.start.mutate({ matchId, token: created.token! });
    const away = await until(async () => {
      const s = last()[1];
      return s?.graceLeftMs !== null && s?.graceLeftMs !== undefined ? s : undefined;
    });
    expect(away.connected).toBe(false);
    expect(away.graceLeftMs).toBeLessThanOrEqual(250);
    host.close();
  });
});

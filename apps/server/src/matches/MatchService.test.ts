import { findVariant } from "@maumau/registry";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryEventStore } from "../store/memory.js";
import { playedOut, silentLogger, waitFor } from "../testing/index.js";
import { isLobbyEvent } from "./lobbyEvents.js";
import { Match, streamIdOf } from "./Match.js";
import { MatchService, OPEN_RECOUNT_MS, type MatchServiceOptions } from "./MatchService.js";

const service = (store: MemoryEventStore, more: Partial<MatchServiceOptions> = {}) =>
  new MatchService({
    store,
    logger: silentLogger(),
    botDelayMs: 0,
    graceMs: 1000,
    catchUpLimit: 200,
    ...more,
  });

/** One process of a scaled-out server: the store shared with the others, no bot delay. */
const processOf = (store: MemoryEventStore, graceMs: number) =>
  new MatchService({
    store,
    logger: silentLogger(),
    botDelayMs: 0,
    graceMs,
    catchUpLimit: 200,
    shared: true,
  });

describe("MatchService across processes (one store, two services)", () => {
  it("settles stale caches by the expected version: re-read, decide again", async () => {
    const store = new MemoryEventStore();
    const a = service(store);
    const b = service(store);
    const { matchId, ticket } = await a.create({
      variant: "noris",
      seats: 3,
      name: "A",
      options: { games: 1 },
    });
    const joined = await b.join({ matchId, name: "B" });
    // a's cache does not know B yet: its decision is retried once on the fresh log.
    const c = await a.join({ matchId, name: "C" });
    expect([joined.seat, c.seat]).toEqual([1, 2]);
    await b.start({ matchId, token: ticket!.token });
    const tokens = [ticket!.token, joined.token, c.token];

    // Commands alternate between the processes; each answers from its own cache.
    for (let i = 0; i < 30; i++) {
      const via = i % 2 === 0 ? a : b;
      const spectator = await via.snapshot({ matchId });
      if (spectator.lobby.status === "over") break;
      const seat = spectator.progress!.toAct!;
      const mine = await via.snapshot({ matchId, token: tokens[seat]! });
      const move = mine.legal.find((m) => m.type === "playCard") ?? mine.legal[0]!;
      const result = await via.command({
        matchId,
        token: tokens[seat]!,
        commandId: `c${i}`,
        command: move,
      });
      // The same command id through the other process: the same answer, nothing appended.
      const other = via === a ? b : a;
      const again = await other.command({
        matchId,
        token: tokens[seat]!,
        commandId: `c${i}`,
        command: move,
      });
      expect(again).toEqual({ ...result, duplicate: true });
    }
    const log = await store.read(`match-${matchId}`);
    expect(Match.fromEvents(matchId, log).version).toBe(log.length);
    await Promise.all([a.close(), b.close()]);
  });

  it("lets bots in two processes race for the same seats without forking the log", async () => {
    const store = new MemoryEventStore();
    const a = service(store);
    const b = service(store);
    const { matchId, ticket } = await a.create({
      variant: "french",
      seats: 3,
      name: "A",
      options: { targetScore: 1 },
    });
    const token = ticket!.token;
    await a.addBots({ matchId, token, level: "heuristic" });
    await b.start({ matchId, token });
    // a still believes the match is in the lobby: its append fails, it re-reads and decides again.
    await a.leave({ matchId, token });
    // Every seat is played by bots now, in both processes at once.
    await waitFor(async () => (await a.snapshot({ matchId })).lobby.status === "over");
    await waitFor(async () => (await b.snapshot({ matchId })).lobby.status === "over");
    const log = await store.read(`match-${matchId}`);
    expect(log.map((e) => e.version)).toEqual(log.map((_, i) => i + 1));
    const variant = findVariant("french")!;
    const engineEvents = log
      .filter((e) => !isLobbyEvent(e))
      .map((e) => ({ type: e.type, data: e.data }));
    expect(variant.engine.progress(variant.engine.replay(engineEvents as never)).status).toBe(
      "matchOver",
    );
    expect((await a.snapshot({ matchId })).version).toBe(log.length);
    expect((await b.snapshot({ matchId })).version).toBe(log.length);
    await Promise.all([a.close(), b.close()]);
  });

  it("does not let a bot take a seat whose owner is connected to another process", async () => {
    const store = new MemoryEventStore();
    const [a, b] = [processOf(store, 30), processOf(store, 30)];
    const { matchId, ticket } = await a.create({ variant: "noris", seats: 2, name: "A" });
    await b.join({ matchId, name: "B" });
    await b.start({ matchId, token: ticket!.token });
    // Both owners sit on b; seat 0 was watched on a, then moved to b (a load balancer's choice).
    // Every process that holds the match watches for absent owners and asks the others.
    b.seatConnected(matchId, 0);
    b.seatConnected(matchId, 1);
    let elsewhere = true;
    a.setPresenceProbe((_id, seat) =>
      Promise.resolve({ connected: seat === 1 || elsewhere, seenMsAgo: null }),
    );
    a.seatConnected(matchId, 0);
    a.seatDisconnected(matchId, 0);
    await new Promise((done) => setTimeout(done, 150));
    const takeovers = async () =>
      (await store.read(`match-${matchId}`)).filter((e) => e.type === "seat.botTakenOver");
    expect(await takeovers()).toEqual([]);
    // Gone everywhere: after the grace period a bot plays the seat, once.
    elsewhere = false;
    b.seatDisconnected(matchId, 0);
    await waitFor(async () => (await takeovers()).length > 0);
    await new Promise((done) => setTimeout(done, 100));
    expect((await takeovers()).map((e) => e.data)).toEqual([{ seat: 0 }]);
    await Promise.all([a.close(), b.close()]);
  });

  it("does not let a bot take a seat whose owner acts over HTTP on another process", async () => {
    const store = new MemoryEventStore();
    // A grace far above any pause of the event loop under load: the owner's requests, 15 ms
    // apart, must keep the seat (with 60 ms a loaded machine's late timer let a bot take it).
    const [a, b] = [processOf(store, 1_500), processOf(store, 1_500)];
    // Each process answers the other's question from what it knows (the gateway's role).
    a.setPresenceProbe((id, seat) => Promise.resolve(b.ownerHere(id, seat)));
    b.setPresenceProbe((id, seat) => Promise.resolve(a.ownerHere(id, seat)));
    const { matchId, ticket } = await a.create({ variant: "noris", seats: 2, name: "Http" });
    const token = ticket!.token;
    await a.addBots({ matchId, token, level: "heuristic" });
    // The match starts on b: b holds it running, with a grace clock for the owner, who from
    // now on only asks a for the view (no socket anywhere).
    await b.start({ matchId, token });
    const takeovers = async () =>
      (await store.read(`match-${matchId}`)).filter((e) => e.type === "seat.botTakenOver");
    const until = performance.now() + 2_500;
    while (performance.now() < until) {
      await a.snapshot({ matchId, token });
      await new Promise((done) => setTimeout(done, 15));
    }
    expect(b.ownerHere(matchId, 0)).toEqual({ connected: false, seenMsAgo: null });
    expect(a.ownerHere(matchId, 0).seenMsAgo).not.toBeNull();
    expect(await takeovers()).toEqual([]);
    // Silent: a bot takes the seat over, once, though both processes ran a clock.
    await waitFor(async () => (await takeovers()).length > 0);
    await new Promise((done) => setTimeout(done, 200));
    expect((await takeovers()).map((e) => e.data)).toEqual([{ seat: 0 }]);
    await Promise.all([a.close(), b.close()]);
  });

  it("refuses with typed errors and never appends for a refusal", async () => {
    const store = new MemoryEventStore();
    const a = service(store);
    const { matchId, ticket } = await a.create({ variant: "noris", seats: 2, name: "A" });
    const version = await store.version(`match-${matchId}`);
    await expect(a.start({ matchId, token: ticket!.token })).rejects.toMatchObject({
      refusal: { code: "SEATS_NOT_FILLED" },
      kind: "PRECONDITION_FAILED",
    });
    await expect(
      a.command({ matchId, token: ticket!.token, commandId: "x", command: { type: "drawCard" } }),
    ).rejects.toMatchObject({ refusal: { code: "NOT_STARTED" } });
    expect(await store.version(`match-${matchId}`)).toBe(version);
    await a.close();
    await expect(a.join({ matchId, name: "late" })).rejects.toMatchObject({
      refusal: { code: "SHUTTING_DOWN" },
    });
  });
});

describe("MatchService's cache of finished matches", () => {
  it("keeps at most a tenth of the cache size of idle finished matches; a dropped one is read again", async () => {
    const store = new MemoryEventStore();
    const matches = service(store, { limits: { cacheSize: 20 } });
    const finished = await finishedMatches(matches, 5);
    // The next match to enter the cache drops the oldest finished ones beyond two (20 / 10).
    const open = await matches.create({ variant: "noris", seats: 2, name: "Next", options: {} });
    expect(matches.matchesByStatus()).toEqual({ open: 1, running: 0, over: 2, closed: 0 });
    expect(matches.cachedMatches).toBe(3);
    // The newest stayed; the oldest is read again from the store when asked for.
    const [oldest] = finished;
    const snapshot = await matches.snapshot({ matchId: oldest! });
    expect(snapshot.lobby.status).toBe("over");
    expect(snapshot.version).toBe(await store.version(streamIdOf(oldest!)));
    expect(open.matchId).not.toBe(oldest);
    await matches.close();
  }, 120_000);

  it("lists finished matches it dropped without reading them again while their streams stand", async () => {
    const store = new CountingStore();
    const matches = service(store, { limits: { cacheSize: 20 }, listCacheMs: 0 });
    await finishedMatches(matches, 5);
    const listed = async () => (await matches.list(["over"], 10)).map((m) => m.matchId);
    const first = await listed();
    expect(first).toHaveLength(5);
    expect(matches.matchesByStatus().over).toBeLessThanOrEqual(2);
    const reads = store.reads;
    // The same list again: at most two of the five are in the cache, and none is read.
    expect(await listed()).toEqual(first);
    expect(store.reads).toBe(reads);
    // A stream that moved (another process appended a chat line) is read again.
    const moved = streamIdOf(first[0]!);
    await store.append(moved, await store.version(moved), [
      { type: "chat.said", data: { from: { spectator: "Zoe" }, text: "gg" } },
    ]);
    const summary = (await matches.list(["over"], 10)).find((m) => m.matchId === first[0])!;
    expect(summary.version).toBe(await store.version(moved));
    expect(store.reads).toBeGreaterThan(reads);
    await matches.close();
  }, 120_000);
});

describe("the cap on matches not yet over", () => {
  it("counts a client's matches until they end; a finished one frees its place", async () => {
    const matches = service(new MemoryEventStore(), {
      limits: { openMatchesPerClient: 1, openMatches: 2 },
    });
    const { matchId, token } = await hostAndBot(matches);
    await expect(hostAndBot(matches)).rejects.toMatchObject({ refusal: { code: "LIMIT" } });
    await matches.start({ matchId, token });
    await matches.leave({ matchId, token });
    await overSoon(matches, matchId);
    await hostAndBot(matches);
    await matches.close();
  }, 60_000);
});

describe("the cap on all matches not yet over (MAX_OPEN_MATCHES)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`counts creations at once and ends at the next recount (at most every ${OPEN_RECOUNT_MS} ms)`, async () => {
    vi.useFakeTimers({ toFake: ["Date", "performance"] });
    const matches = service(new MemoryEventStore(), { limits: { openMatches: 2 } });
    const lobbyOf = (client: string) =>
      matches.create({ variant: "noris", seats: 2, name: "Host" }, client);
    const first = await lobbyOf("a");
    await lobbyOf("b");
    // Created within the same window as the count: counted at once.
    await expect(lobbyOf("c")).rejects.toMatchObject({ refusal: { code: "LIMIT" } });
    // The first lobby closes (its host left): it still counts until the next recount…
    await matches.leave({ matchId: first.matchId, token: first.ticket!.token });
    await expect(lobbyOf("c")).rejects.toMatchObject({ refusal: { code: "LIMIT" } });
    // …and no longer after it.
    vi.advanceTimersByTime(OPEN_RECOUNT_MS);
    await lobbyOf("c");
    await expect(lobbyOf("d")).rejects.toMatchObject({ refusal: { code: "LIMIT" } });
    await matches.close();
  });
});

describe("a rematch under the cap (it is a lobby its asker creates)", () => {
  it("counts a rematch lobby against the client that asked for it, and refuses it at the cap", async () => {
    const matches = service(new MemoryEventStore(), {
      limits: { openMatchesPerClient: 2, openMatches: 100 },
    });
    const first = await playedOut(matches, "host");
    const second = await playedOut(matches, "host");
    // One lobby of "asker" and the rematch it asks for: its two places.
    await matches.create({ variant: "noris", seats: 2, name: "Other" }, "asker");
    const { matchId: rematch } = await matches.rematch(first, "asker");
    expect((await matches.lobby(rematch)).status).toBe("open");
    await expect(
      matches.create({ variant: "noris", seats: 2, name: "Third" }, "asker"),
    ).rejects.toMatchObject({ refusal: { code: "LIMIT" } });
    await expect(matches.rematch(second, "asker")).rejects.toMatchObject({
      refusal: { code: "LIMIT" },
    });
    expect(await matches.lobby(second.matchId)).toMatchObject({ rematch: null });
    // Asking again for a rematch that exists creates nothing, for anyone.
    expect(await matches.rematch(first, "asker")).toEqual({ matchId: rematch });
    expect(await matches.rematch(first, "host")).toEqual({ matchId: rematch });
    // The host created neither: it still has its two places.
    await matches.create({ variant: "noris", seats: 2, name: "Host" }, "host");
    await matches.rematch(second, "host");
    // Once the rematch lobby closes (everyone left), its place is free again.
    const lobby = await matches.lobby(rematch);
    expect(lobby.seats.filter((seat) => seat.kind === "human")).toHaveLength(1);
    await matches.leave({ matchId: rematch, token: first.token });
    await matches.create({ variant: "noris", seats: 2, name: "Third" }, "asker");
    await matches.close();
  }, 60_000);
});

describe("lobbies closed before the start (F3: abandoned lobbies lock no one out)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const lobbyOf = (matches: MatchService, client: string) =>
    matches.create({ variant: "noris", seats: 2, name: "Host" }, client);

  it("frees the creator's places once they leave: 20 lobbies left, the 21st is created, none of the left ones is listed", async () => {
    const matches = service(new MemoryEventStore());
    const client = "203.0.113.1";
    const left: string[] = [];
    for (let i = 0; i < 20; i++) {
      const { matchId, ticket } = await lobbyOf(matches, client);
      await matches.leave({ matchId, token: ticket!.token });
      left.push(matchId);
    }
    // The metric counts them as the lobby shows them: closed, not open.
    expect(matches.matchesByStatus()).toMatchObject({ open: 0, closed: 20 });
    const { matchId: kept } = await lobbyOf(matches, client);
    expect(matches.matchesByStatus()).toMatchObject({ open: 1, closed: 20 });
    const listed = (await matches.list(["open", "running", "over"], 200)).map((m) => m.matchId);
    expect(listed).toEqual([kept]);
    const view = await matches.lobby(left[0]!);
    expect(view).toMatchObject({ status: "open", closed: true });
    await expect(matches.join({ matchId: left[0]!, name: "Late" })).rejects.toMatchObject({
      refusal: { code: "NOT_IN_LOBBY" },
    });
    await matches.close();
  });

  it("still counts lobbies a human waits in, up to the cap", async () => {
    const matches = service(new MemoryEventStore(), { limits: { openMatchesPerClient: 2 } });
    const first = await lobbyOf(matches, "c");
    await lobbyOf(matches, "c");
    await expect(lobbyOf(matches, "c")).rejects.toMatchObject({ refusal: { code: "LIMIT" } });
    // A second human joins the first and leaves again: the host still waits there.
    const guest = await matches.join({ matchId: first.matchId, name: "Guest" });
    await matches.leave({ matchId: first.matchId, token: guest.token });
    await expect(lobbyOf(matches, "c")).rejects.toMatchObject({ refusal: { code: "LIMIT" } });
    await matches.close();
  });

  it("closes a lobby nobody joined, watched or asked about for lobbyIdleMs; a watched one stays open", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date", "performance"] });
    const idleMs = 60_000;
    const matches = service(new MemoryEventStore(), {
      limits: { openMatchesPerClient: 2, lobbyIdleMs: idleMs },
    });
    const idle = await lobbyOf(matches, "c");
    const watched = await lobbyOf(matches, "c");
    matches.watchStarted(watched.matchId);
    await expect(lobbyOf(matches, "c")).rejects.toMatchObject({ refusal: { code: "LIMIT" } });
    await vi.advanceTimersByTimeAsync(idleMs - 1);
    expect((await matches.lobby(idle.matchId)).closed).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    const history = await matches.history({ matchId: idle.matchId });
    expect(history.events.at(-1)).toMatchObject({
      type: "lobby.closed",
      data: { reason: "idle" },
    });
    await vi.advanceTimersByTimeAsync(idleMs * 3);
    expect((await matches.lobby(watched.matchId)).closed).toBeUndefined();
    // The idle one no longer counts: there is room for one more.
    await lobbyOf(matches, "c");
    const listed = (await matches.list(["open"], 50)).map((m) => m.matchId);
    expect(listed).not.toContain(idle.matchId);
    expect(listed).toContain(watched.matchId);
    await matches.close();
  });

  it("stops counting a lobby dropped from the cache once it was dropped for lobbyIdleMs", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date", "performance"] });
    const idleMs = 60_000;
    const matches = service(new MemoryEventStore(), {
      limits: { openMatchesPerClient: 2, lobbyIdleMs: idleMs, cacheSize: 1 },
    });
    const dropped = await lobbyOf(matches, "c");
    const watched = await lobbyOf(matches, "c");
    matches.watchStarted(watched.matchId);
    expect(matches.cachedMatch(dropped.matchId)).toBeUndefined();
    await expect(lobbyOf(matches, "c")).rejects.toMatchObject({ refusal: { code: "LIMIT" } });
    await vi.advanceTimersByTimeAsync(idleMs);
    await lobbyOf(matches, "c");
    await expect(lobbyOf(matches, "c")).rejects.toMatchObject({ refusal: { code: "LIMIT" } });
    await matches.close();
  });
});

describe("turn timeouts nobody is there for (F5: no stream of stored timeouts)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const TIMER = 5_000;
  const UNWATCHED = 1_000;

  /** Ann and Ben at a timed two-seat table; nobody watches, nobody asks (HTTP, then gone). */
  async function givenATimedTable() {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date", "performance"] });
    // Grace for an hour: the seats stay their owners' (not away), as for players who just left.
    const matches = service(new MemoryEventStore(), {
      graceMs: 3_600_000,
      limits: { unwatchedMs: UNWATCHED },
    });
    const { matchId, ticket } = await matches.create({
      variant: "noris",
      seats: 2,
      name: "Ann",
      turnTimerMs: TIMER,
      options: { games: 5 },
    });
    const ben = await matches.join({ matchId, name: "Ben" });
    await matches.start({ matchId, token: ticket!.token });
    const timeouts = async () =>
      (await matches.history({ matchId })).events.filter((e) => e.type === "seat.timedOut").length;
    return { matches, matchId, ann: ticket!.token, ben: ben.token, timeouts };
  }

  it("wait while nobody watches or asks; the first watcher wakes them", async () => {
    const { matches, matchId, timeouts } = await givenATimedTable();
    await vi.advanceTimersByTimeAsync(TIMER * 100);
    // The step planned while the match was seen runs; none after it.
    const paused = await timeouts();
    expect(paused).toBeLessThanOrEqual(1);
    const version = (await matches.lobby(matchId)).version;
    await vi.advanceTimersByTimeAsync(TIMER * 100);
    expect((await matches.lobby(matchId)).version).toBe(version);

    matches.watchStarted(matchId);
    await vi.advanceTimersByTimeAsync(TIMER * 3);
    expect(await timeouts()).toBe(paused + 3);
    await matches.close();
  });

  it("go on for a player who waits at the table (watching) on an absent one", async () => {
    const { matches, matchId, timeouts } = await givenATimedTable();
    matches.seatConnected(matchId, 0);
    matches.watchStarted(matchId);
    await vi.advanceTimersByTimeAsync(TIMER * 4);
    expect(await timeouts()).toBe(4);
    await matches.close();
  });

  it("go on for a player who asks over HTTP, and wake when a seat asks again", async () => {
    const { matches, matchId, ann, timeouts } = await givenATimedTable();
    await vi.advanceTimersByTimeAsync(TIMER * 100);
    const paused = await timeouts();
    // Ann looks at the table (a snapshot with her token): the match goes on while she does.
    await matches.snapshot({ matchId, token: ann });
    await vi.advanceTimersByTimeAsync(TIMER);
    expect(await timeouts()).toBe(paused + 1);
    await matches.close();
  });
});

describe("grace clocks", () => {
  it("stop at the match's end, and none starts for a seat left after it", async () => {
    const matches = service(new MemoryEventStore(), { graceMs: 3_600_000 });
    const { matchId, token } = await hostAndBot(matches);
    // The host's socket here, then gone: its seat is on the clock.
    matches.seatConnected(matchId, 0);
    await matches.start({ matchId, token });
    expect(matches.graceClocks).toBe(0);
    matches.seatDisconnected(matchId, 0);
    expect(matches.graceClocks).toBe(1);
    // The host leaves; the bots play to the end, which stops the clock (not an hour later).
    await matches.leave({ matchId, token });
    await overSoon(matches, matchId);
    expect(matches.graceClocks).toBe(0);
    // A socket that watched the finished match and goes: nothing to wait for.
    matches.seatConnected(matchId, 1);
    matches.seatDisconnected(matchId, 1);
    expect(matches.graceClocks).toBe(0);
    await matches.close();
  }, 60_000);
});

/** A one-game noris table of two in the lobby: the host (seat 0) and a random bot. */
async function hostAndBot(matches: MatchService): Promise<{ matchId: string; token: string }> {
  const { matchId, ticket } = await matches.create({
    variant: "noris",
    seats: 2,
    name: "Host",
    options: { games: 1 },
  });
  const token = ticket!.token;
  await matches.addBots({ matchId, token, level: "random" });
  return { matchId, token };
}

const overSoon = (matches: MatchService, matchId: string) =>
  waitFor(async () => (await matches.lobby(matchId)).status === "over", 60_000);

/** `count` matches their bots play to the end, one after the other (the owner leaves). */
async function finishedMatches(matches: MatchService, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { matchId, token } = await hostAndBot(matches);
    await matches.start({ matchId, token });
    await matches.leave({ matchId, token });
    await overSoon(matches, matchId);
    ids.push(matchId);
  }
  return ids;
}

/** A memory store that counts its reads of streams. */
class CountingStore extends MemoryEventStore {
  reads = 0;
  override read(...args: Parameters<MemoryEventStore["read"]>) {
    this.reads++;
    return super.read(...args);
  }
}

import { describe, expect, it, vi } from "vitest";
import { MemoryEventStore } from "../store/memory.js";
import { silentLogger, waitFor } from "../testing/index.js";
import { ListCache } from "./ListCache.js";
import { MatchService, type MatchServiceOptions } from "./MatchService.js";

describe("ListCache", () => {
  it("serves an answer until its time is up, then loads again", async () => {
    let now = 0;
    let loads = 0;
    const cache = new ListCache<number>(250, () => now);
    const load = () => Promise.resolve(++loads);
    expect(await cache.get("k", load)).toBe(1);
    now = 249;
    expect(await cache.get("k", load)).toBe(1);
    now = 250;
    expect(await cache.get("k", load)).toBe(2);
    expect(await cache.get("other", load)).toBe(3);
  });

  it("shares one load among concurrent misses of a key", async () => {
    let release: (n: number) => void = () => {};
    const load = vi.fn(() => new Promise<number>((done) => (release = done)));
    const cache = new ListCache<number>(250, () => 0);
    const answers = Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)]);
    release(7);
    expect(await answers).toEqual([7, 7, 7]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("starts a new load after clear, also while one is in flight", async () => {
    let loads = 0;
    const cache = new ListCache<number>(250, () => 0);
    const load = () => Promise.resolve(++loads);
    const first = cache.get("k", load);
    cache.clear();
    const second = cache.get("k", load);
    expect([await first, await second]).toEqual([1, 2]);
    expect(await cache.get("k", load)).toBe(2);
  });

  it("does not keep a failed load", async () => {
    const cache = new ListCache<number>(250, () => 0);
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", () => Promise.resolve(1))).toBe(1);
  });
});

const serviceOn = (store: MemoryEventStore, more: Partial<MatchServiceOptions> = {}) =>
  new MatchService({
    store,
    logger: silentLogger(),
    botDelayMs: 0,
    graceMs: 60_000,
    catchUpLimit: 200,
    ...more,
  });

describe("MatchService.list (cached)", () => {
  // An hour: within these tests only a change of this process can make a list read again.
  const HOUR = 3_600_000;

  it("shows a create, join, start and leave of this process at once", async () => {
    const service = serviceOn(new MemoryEventStore(), { listCacheMs: HOUR });
    const listed = async (status: ("open" | "running" | "over")[] = ["open", "running"]) =>
      (await service.list(status, 20)).map((v) => ({
        id: v.matchId,
        status: v.status,
        seats: v.seats.map((s) => s.name),
      }));
    expect(await listed()).toEqual([]);

    const { matchId, ticket } = await service.create({ variant: "noris", seats: 2, name: "A" });
    expect(await listed()).toEqual([{ id: matchId, status: "open", seats: ["A", null] }]);

    const joined = await service.join({ matchId, name: "B" });
    expect(await listed()).toEqual([{ id: matchId, status: "open", seats: ["A", "B"] }]);

    await service.start({ matchId, token: ticket!.token });
    expect(await listed()).toEqual([{ id: matchId, status: "running", seats: ["A", "B"] }]);
    expect(await listed(["open"])).toEqual([]);

    // Leaving a running match hands the seat to a bot (it is not named).
    await service.leave({ matchId, token: joined.token });
    expect(await listed()).toEqual([{ id: matchId, status: "running", seats: ["A", null] }]);
    await service.close();
  });

  it("does not read the store again while nothing changed, and hands out a frozen answer", async () => {
    const store = new MemoryEventStore();
    const service = serviceOn(store, { listCacheMs: HOUR });
    const { matchId } = await service.create({ variant: "noris", seats: 2, name: "A" });
    const listStreams = vi.spyOn(store, "listStreams");
    const read = vi.spyOn(store, "read");

    const answers = await Promise.all([
      service.list(["open", "running"], 20),
      service.list(["running", "open"], 20),
    ]);
    const again = await service.list(["open", "open", "running"], 20);
    expect(listStreams).toHaveBeenCalledTimes(1);
    expect(again).toBe(answers[0]);
    expect(answers[1]).toBe(answers[0]);
    expect(
      Object.isFrozen(again) && Object.isFrozen(again[0]) && Object.isFrozen(again[0]!.seats),
    ).toBe(true);

    // Another key is another answer; a change of the list drops them all.
    await service.list(["open"], 20);
    expect(listStreams).toHaveBeenCalledTimes(2);
    await service.join({ matchId, name: "B" });
    expect((await service.list(["open", "running"], 20))[0]!.seats[1]!.name).toBe("B");
    expect(listStreams).toHaveBeenCalledTimes(3);
    // The match was cached: the list read no stream besides the index of streams.
    expect(read).not.toHaveBeenCalled();
    await service.close();
  });

  it("shows a match created by another process behind the same store within its bound", async () => {
    const store = new MemoryEventStore();
    const [a, b] = [serviceOn(store, { shared: true }), serviceOn(store, { shared: true })];
    expect(await b.list(["open", "running"], 20)).toEqual([]);
    const { matchId } = await a.create({ variant: "noris", seats: 2, name: "A" });
    await waitFor(async () => (await b.list(["open", "running"], 20)).length === 1);
    expect((await b.list(["open", "running"], 20))[0]!.matchId).toBe(matchId);
    await Promise.all([a.close(), b.close()]);
  });
});

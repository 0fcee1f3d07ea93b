import type { MatchFrame, MatchSnapshot, SeatNotice } from "./protocol.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RemoteRefusal } from "./errors.js";
import { MatchFeed, type FeedSource } from "./MatchFeed.js";

const MATCH = "m1";

const snapshotAt = (version: number, status: "running" | "over" = "running"): MatchSnapshot =>
  ({ matchId: MATCH, version, lobby: { status } }) as unknown as MatchSnapshot;

const eventsFrame = (from: number, to: number): MatchFrame => ({
  kind: "events",
  matchId: MATCH,
  version: to,
  events: Array.from({ length: to - from + 1 }, (_, i) => ({
    version: from + i,
    type: "x",
    data: null,
    at: "",
  })),
  snapshot: snapshotAt(to),
});

const snapshotFrame = (version: number): MatchFrame => ({
  kind: "snapshot",
  matchId: MATCH,
  version,
  snapshot: snapshotAt(version),
});

/** A server stand-in: it pushes what the test says, and answers a watch with a catch-up. */
class FakeSource implements FeedSource {
  connected = true;
  readonly watches: { afterVersion?: number }[] = [];
  /** The server's version: a watch sends the events after `afterVersion` up to it. */
  head = 0;
  private frameListener: ((frame: MatchFrame) => void) | null = null;
  private reconnectListener: (() => void) | null = null;
  private seatLostListener: ((notice: SeatNotice) => void) | null = null;
  private resyncListener: ((matchId?: string) => void) | null = null;

  onFrame(listener: (frame: MatchFrame) => void) {
    this.frameListener = listener;
    return () => (this.frameListener = null);
  }
  onReconnect(listener: () => void) {
    this.reconnectListener = listener;
    return () => (this.reconnectListener = null);
  }
  onSeatLost(listener: (notice: SeatNotice) => void) {
    this.seatLostListener = listener;
    return () => (this.seatLostListener = null);
  }
  loseSeat(notice: SeatNotice) {
    this.seatLostListener?.(notice);
  }
  onResync(listener: (matchId?: string) => void) {
    this.resyncListener = listener;
    return () => (this.resyncListener = null);
  }
  resync(matchId?: string) {
    this.resyncListener?.(matchId);
  }
  push(frame: MatchFrame) {
    this.frameListener?.(frame);
  }
  reconnect() {
    this.reconnectListener?.();
  }
  watch(input: { afterVersion?: number }) {
    this.watches.push({
      ...(input.afterVersion === undefined ? {} : { afterVersion: input.afterVersion }),
    });
    const after = input.afterVersion;
    this.push(
      after === undefined || after >= this.head
        ? snapshotFrame(this.head)
        : eventsFrame(after + 1, this.head),
    );
    return Promise.resolve({});
  }
}

const flush = () => new Promise((done) => setTimeout(done, 0));

afterEach(() => vi.useRealTimers());

describe("MatchFeed: each version once, in order", () => {
  it("drops frames it has seen and applies the rest in order", async () => {
    const source = new FakeSource();
    source.head = 3;
    const feed = new MatchFeed(source, { matchId: MATCH, token: "t" });
    const seen: number[] = [];
    feed.onUpdate((snapshot, events) =>
      seen.push(snapshot.version, ...events.map((e) => -e.version)),
    );
    await feed.start();
    source.push(eventsFrame(4, 4));
    source.push(eventsFrame(4, 4));
    source.push(eventsFrame(3, 5));
    expect(seen).toEqual([3, 4, -4, 5, -5]);
    expect(feed.stats).toMatchObject({ duplicates: 1, gaps: 0, resyncs: 0 });
    expect(source.watches).toEqual([{}]);
    feed.close();
  });

  it("holds a frame that jumps ahead and watches again from the last version seen", async () => {
    const source = new FakeSource();
    source.head = 2;
    const feed = new MatchFeed(source, { matchId: MATCH });
    const versions: number[] = [];
    feed.onUpdate((_snapshot, events) => versions.push(...events.map((e) => e.version)));
    await feed.start();
    // 3 and 4 were pushed by another process and are late; 5 arrives first.
    source.head = 5;
    source.push(eventsFrame(5, 5));
    await flush();
    expect(source.watches).toEqual([{}, { afterVersion: 2 }]);
    expect(versions).toEqual([3, 4, 5]);
    // The late frames arrive after all: dropped.
    source.push(eventsFrame(3, 3));
    source.push(eventsFrame(4, 4));
    expect(versions).toEqual([3, 4, 5]);
    // The held frame too: the catch-up brought version 5 already.
    expect(feed.stats).toMatchObject({ gaps: 1, resyncs: 1, duplicates: 3 });
    feed.close();
  });

  it("waits out a lost connection and watches again once it is back", async () => {
    const source = new FakeSource();
    source.head = 1;
    const feed = new MatchFeed(source, { matchId: MATCH, token: "t" });
    await feed.start();
    source.connected = false;
    source.push(eventsFrame(3, 3));
    expect(source.watches).toHaveLength(1);
    source.connected = true;
    source.head = 4;
    source.reconnect();
    await flush();
    expect(source.watches.at(-1)).toEqual({ afterVersion: 1 });
    expect(feed.version).toBe(4);
    feed.close();
  });

  it("watches again from its version when the server says frames may have been lost", async () => {
    const source = new FakeSource();
    source.head = 2;
    const feed = new MatchFeed(source, { matchId: MATCH, token: "t" });
    await feed.start();
    // The server committed 3 and 4, but their frames never came (its Redis was down).
    source.head = 4;
    source.resync();
    await flush();
    expect(source.watches).toEqual([{}, { afterVersion: 2 }]);
    expect(feed.version).toBe(4);
    feed.close();
  });

  it("watches again when its own match's frame stayed missing, not another match's", async () => {
    const source = new FakeSource();
    source.head = 2;
    const feed = new MatchFeed(source, { matchId: MATCH, token: "t" });
    await feed.start();
    source.head = 3;
    source.resync("another match");
    await flush();
    expect(source.watches).toEqual([{}]);
    source.resync(MATCH);
    await flush();
    expect(source.watches).toEqual([{}, { afterVersion: 2 }]);
    expect(feed.version).toBe(3);
    feed.close();
  });

  it("watches again after a silence, in case the last frame was lost", async () => {
    vi.useFakeTimers();
    const source = new FakeSource();
    source.head = 1;
    const feed = new MatchFeed(source, { matchId: MATCH, token: "t", idleMs: 1000 });
    await feed.start();
    source.head = 2;
    await vi.advanceTimersByTimeAsync(1100);
    expect(source.watches).toEqual([{}, { afterVersion: 1 }]);
    expect(feed.version).toBe(2);
    feed.close();
  });

  it("ignores frames of other matches", async () => {
    const source = new FakeSource();
    const feed = new MatchFeed(source, { matchId: MATCH });
    await feed.start();
    source.push({ ...eventsFrame(1, 1), matchId: "other" });
    expect(feed.version).toBe(0);
    feed.close();
  });
});

describe("MatchFeed: a seat lost (SEAT_LOST)", () => {
  const notice = (matchId: string): SeatNotice => ({
    type: "SEAT_LOST",
    matchId,
    seat: 1,
    version: 7,
    refusal: { code: "SEAT_LOST", message: { en: "left", de: "verlassen" } },
  });

  it("stops watching with the token and tells the caller with a typed refusal", async () => {
    vi.useFakeTimers();
    const source = new FakeSource();
    source.head = 3;
    const errors: unknown[] = [];
    const feed = new MatchFeed(source, {
      matchId: MATCH,
      token: "t",
      idleMs: 1000,
      onError: (error) => errors.push(error),
    });
    await feed.start();
    source.loseSeat(notice("other"));
    expect(errors).toEqual([]);
    source.loseSeat(notice(MATCH));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(RemoteRefusal);
    expect((errors[0] as RemoteRefusal).code).toBe("SEAT_LOST");
    // No watch with the lost token after a silence, no frame applied any more.
    source.head = 4;
    await vi.advanceTimersByTimeAsync(5000);
    source.push(eventsFrame(4, 4));
    expect(source.watches).toEqual([{}]);
    expect(feed.version).toBe(3);
  });

  it("means nothing to a spectator's feed", async () => {
    const source = new FakeSource();
    const errors: unknown[] = [];
    const feed = new MatchFeed(source, { matchId: MATCH, onError: (e) => errors.push(e) });
    await feed.start();
    source.loseSeat(notice(MATCH));
    expect(errors).toEqual([]);
    feed.close();
  });
});

// @vitest-environment happy-dom
import type { ViewEvent } from "@maumau/client";
import { afterEach, describe, expect, it } from "vitest";
import { PREFS_KEY, resetTablePrefs, setTablePrefs, tablePrefs } from "./prefs";
import { FLIGHT_MS, MotionQueue } from "./queue";
import { stepsOf } from "./steps";

const ev = (version: number, type: string, data: unknown): ViewEvent => ({
  version,
  type,
  data,
  at: "",
});

afterEach(() => {
  localStorage.clear();
  resetTablePrefs();
});

describe("the animation queue", () => {
  it("runs steps one after another, in the order queued, even when a step fails", async () => {
    const q = new MotionQueue({ speed: () => "normal", instant: () => false });
    const order: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    void q.push(async () => {
      order.push("a:start");
      await gate;
      order.push("a:end");
    });
    void q.push(() => {
      order.push("b");
      throw new Error("element gone");
    });
    void q.push(() => {
      order.push("c");
    });
    await Promise.resolve();
    expect(order).toEqual(["a:start"]);
    expect(q.pending).toBe(3);
    release();
    await q.idle();
    expect(order).toEqual(["a:start", "a:end", "b", "c"]);
    expect(q.pending).toBe(0);
  });

  it("gives every step the duration of the speed chosen, read when it runs", async () => {
    let speed: "slow" | "normal" | "fast" = "slow";
    const q = new MotionQueue({ speed: () => speed, instant: () => false });
    const got: number[] = [];
    void q.push((ms) => {
      got.push(ms);
      speed = "fast";
    });
    void q.push((ms) => {
      got.push(ms);
    });
    await q.idle();
    expect(got).toEqual([FLIGHT_MS.slow, FLIGHT_MS.fast]);
    expect(FLIGHT_MS.slow).toBeGreaterThan(FLIGHT_MS.normal);
    expect(FLIGHT_MS.normal).toBeGreaterThan(FLIGHT_MS.fast);
  });

  it("moves nothing with reduced motion: every step runs at once (duration 0)", async () => {
    const q = new MotionQueue({ speed: () => "slow", instant: () => true });
    const got: number[] = [];
    for (let i = 0; i < 3; i++) void q.push((ms) => void got.push(ms));
    await q.idle();
    expect(got).toEqual([0, 0, 0]);
  });

  it("catches up when far behind (the rest at once)", async () => {
    const q = new MotionQueue({ speed: () => "normal", instant: () => false, maxBehind: 2 });
    const got: number[] = [];
    for (let i = 0; i < 5; i++) void q.push((ms) => void got.push(ms));
    await q.idle();
    expect(got).toEqual([0, 0, 0, FLIGHT_MS.normal, FLIGHT_MS.normal]);
  });
});

describe("steps from the frame's events", () => {
  it("flies a played card from its seat to the pile, with the Mau call heard", () => {
    const steps = stepsOf(
      [ev(5, "card.played", { seat: 1, card: "red/7", wish: null, mau: true, mauMau: false })],
      0,
    );
    expect(steps).toEqual([
      {
        version: 5,
        flights: [{ from: { kind: "seat", seat: 1 }, to: { kind: "discard" }, card: "red/7" }],
        sounds: ["play", "mau"],
      },
    ]);
  });

  it("draws a penalty card by card, counted, face down to the others", () => {
    const theirs = stepsOf([ev(7, "cards.drawn", { seat: 2, count: 3, reason: "penalty" })], 0);
    expect(theirs.map((s) => s.counter?.text)).toEqual(["+1", "+2", "+3"]);
    expect(theirs.every((s) => s.flights[0]?.card === null)).toBe(true);
    const mine = stepsOf(
      [ev(8, "cards.drawn", { seat: 0, count: 2, cards: ["a/1", "b/2"], reason: "penalty" })],
      0,
    );
    expect(mine.map((s) => s.flights[0]?.card)).toEqual(["a/1", "b/2"]);
    expect(stepsOf([ev(9, "penalty.raised", { total: 2 })], 0)[0]?.sounds).toEqual(["penalty"]);
  });

  it("moves what Heul doch!'s specials move", () => {
    const [catapult] = stepsOf(
      [ev(3, "tops.catapulted", { cards: [{ seat: 1, card: "red/3" }] })],
      0,
    );
    expect(catapult?.flights[0]).toMatchObject({
      from: { kind: "pile", seat: 1 },
      to: { kind: "middle" },
    });
    const [towel] = stepsOf(
      [
        ev(4, "tops.moved", {
          cause: "towel",
          moves: [
            { from: 0, to: 1, card: { card: "red/3", faceDown: false } },
            { from: 1, to: 0, card: { card: null, faceDown: true } },
          ],
        }),
      ],
      0,
    );
    expect(towel?.flights).toHaveLength(2);
    expect(towel?.flights[1]).toMatchObject({ onion: true, card: null });
    const [wolf] = stepsOf(
      [ev(5, "tops.turned", { tops: [{ seat: 2, card: { card: "blue/4", faceDown: false } }] })],
      0,
    );
    expect(wolf?.flights[0]).toMatchObject({ flip: true, card: "blue/4" });
    const [onion] = stepsOf(
      [ev(6, "card.played", { seat: 0, card: "x", to: 2, faceDown: true })],
      1,
    );
    expect(onion?.flights[0]).toMatchObject({
      to: { kind: "pile", seat: 2 },
      card: null,
      onion: true,
    });
  });

  it("plays the win once, for the viewer who won", () => {
    const events = [
      ev(9, "game.ended", { winner: 0, scores: [], reason: "won" }),
      ev(10, "match.ended", { winners: [0], losers: [1], totals: [] }),
    ];
    expect(stepsOf(events, 0).flatMap((s) => s.sounds)).toEqual(["win"]);
    expect(stepsOf(events, 1)).toEqual([]);
  });
});

describe("the table's settings", () => {
  it("remembers speed, mute and symbols in this browser; symbols on by default", () => {
    expect(tablePrefs()).toEqual({ speed: "normal", muted: false, symbols: true });
    setTablePrefs({ muted: true, speed: "slow" });
    expect(JSON.parse(localStorage.getItem(PREFS_KEY)!)).toMatchObject({
      muted: true,
      speed: "slow",
    });
    resetTablePrefs();
    expect(tablePrefs()).toMatchObject({ muted: true, speed: "slow", symbols: true });
  });

  it("ignores what it cannot read", () => {
    localStorage.setItem(PREFS_KEY, '{"speed":"warp","muted":"yes"}');
    resetTablePrefs();
    expect(tablePrefs()).toEqual({ speed: "normal", muted: false, symbols: true });
    localStorage.setItem(PREFS_KEY, "not json");
    resetTablePrefs();
    expect(tablePrefs().speed).toBe("normal");
  });
});

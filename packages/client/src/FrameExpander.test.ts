import type { FamilyView } from "@maumau/engine";
import { describe, expect, it } from "vitest";
import { FrameExpander } from "./FrameExpander.js";
import type { DeltaFrame, LobbyView, MatchSnapshot, PrivateFrame } from "./protocol.js";

// The server-side test (apps/server src/matches/deltaFrame.test.ts) checks whole matches
// against the server's snapshots; these pin the edges of one connection's bookkeeping.

const lobby = (version: number, status: LobbyView["status"] = "running"): LobbyView =>
  ({
    matchId: "m",
    status,
    version,
    updatedAt: `t${version}`,
    seats: [],
  }) as unknown as LobbyView;

const full = (version: number, viewer: 0 | "spectator" = 0): MatchSnapshot => ({
  matchId: "m",
  version,
  viewer,
  lobby: lobby(version),
  // A classic view cut down to the keys these tests follow.
  view: { family: "classic", hand: ["a"], rules: { deck: "d" } } as unknown as FamilyView,
  progress: null,
  legal: [],
  machine: null,
});

const delta = (version: number, extra: Partial<DeltaFrame> = {}): DeltaFrame => ({
  kind: "delta",
  matchId: "m",
  version,
  viewer: 0,
  events: [{ version, type: "x", data: null, at: `t${version}` }],
  view: { family: "classic", hand: [String(version)] },
  progress: null,
  legal: [],
  machine: { state: "turn.awaitingPlay", taken: [`move${version}`] },
  ...extra,
});

const versions = (frames: readonly { version: number }[]) => frames.map((f) => f.version);

describe("FrameExpander", () => {
  it("keeps the lobby's time when a delta holds only table talk (the turn timer counts from it)", () => {
    const frames = new FrameExpander();
    frames.expand({ kind: "snapshot", matchId: "m", version: 3, snapshot: full(3) });
    const talk = { version: 4, type: "chat.said", data: { text: "hi" }, at: "t4" };
    const [said] = frames.expand(delta(4, { events: [talk] }));
    expect(said!.snapshot.lobby).toMatchObject({ version: 4, updatedAt: "t3" });
    const move = { version: 6, type: "card.played", data: null, at: "t6" };
    const [both] = frames.expand(delta(6, { events: [{ ...talk, version: 5 }, move] }));
    expect(both!.snapshot.lobby).toMatchObject({ version: 6, updatedAt: "t6" });
  });

  it("fills in the rules and the lobby's version and time from the last snapshot", () => {
    const frames = new FrameExpander();
    frames.expand({ kind: "snapshot", matchId: "m", version: 3, snapshot: full(3) });
    expect(frames.expand(delta(4))).toEqual([
      {
        kind: "events",
        matchId: "m",
        version: 4,
        events: [{ version: 4, type: "x", data: null, at: "t4" }],
        snapshot: {
          ...full(4),
          view: { family: "classic", hand: ["4"], rules: { deck: "d" } },
          // The statechart position is the delta's own, never the base's.
          machine: { state: "turn.awaitingPlay", taken: ["move4"] },
        },
      },
    ]);
    // The completed snapshot is the base of the next delta; a lobby sent along replaces it.
    expect(frames.expand(delta(5, { lobby: lobby(5, "over") }))[0]?.snapshot.lobby).toEqual(
      lobby(5, "over"),
    );
    expect(frames.expand(delta(6))[0]?.snapshot.lobby.status).toBe("over");
  });

  it("completes nothing without a snapshot of the match as that viewer, or once forgotten", () => {
    const frames = new FrameExpander();
    expect(frames.expand(delta(4))).toEqual([]);
    frames.expand({ kind: "snapshot", matchId: "m", version: 3, snapshot: full(3, "spectator") });
    expect(frames.expand(delta(4))).toEqual([]);
    frames.expand({ kind: "snapshot", matchId: "m", version: 3, snapshot: full(3) });
    frames.forget("m");
    expect(frames.expand(delta(4))).toEqual([]);
  });

  it("holds a delta that overtook another until the missing one arrives (several processes)", () => {
    const frames = new FrameExpander();
    frames.expand({ kind: "snapshot", matchId: "m", version: 3, snapshot: full(3) });
    // 5 changed the lobby; 6 (without one) arrives first and must not be completed on 3's.
    expect(frames.expand(delta(6))).toEqual([]);
    const released = frames.expand(delta(4));
    expect(versions(released)).toEqual([4]);
    const rest = frames.expand(delta(5, { lobby: lobby(5, "over") }));
    expect(versions(rest)).toEqual([5, 6]);
    expect(rest[1]?.snapshot.lobby.status).toBe("over");
    // A late duplicate is dropped.
    expect(frames.expand(delta(5))).toEqual([]);
  });

  it("a full frame (a catch-up) releases the held deltas that follow it", () => {
    const frames = new FrameExpander();
    frames.expand({ kind: "snapshot", matchId: "m", version: 3, snapshot: full(3) });
    expect(frames.expand(delta(6))).toEqual([]);
    expect(frames.expand(delta(8))).toEqual([]);
    const caughtUp = frames.expand({
      kind: "snapshot",
      matchId: "m",
      version: 5,
      snapshot: full(5),
    });
    expect(versions(caughtUp)).toEqual([5, 6]);
    expect(caughtUp[1]?.snapshot.view).toEqual({
      family: "classic",
      hand: ["6"],
      rules: { deck: "d" },
    });
  });

  describe("a seat's commit in two parts (public, private) in one frame", () => {
    const shared = (version: number): DeltaFrame =>
      delta(version, {
        viewer: "spectator",
        events: [{ version, type: "cards.drawn", data: { seat: 0, count: 1 }, at: `t${version}` }],
        view: { family: "classic", hand: null, viewer: "spectator", top: "x" },
      });
    const own = (version: number, viewer = 0): PrivateFrame => ({
      kind: "private",
      matchId: "m",
      version,
      viewer,
      events: [
        {
          version,
          type: "cards.drawn",
          data: { seat: 0, count: 1, cards: ["a"] },
          at: `t${version}`,
        },
      ],
      view: { family: "classic", hand: [String(version)], viewer },
      legal: [{ type: "draw" }] as unknown as PrivateFrame["legal"],
      shared: shared(version),
    });
    const seatFrame = (version: number) => ({
      kind: "events",
      matchId: "m",
      version,
      events: own(version).events,
      snapshot: {
        ...full(version),
        view: {
          family: "classic",
          hand: [String(version)],
          viewer: 0,
          top: "x",
          rules: { deck: "d" },
        },
        legal: own(version).legal,
        machine: { state: "turn.awaitingPlay", taken: [`move${version}`] },
      },
    });

    it("joins them into the seat's frame; a seat drops another seat's frame", () => {
      const frames = new FrameExpander();
      frames.expand({ kind: "snapshot", matchId: "m", version: 3, snapshot: full(3) });
      expect(frames.expand(shared(4))).toEqual([]);
      expect(frames.expand(own(4, 1))).toEqual([]);
      expect(frames.expand(own(4))).toEqual([seatFrame(4)]);
      expect(frames.expand(own(6))).toEqual([]);
      expect(versions(frames.expand(own(5)))).toEqual([5, 6]);
    });

    it("a spectator completes the public part alone and never a private one", () => {
      const frames = new FrameExpander();
      frames.expand({ kind: "snapshot", matchId: "m", version: 3, snapshot: full(3, "spectator") });
      expect(frames.expand(own(4))).toEqual([]);
      const [frame] = frames.expand(shared(4));
      expect(frame?.snapshot.view).toEqual({
        family: "classic",
        hand: null,
        viewer: "spectator",
        top: "x",
        rules: { deck: "d" },
      });
      expect(frame?.snapshot.legal).toEqual([]);
    });
  });

  describe("a view sent as what changed (viewPatch)", () => {
    const patch = (version: number, set: Record<string, unknown>, drop?: string[]) =>
      delta(version, {
        view: undefined,
        viewPatch: drop === undefined ? { set } : { set, drop },
      });

    it("sets and drops keys on the snapshot of the version just before", () => {
      const frames = new FrameExpander();
      frames.expand({ kind: "snapshot", matchId: "m", version: 3, snapshot: full(3) });
      const [frame] = frames.expand(patch(4, { top: "x" }, ["hand"]));
      expect(frame?.snapshot.view).toEqual({ family: "classic", top: "x", rules: { deck: "d" } });
      const [next] = frames.expand(patch(5, { hand: ["b"] }));
      expect(next?.snapshot.view).toEqual({
        family: "classic",
        top: "x",
        hand: ["b"],
        rules: { deck: "d" },
      });
    });

    it("holds a patch that overtook another, and drops one whose base it cannot have", () => {
      const frames = new FrameExpander();
      frames.expand({ kind: "snapshot", matchId: "m", version: 3, snapshot: full(3) });
      expect(frames.expand(patch(5, { top: "5" }))).toEqual([]);
      const both = frames.expand(patch(4, { top: "4" }));
      expect(both.map((f) => (f.snapshot.view as unknown as { top: string }).top)).toEqual([
        "4",
        "5",
      ]);
      // A commit of versions 6–7 completed on a snapshot of 6 would patch the wrong base.
      frames.expand({ kind: "snapshot", matchId: "m", version: 6, snapshot: full(6) });
      const twoEvents = {
        ...patch(7, { top: "7" }),
        events: [6, 7].map((version) => ({ version, type: "x", data: null, at: `t${version}` })),
      };
      expect(frames.expand(twoEvents)).toEqual([]);
      // The same delta with a whole view may be completed there (what it leaves out is fixed).
      expect(versions(frames.expand({ ...twoEvents, viewPatch: undefined, view: {} }))).toEqual([
        7,
      ]);
    });

    it("joins a seat's parts: the public patch, then the seat's own patch or whole view", () => {
      const shared = patch(4, { top: "x", drawPile: 3 }, ["cut"]);
      const base = { family: "classic", hand: ["a"], cut: 1, drawPile: 4, rules: { deck: "d" } };
      const joined = (own: Partial<PrivateFrame>) => {
        const frames = new FrameExpander();
        frames.expand({
          kind: "snapshot",
          matchId: "m",
          version: 3,
          snapshot: { ...full(3), view: base as unknown as FamilyView },
        });
        const frame: PrivateFrame = {
          kind: "private",
          matchId: "m",
          version: 4,
          viewer: 0,
          legal: [],
          shared: { ...shared, viewer: "spectator" },
          ...own,
        };
        return frames.expand(frame)[0]?.snapshot.view;
      };
      // Nothing of its own changed: the public patch alone.
      expect(joined({})).toEqual({
        family: "classic",
        hand: ["a"],
        drawPile: 3,
        top: "x",
        rules: { deck: "d" },
      });
      // Its own patch wins over the public one, and may put back what the public one dropped.
      expect(joined({ viewPatch: { set: { hand: ["a", "b"], cut: 2 }, drop: ["top"] } })).toEqual({
        family: "classic",
        hand: ["a", "b"],
        cut: 2,
        drawPile: 3,
        rules: { deck: "d" },
      });
      // A whole view (the server had none of the seat's to patch) replaces it, rules kept.
      expect(joined({ view: { family: "classic", hand: ["z"] } })).toEqual({
        family: "classic",
        hand: ["z"],
        rules: { deck: "d" },
      });
    });
  });

  describe("what it could not complete (missing)", () => {
    it("names a held delta's version until the frames before it come", () => {
      const frames = new FrameExpander();
      frames.expand({ kind: "snapshot", matchId: "m", version: 3, snapshot: full(3) });
      expect(frames.missing("m")).toBeNull();
      frames.expand(delta(5));
      frames.expand(delta(6));
      expect(frames.missing("m")).toBe(6);
      expect(versions(frames.expand(delta(4)))).toEqual([4, 5, 6]);
      expect(frames.missing("m")).toBeNull();
    });

    it("names a patch it had to drop until a snapshot as new comes; forget clears it", () => {
      const frames = new FrameExpander();
      frames.expand({ kind: "snapshot", matchId: "m", version: 4, snapshot: full(4) });
      const patchOf4to5 = delta(5, {
        view: undefined,
        viewPatch: { set: { top: "x" } },
        events: [4, 5].map((version) => ({ version, type: "x", data: null, at: `t${version}` })),
      });
      expect(frames.expand(patchOf4to5)).toEqual([]);
      expect(frames.missing("m")).toBe(5);
      frames.expand({ kind: "snapshot", matchId: "m", version: 5, snapshot: full(5) });
      expect(frames.missing("m")).toBeNull();
      frames.expand(delta(7));
      expect(frames.missing("m")).toBe(7);
      frames.forget("m");
      expect(frames.missing("m")).toBeNull();
    });

    it("names nothing for a frame it already had or a match it does not watch", () => {
      const frames = new FrameExpander();
      frames.expand(delta(2));
      expect(frames.missing("m")).toBeNull();
      frames.expand({ kind: "snapshot", matchId: "m", version: 3, snapshot: full(3) });
      frames.expand(delta(3));
      frames.expand(delta(2));
      expect(frames.missing("m")).toBeNull();
    });
  });
});

import { describe, expect, it } from "vitest";
import { FrameExpander } from "./FrameExpander.js";
import type { DeltaFrame, LobbyView, MatchSnapshot } from "./protocol.js";

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
  view: { hand: ["a"], rules: { deck: "d" } },
  progress: null,
  legal: [],
});

const delta = (version: number, extra: Partial<DeltaFrame> = {}): DeltaFrame => ({
  kind: "delta",
  matchId: "m",
  version,
  viewer: 0,
  events: [{ version, type: "x", data: null, at: `t${version}` }],
  view: { hand: [String(version)] },
  progress: null,
  legal: [],
  ...extra,
});

describe("FrameExpander", () => {
  it("fills in the rules and the lobby's version and time from the last snapshot", () => {
    const frames = new FrameExpander();
    frames.expand({ kind: "snapshot", matchId: "m", version: 3, snapshot: full(3) });
    const frame = frames.expand(delta(4));
    expect(frame).toEqual({
      kind: "events",
      matchId: "m",
      version: 4,
      events: [{ version: 4, type: "x", data: null, at: "t4" }],
      snapshot: { ...full(4), view: { hand: ["4"], rules: { deck: "d" } } },
    });
    // The completed snapshot is the base of the next delta; a lobby sent along replaces it.
    const next = frames.expand(delta(5, { lobby: lobby(5, "over") }));
    expect(next?.snapshot.lobby).toEqual(lobby(5, "over"));
    expect(frames.expand(delta(6))?.snapshot.lobby.status).toBe("over");
  });

  it("drops a delta it cannot complete: no snapshot of the match, another viewer, or forgotten", () => {
    const frames = new FrameExpander();
    expect(frames.expand(delta(4))).toBeNull();
    frames.expand({ kind: "snapshot", matchId: "m", version: 3, snapshot: full(3, "spectator") });
    expect(frames.expand(delta(4))).toBeNull();
    frames.expand({ kind: "snapshot", matchId: "m", version: 3, snapshot: full(3) });
    frames.forget("m");
    expect(frames.expand(delta(4))).toBeNull();
  });

  it("keeps the newest snapshot when an older frame arrives late", () => {
    const frames = new FrameExpander();
    frames.expand({ kind: "snapshot", matchId: "m", version: 5, snapshot: full(5) });
    frames.expand(delta(6, { lobby: lobby(6, "over") }));
    // A duplicate of an earlier version (two processes pushing) does not move the base back.
    frames.expand(delta(4));
    expect(frames.expand(delta(7))?.snapshot.lobby.status).toBe("over");
  });
});

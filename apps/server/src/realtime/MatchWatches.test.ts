import type { Viewer } from "@maumau/engine";
import type { Socket } from "socket.io";
import { describe, expect, it } from "vitest";
import { ServiceError } from "../errors/ServiceError.js";
import type { MatchFrame, MatchService } from "../matches/MatchService.js";
import { hashToken } from "../matches/tokens.js";
import { MatchWatches, MAX_WATCHES_PER_SOCKET } from "./MatchWatches.js";
import { claimRoomOf, roomOf } from "./roomOf.js";

/**
 * One socket's match watches with a fake socket (its rooms and what it is sent) and a fake
 * service whose catch-up answers as `viewerOf` says, at the version `versions` holds.
 */
function harness(opts: { crossProcess?: boolean; viewerOf?: (token?: string) => Viewer } = {}) {
  const rooms = new Set<string>();
  const sent: [string, unknown][] = [];
  const socket = {
    join: (room: string | string[]) => {
      for (const r of [room].flat()) rooms.add(r);
    },
    leave: (room: string) => void rooms.delete(room),
    emit: (event: string, data: unknown) => {
      sent.push([event, data]);
      return true;
    },
  } as unknown as Pick<Socket, "join" | "leave" | "emit">;
  const calls: string[] = [];
  const versions = new Map<string, number>();
  const viewerOf = opts.viewerOf ?? ((token?: string) => (token === undefined ? "spectator" : 0));
  const service = {
    catchUp: (
      input: { matchId: string; token?: string; afterVersion?: number },
      deliver: (viewer: Viewer, frame: MatchFrame) => void,
    ) => {
      const viewer = viewerOf(input.token);
      const frame = {
        kind: "snapshot",
        matchId: input.matchId,
        version: versions.get(input.matchId) ?? 1,
        snapshot: { viewer },
      } as unknown as MatchFrame;
      deliver(viewer, frame);
      return Promise.resolve(frame);
    },
    presenceOf: () => null,
    seatConnected: (matchId: string, seat: number) => calls.push(`connected ${matchId} ${seat}`),
    seatDisconnected: (matchId: string, seat: number) =>
      calls.push(`disconnected ${matchId} ${seat}`),
    watchStarted: (matchId: string) => calls.push(`started ${matchId}`),
    watchEnded: (matchId: string) => calls.push(`ended ${matchId}`),
  } as unknown as MatchService;
  const watches = new MatchWatches(socket, service, opts.crossProcess ?? false);
  return { watches, rooms, sent, calls, versions };
}

const token = "t".repeat(32);

describe("MatchWatches (one socket's matches)", () => {
  it("joins a seat's rooms with its token's claim, or the spectators' room, and leaves them", async () => {
    const { watches, rooms, calls } = harness();
    expect(await watches.watch({ matchId: "m1", token })).toEqual({
      matchId: "m1",
      viewer: 0,
      version: 1,
    });
    await watches.watch({ matchId: "m2" });
    expect([...rooms].sort()).toEqual(
      [roomOf("m1", 0), claimRoomOf("m1", 0, hashToken(token)), roomOf("m2", "spectator")].sort(),
    );
    expect(calls).toEqual(["connected m1 0", "started m1", "started m2"]);
    watches.leaveAll();
    expect(rooms.size).toBe(0);
    expect(calls.slice(3)).toEqual(["disconnected m1 0", "ended m1", "ended m2"]);
  });

  it("keeps the rooms and the presence when the same viewer watches again to catch up", async () => {
    const { watches, calls, sent } = harness();
    await watches.watch({ matchId: "m1", token });
    await watches.watch({ matchId: "m1", token, afterVersion: 1 });
    expect(calls).toEqual(["connected m1 0", "started m1"]);
    expect(sent.filter(([event]) => event === "match")).toHaveLength(2);
  });

  it(`watches at most ${MAX_WATCHES_PER_SOCKET} matches at once (a typed LIMIT)`, async () => {
    const { watches } = harness();
    for (let i = 0; i < MAX_WATCHES_PER_SOCKET; i++) await watches.watch({ matchId: `m${i}` });
    await expect(watches.watch({ matchId: "one-more" })).rejects.toMatchObject({
      refusal: { code: "LIMIT" },
    });
    await watches.watch({ matchId: "m0" });
    watches.leave("m0");
    await watches.watch({ matchId: "one-more" });
  });

  it("leaves a seat that changed hands and says so; keeps it for its owner and for old news", async () => {
    const { watches, rooms, sent, versions } = harness();
    versions.set("m1", 5);
    await watches.watch({ matchId: "m1", token });
    const mine = hashToken(token);
    // The owner's own token, another seat, a change before the watch began: nothing happens.
    watches.seatChanged({ matchId: "m1", seat: 0, owner: mine, version: 6 });
    watches.seatChanged({ matchId: "m1", seat: 1, owner: null, version: 6 });
    watches.seatChanged({ matchId: "m1", seat: 0, owner: "other", version: 5 });
    expect(rooms.size).toBe(2);
    expect(sent.filter(([event]) => event === "seat")).toEqual([]);
    watches.seatChanged({ matchId: "m1", seat: 0, owner: "other", version: 6 });
    expect(rooms.size).toBe(0);
    expect(sent.filter(([event]) => event === "seat")).toMatchObject([
      ["seat", { type: "SEAT_LOST", matchId: "m1", seat: 0, version: 6 }],
    ]);
  });

  it("across processes, leaves the seat's rooms when the second read refuses the token", async () => {
    let reads = 0;
    const { watches, rooms } = harness({
      crossProcess: true,
      viewerOf: () => {
        reads += 1;
        if (reads > 1) throw ServiceError.of("BAD_TOKEN", "Not this seat's.", "Nicht dieser.");
        return 0;
      },
    });
    await expect(watches.watch({ matchId: "m1", token })).rejects.toMatchObject({
      refusal: { code: "BAD_TOKEN" },
    });
    expect(reads).toBe(2);
    expect(rooms.size).toBe(0);
  });
});

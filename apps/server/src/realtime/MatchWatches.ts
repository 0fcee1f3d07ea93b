import type { Viewer } from "@maumau/engine";
import type { Socket } from "socket.io";
import { ServiceError } from "../errors/ServiceError.js";
import type { MatchFrame, MatchService } from "../matches/MatchService.js";
import { hashToken } from "../matches/tokens.js";
import type { Metrics } from "../metrics.js";
import type { SocketSession } from "../trpc/trpc.js";
import { claimRoomOf, roomOf } from "./roomOf.js";
import { seatLost, type SeatChange, type SeatWatcher } from "./seatTurnover.js";

/** Matches one socket may watch at once (each is a room and a cached match). */
export const MAX_WATCHES_PER_SOCKET = 16;

/** What a socket watches a match as: a seat with the token of this hash, or a spectator. */
interface Watch {
  readonly viewer: Viewer;
  readonly claim: string | null;
  /** The version the watch began at: the token held the seat then (a seat change of that
   * version or older is in the past for this watch). */
  readonly since: number;
}

const roomsOf = (matchId: string, watch: Watch): string[] =>
  watch.viewer === "spectator" || watch.claim === null
    ? [roomOf(matchId, watch.viewer)]
    : [roomOf(matchId, watch.viewer), claimRoomOf(matchId, watch.viewer, watch.claim)];

const kindOf = (viewer: Viewer): "seat" | "spectator" =>
  viewer === "spectator" ? "spectator" : "seat";

type WatchInput = Parameters<SocketSession["watch"]>[0];

/**
 * The matches one socket watches (`game.watch`, `game.unwatch`): each as a seat with a token or
 * as a spectator, in the match's rooms, counted in the service's presence and audience and in
 * `maumau_watches`. A seat that changes hands ends a watch with another token (`SEAT_LOST`).
 */
export class MatchWatches implements SeatWatcher {
  private readonly watching = new Map<string, Watch>();

  constructor(
    private readonly socket: Pick<Socket, "join" | "leave" | "emit">,
    private readonly service: MatchService,
    /** Several processes: a commit elsewhere may reach the room before this socket joins it. */
    private readonly crossProcess: boolean,
    private readonly metrics?: Pick<Metrics, "watches"> | undefined,
  ) {}

  /** Joins the match's rooms as the token's seat (or a spectator) and sends the catch-up. */
  async watch(input: WatchInput): Promise<{ matchId: string; viewer: Viewer; version: number }> {
    const { socket, service, watching } = this;
    if (!watching.has(input.matchId) && watching.size >= MAX_WATCHES_PER_SOCKET) {
      throw ServiceError.of(
        "LIMIT",
        `One connection watches at most ${MAX_WATCHES_PER_SOCKET} matches.`,
        `Eine Verbindung beobachtet höchstens ${MAX_WATCHES_PER_SOCKET} Partien.`,
      );
    }
    // The token's hash, checked against the seat's owner by the read below (`seatOf`).
    const claim = input.token === undefined ? null : hashToken(input.token);
    const same = (watch: Watch | undefined, viewer: Viewer) =>
      watch?.viewer === viewer && watch.claim === (viewer === "spectator" ? null : claim);
    const frame = await service.catchUp(input, (viewer: Viewer, catchUp: MatchFrame) => {
      // Watching again as the same viewer with the same token (to catch up) keeps the rooms
      // and the presence.
      if (!same(watching.get(input.matchId), viewer)) {
        this.leave(input.matchId);
        const watch: Watch = {
          viewer,
          claim: viewer === "spectator" ? null : claim,
          since: catchUp.version,
        };
        watching.set(input.matchId, watch);
        this.metrics?.watches.inc({ viewer: kindOf(viewer) });
        void socket.join(roomsOf(input.matchId, watch));
        if (viewer !== "spectator") service.seatConnected(input.matchId, viewer);
        service.watchStarted(input.matchId);
      }
      socket.emit("match", catchUp);
      const presence = service.presenceOf(input.matchId);
      if (presence !== null) socket.emit("presence", presence);
    });
    const viewer = frame.snapshot.viewer;
    let version = frame.version;
    if (this.crossProcess) {
      // A commit in another process after the read above may have been broadcast before this
      // socket was in the room: read once more. Anything committed later reaches the room.
      // A seat left meanwhile (its SEAT_CHANGED notice may have come before the join) is
      // refused with BAD_TOKEN by this read: the socket leaves the seat's rooms first. (A
      // store that fails here changes nothing: the seat's frames follow its owner's token.)
      try {
        await service.catchUp(
          { ...input, afterVersion: frame.version },
          (_viewer: Viewer, later: MatchFrame) => {
            if (later.version <= frame.version || !same(watching.get(input.matchId), viewer))
              return;
            version = later.version;
            socket.emit("match", later);
          },
        );
      } catch (error) {
        if (error instanceof ServiceError && same(watching.get(input.matchId), viewer))
          this.leave(input.matchId);
        throw error;
      }
    }
    return { matchId: input.matchId, viewer, version };
  }

  /** Stops watching the match: its rooms, presence and audience. */
  leave(matchId: string): void {
    const watch = this.watching.get(matchId);
    if (watch === undefined) return;
    this.watching.delete(matchId);
    this.metrics?.watches.dec({ viewer: kindOf(watch.viewer) });
    for (const room of roomsOf(matchId, watch)) void this.socket.leave(room);
    if (watch.viewer !== "spectator") this.service.seatDisconnected(matchId, watch.viewer);
    this.service.watchEnded(matchId);
  }

  /** The socket is gone: every watch ends. */
  leaveAll(): void {
    for (const matchId of [...this.watching.keys()]) this.leave(matchId);
  }

  seatChanged(change: SeatChange): void {
    const watch = this.watching.get(change.matchId);
    if (watch === undefined || watch.viewer !== change.seat || watch.claim === change.owner) return;
    // A notice that comes late (through Redis, after this socket watched with the seat's
    // new token) speaks of an older owner: the watch began after it.
    if (change.version <= watch.since) return;
    this.leave(change.matchId);
    this.socket.emit("seat", seatLost(change));
  }
}

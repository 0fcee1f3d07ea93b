import type { Server, Socket } from "socket.io";
import { ServiceError } from "../errors/ServiceError.js";
import type { ReplayRooms } from "../replays/ReplayRooms.js";

/** The socket.io room of a shared replay (the Redis adapter carries it across processes). */
export const replayRoomOf = (roomId: string): string => `r:${roomId}`;

/** Shared replays one socket may watch at once. */
const MAX_REPLAY_ROOMS_PER_SOCKET = 4;

/** Every change of a shared replay goes to its room as a `replayRoom` frame. */
export function broadcastReplayRooms(io: Server, rooms: ReplayRooms): void {
  rooms.onChange((frame) => io.to(replayRoomOf(frame.roomId)).emit("replayRoom", frame));
}

/** The shared replays one socket watches, each as the member of its token. */
export class ReplayRoomWatches {
  private readonly watching = new Map<string, string>();

  constructor(
    private readonly socket: Socket,
    private readonly rooms: ReplayRooms,
  ) {}

  watch(input: { roomId: string; token: string }): { roomId: string; memberId: string } {
    if (!this.watching.has(input.roomId) && this.watching.size >= MAX_REPLAY_ROOMS_PER_SOCKET) {
      throw ServiceError.of(
        "LIMIT",
        `One connection watches at most ${MAX_REPLAY_ROOMS_PER_SOCKET} shared replays.`,
        `Eine Verbindung sieht höchstens ${MAX_REPLAY_ROOMS_PER_SOCKET} gemeinsame Wiederholungen.`,
      );
    }
    this.unwatch(input.roomId);
    void this.socket.join(replayRoomOf(input.roomId));
    try {
      const { memberId, frame } = this.rooms.connected(input.roomId, input.token);
      this.watching.set(input.roomId, memberId);
      // Sent to this socket in any case: the broadcast may have gone out before it was in the room.
      this.socket.emit("replayRoom", frame);
      return { roomId: input.roomId, memberId };
    } catch (error) {
      void this.socket.leave(replayRoomOf(input.roomId));
      throw error;
    }
  }

  unwatch(roomId: string): void {
    const memberId = this.watching.get(roomId);
    if (memberId === undefined) return;
    this.watching.delete(roomId);
    void this.socket.leave(replayRoomOf(roomId));
    this.rooms.disconnected(roomId, memberId);
  }

  unwatchAll(): void {
    for (const roomId of [...this.watching.keys()]) this.unwatch(roomId);
  }
}

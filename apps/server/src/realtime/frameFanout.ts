import type { Server } from "socket.io";
import type { Match, SeatHolder } from "../matches/Match.js";
import type { MatchService } from "../matches/MatchService.js";
import type { StoredEvent } from "../store/EventStore.js";
import { encodeOnce } from "./jsonParser.js";
import { claimRoomOf, roomOf } from "./roomOf.js";

/**
 * Every commit's frames go to the rooms of its match: the public part (a spectator's delta)
 * built and JSON-encoded once, alone to the spectators' room and inside each human seat's one
 * `private` packet with the seat's own part, to the room of the owner's token. With the
 * default adapter (`localRooms`) every room is local, and a commit nobody here watches costs
 * nothing; with another adapter the rooms may be heard in other processes.
 */
export function frameFanout(io: Server, service: MatchService, localRooms: boolean): void {
  const nsp = io.of("/");
  /**
   * Sends to a room. A local room of one socket (a seat's owner in one tab: nearly every room
   * a frame goes to) gets the packet from its socket directly: `io.to(room).emit` builds a
   * broadcast operator and the adapter's sets of rooms and socket ids for every packet, about
   * a seventh of what the server allocated per move under load (`bench/load.ts --heap-prof`).
   */
  const emitTo = (room: string, frame: object) => {
    const ids = localRooms ? nsp.adapter.rooms.get(room) : undefined;
    if (ids?.size === 1) {
      for (const id of ids) nsp.sockets.get(id)?.emit("match", frame);
      return;
    }
    io.to(room).emit("match", frame);
  };
  // With the default adapter every room is local: skip the work for empty ones.
  const heard = (room: string) => !localRooms || nsp.adapter.rooms.has(room);
  service.onCommit((match: Match, events: readonly StoredEvent[]) => {
    const { rooms, spectators } = roomsOf(match);
    if (!heard(spectators) && !rooms.some((room) => room !== null && heard(room))) return;
    const frames = match.commitFrames(events, match.progress());
    // The public part is encoded once: alone for the spectators' room, and in each seat's one
    // packet with its private part. Only the owner's token hears a seat: nobody watches an empty
    // seat or a bot's.
    encodeOnce(frames.shared);
    if (heard(spectators)) emitTo(spectators, frames.shared);
    rooms.forEach((room, seat) => {
      if (room !== null && heard(room)) emitTo(room, frames.privateFor(seat));
    });
  });
}

/** A match's frame rooms: each human seat's (its owner's), and the spectators'. */
interface FrameRooms {
  readonly rooms: readonly (string | null)[];
  readonly spectators: string;
}

/**
 * The frame rooms of each seating (`match.seats`, a new array whenever a seat changes hands),
 * made once: the same strings commit after commit, whose hashes V8 keeps, instead of five
 * names built and hashed again for the adapter's lookups on every commit.
 */
const roomsBySeating = new WeakMap<readonly SeatHolder[], FrameRooms>();

function roomsOf(match: Match): FrameRooms {
  const seating = match.seats;
  let rooms = roomsBySeating.get(seating);
  if (rooms === undefined) {
    rooms = {
      rooms: seating.map((holder, seat) =>
        holder.kind === "human" ? claimRoomOf(match.id, seat, holder.tokenHash) : null,
      ),
      spectators: roomOf(match.id, "spectator"),
    };
    roomsBySeating.set(seating, rooms);
  }
  return rooms;
}

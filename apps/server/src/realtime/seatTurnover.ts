import type { SeatNotice } from "@maumau/client";
import type { Seat } from "@maumau/engine";
import type { Logger } from "pino";
import type { Server } from "socket.io";
import { z } from "zod";
import type { Match } from "../matches/Match.js";
import type { MatchService } from "../matches/MatchService.js";
import type { StoredEvent } from "../store/EventStore.js";
import { roomOf } from "./roomOf.js";

/** A seat's new owner (its token's hash; null: nobody's token) from the commit at `version`. */
export interface SeatChange {
  readonly matchId: string;
  readonly seat: Seat;
  readonly owner: string | null;
  readonly version: number;
}

/** What seat turnover asks of one socket's watches. */
export interface SeatWatcher {
  /** The seat changed hands: stop watching it unless this socket watches with the owner's token. */
  seatChanged(change: SeatChange): void;
}

/** The sockets of this process that are told of seat changes, by socket id. */
export interface SeatWatchers {
  add(socketId: string, watcher: SeatWatcher): void;
  remove(socketId: string): void;
}

/** Lobby events after which a seat may have another owner (or none). */
const OWNER_CHANGES: ReadonlySet<string> = new Set(["seat.claimed", "seat.released", "bot.seated"]);

/** The inter-process notice "this seat changed hands at this version" (`serverSideEmit`). */
const SEAT_CHANGED = "maumau:seat";

const seatChange = z.object({
  matchId: z.string().max(64),
  seat: z.number().int().nonnegative(),
  owner: z.string().max(128).nullable(),
  version: z.number().int().positive(),
});

/** The seats whose owner a commit may have changed, with their owners after it. */
export function ownerChanges(
  match: Pick<Match, "id" | "seats">,
  events: readonly StoredEvent[],
): SeatChange[] {
  // Made only when the commit holds an owner change: nearly every commit is a move.
  let versions: Map<Seat, number> | undefined;
  for (const e of events) {
    if (OWNER_CHANGES.has(e.type))
      (versions ??= new Map()).set((e.data as { seat: Seat }).seat, e.version);
  }
  if (versions === undefined) return [];
  return [...versions].map(([seat, version]) => {
    const holder = match.seats[seat];
    return {
      matchId: match.id,
      seat,
      owner: holder?.kind === "human" ? holder.tokenHash : null,
      version,
    };
  });
}

/** What a socket that lost its seat is told (`seat`). */
export const seatLost = (change: SeatChange): SeatNotice => ({
  type: "SEAT_LOST",
  matchId: change.matchId,
  seat: change.seat,
  version: change.version,
  refusal: {
    code: "SEAT_LOST",
    message: {
      en: `This seat token no longer holds seat ${change.seat}: the seat was left.`,
      de: `Dieses Platz-Token gehört nicht mehr zu Platz ${change.seat}: der Platz wurde verlassen.`,
    },
  },
});

/**
 * A seat changed hands: every socket watching it with another token than the owner's (none
 * for an empty or a bot's seat) leaves its rooms and is told (`SEAT_LOST`), here and, through
 * the adapter (`crossProcess`), in every other process, before any frame of this commit goes
 * out (register this commit listener before the frames'). A bot standing in for an away owner
 * (`seat.botTakenOver`) changes no owner.
 */
export function seatTurnover(
  io: Server,
  service: MatchService,
  logger: Logger,
  crossProcess: boolean,
): SeatWatchers {
  const watchers = new Map<string, SeatWatcher>();
  const seatChanged = (change: SeatChange) => {
    const ids = io.of("/").adapter.rooms.get(roomOf(change.matchId, change.seat));
    for (const id of [...(ids ?? [])]) watchers.get(id)?.seatChanged(change);
  };
  if (crossProcess) {
    io.on(SEAT_CHANGED, (change: unknown) => {
      const parsed = seatChange.safeParse(change);
      if (parsed.success) seatChanged(parsed.data);
      else logger.warn({ change }, "malformed seat change from another process");
    });
  }
  service.onCommit((match: Match, events: readonly StoredEvent[]) => {
    for (const change of ownerChanges(match, events)) {
      if (crossProcess) io.serverSideEmit(SEAT_CHANGED, change);
      seatChanged(change);
    }
  });
  return {
    add: (socketId, watcher) => void watchers.set(socketId, watcher),
    remove: (socketId) => void watchers.delete(socketId),
  };
}

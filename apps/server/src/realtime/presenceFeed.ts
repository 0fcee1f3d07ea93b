import type { Server } from "socket.io";
import { changesTheList } from "../matches/lobbyEvents.js";
import type { MatchService } from "../matches/MatchService.js";
import { roomOf } from "./roomOf.js";

/**
 * Who is at the table: every room of the match hears of a seat's owner coming and going
 * (as this process sees it), and of the grace left before a bot takes over (`presence`).
 * A commit that changes the seats or the status (the clocks run from the start) tells too.
 */
export function presenceFeed(io: Server, service: MatchService): void {
  const presenceChanged = (matchId: string) => {
    const frame = service.presenceOf(matchId);
    const match = frame === null ? undefined : service.cachedMatch(matchId);
    if (frame === null || match === undefined) return;
    const rooms = [...match.seats.keys(), "spectator" as const].map((v) => roomOf(matchId, v));
    io.to(rooms).emit("presence", frame);
  };
  service.onPresenceChange(presenceChanged);
  service.onCommit((match, events) => {
    if (changesTheList(events)) presenceChanged(match.id);
  });
}

import type { ChalkInstance } from "chalk";
import type { ViewEvent } from "@maumau/client";
import { isRecord } from "../play/view.js";
import type { OnlineTexts } from "./texts.js";

/**
 * A line for the server's own events (seats, bots, timers) and the match start; `undefined`
 * for the engine's events, which play/events.ts tells.
 */
export function describeLobbyEvent(
  e: ViewEvent,
  o: OnlineTexts,
  c: ChalkInstance,
  name: () => string,
): string | null | undefined {
  const d = isRecord(e.data) ? e.data : {};
  const seat = typeof d.seat === "number" ? d.seat : -1;
  switch (e.type) {
    case "lobby.created":
      return null;
    case "seat.claimed":
      return o.seatClaimed(typeof d.name === "string" ? d.name : name(), seat);
    case "seat.released":
      return o.seatReleased(seat);
    case "bot.seated":
      return o.botSeated(seat, String(d.level));
    case "seat.botTakenOver":
      return o.botTookOver(name());
    case "seat.returned":
      return o.returned(name());
    case "seat.timedOut":
      return c.yellow(o.timedOut(name()));
    case "lobby.rematched":
      return o.rematch(String(d.matchId));
    case "match.started":
      return c.bold(o.started);
    default:
      return undefined;
  }
}

import type { ChalkInstance } from "chalk";
import { reactionById, showable, type ChatSender, type ViewEvent } from "@maumau/client";
import type { Lang } from "@maumau/engine";
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
  chat?: ChatContext,
  /** The event's seat is the reader's own. */
  you = false,
  /** A seat's name (the rematch's starter). */
  nameOf: (seat: number) => string = () => name(),
): string | null | undefined {
  const d = isRecord(e.data) ? e.data : {};
  const seat = typeof d.seat === "number" ? d.seat : -1;
  switch (e.type) {
    case "lobby.created":
      return null;
    case "lobby.closed":
      return c.yellow(o.lobbyClosed(d.reason === "idle" ? "idle" : "left"));
    case "seat.claimed":
      return o.seatClaimed(typeof d.name === "string" ? showable(d.name) : name(), seat);
    case "seat.released":
      return o.seatReleased(seat);
    case "bot.seated":
      return o.botSeated(seat, String(d.level));
    case "seat.botTakenOver":
      return o.botTookOver(name(), you);
    case "seat.returned":
      return o.returned(name(), you);
    case "seat.timedOut":
      return c.yellow(o.timedOut(name()));
    case "lobby.rematched":
      return o.rematch(String(d.matchId), typeof d.by === "number" ? nameOf(d.by) : null);
    case "match.started":
      return c.bold(o.started);
    case "chat.said":
    case "chat.reacted": {
      if (chat === undefined || !isRecord(d.from)) return null;
      const from = d.from as ChatSender;
      // Names and lines as the terminal may print them: a control character (an escape
      // sequence, a line break, a bidi override) becomes a space, so that nothing a player
      // wrote can move the cursor or recolour. The server refuses them; older logs may hold them.
      const who = showable("spectator" in from ? o.spectator(from.spectator) : chat.seatName(from));
      if (e.type === "chat.said")
        return c.cyan(o.chatSaid(c.bold(who), showable(typeof d.text === "string" ? d.text : "")));
      const reaction = reactionById(String(d.reaction));
      const mine = !("spectator" in from) && chat.isMe?.(from.seat) === true;
      return c.cyan(o.chatReacted(c.bold(who), reaction ? reaction.label[chat.lang] : "?", mine));
    }
    default:
      return undefined;
  }
}

/** What a chat line needs to name its sender. */
export interface ChatContext {
  readonly lang: Lang;
  readonly seatName: (from: { readonly seat: number; readonly name: string | null }) => string;
  /** The seat is the reader's own ("You react", not "You reacts"). */
  readonly isMe?: (seat: number) => boolean;
}

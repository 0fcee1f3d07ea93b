import {
  LOBBY_EVENT_TYPES as LOBBY_EVENT_NAMES,
  isChatEventType,
  type ChatReacted,
  type ChatSaid,
} from "@maumau/client";
import type { BotLevel, Seat } from "@maumau/engine";
import type { RuleSetRef } from "../ruleSets/ruleSetEvents.js";

/**
 * The server's own facts in a match stream, past tense. They come before the engine's events
 * (lobby) and between them (seats changing hands while the game runs).
 */
export type LobbyEvent =
  | {
      type: "lobby.created";
      data: {
        variant: string;
        /** Validated by the variant's schema, defaults filled. */
        options: unknown;
        seats: number;
        turnTimerMs: number | null;
        rematchOf: string | null;
        /**
         * The saved rule set the options were loaded from (C-2.2: `options` holds its whole
         * document). Absent in streams written before saved rule sets existed.
         */
        ruleSet?: RuleSetRef | null;
        /**
         * A practice match continued from a finished match's replay: its engine events up to
         * `version` were copied into this stream after the lobby events. Absent otherwise.
         */
        continuedFrom?: { matchId: string; version: number } | null;
        /** The host's setting: spectators may read the table talk, not write. Absent: false. */
        spectatorsReadOnly?: boolean;
      };
    }
  /** Only a SHA-256 of the seat token is kept; the token itself is never stored. */
  | { type: "seat.claimed"; data: { seat: Seat; name: string; tokenHash: string } }
  | { type: "seat.released"; data: { seat: Seat } }
  | { type: "bot.seated"; data: { seat: Seat; level: BotLevel } }
  /** The owner was gone longer than the grace period: a heuristic bot plays the seat. */
  | { type: "seat.botTakenOver"; data: { seat: Seat } }
  | { type: "seat.returned"; data: { seat: Seat } }
  /** The turn timer ran out; the server played the heuristic bot's move for the seat. */
  | { type: "seat.timedOut"; data: { seat: Seat } }
  /** `by`: the seat that asked for it (absent in streams written before it was kept). */
  | { type: "lobby.rematched"; data: { matchId: string; by?: Seat } }
  /**
   * The lobby closed before the start: the last human left it (`left`), or nobody was at or
   * watched it for `LOBBY_IDLE_MS` (`idle`). It takes no one from then on, is not listed and
   * counts against no limit.
   */
  | { type: "lobby.closed"; data: { reason: "left" | "idle" } }
  /** Table talk: public, and never a move (no turn, no timer, no game state changes). */
  | { type: "chat.said"; data: ChatSaid }
  | { type: "chat.reacted"; data: ChatReacted };

export type LobbyEventType = LobbyEvent["type"];

// The protocol names them for every client; the compiler checks both lists say the same.
const _sameTypes: readonly LobbyEventType[] = LOBBY_EVENT_NAMES;
export const LOBBY_EVENT_TYPES: ReadonlySet<string> = new Set<string>(_sameTypes);

export const isLobbyEvent = (e: { type: string }): e is LobbyEvent => LOBBY_EVENT_TYPES.has(e.type);

/**
 * Whether a commit changes how the match list reads: a seat taken, left or handed to a bot, a
 * match created, started or over. Moves inside a running game do not.
 */
export const changesTheList = (events: readonly { readonly type: string }[]): boolean =>
  events.some(
    (e) =>
      (isLobbyEvent(e) && !isChatEvent(e)) ||
      e.type === "match.started" ||
      e.type === "match.ended",
  );

/** Table talk (`chat.said`, `chat.reacted`): in the log, but no move and no change of seats. */
export const isChatEvent = (e: { type: string }): boolean => isChatEventType(e.type);

/** A lobby event as clients see it: token hashes never leave the server. */
export function publicLobbyEvent(e: LobbyEvent): { type: string; data: unknown } {
  if (e.type === "seat.claimed")
    return { type: e.type, data: { seat: e.data.seat, name: e.data.name } };
  return e;
}

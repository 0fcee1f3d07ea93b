import {
  CHAT_MAX_LENGTH,
  chatLength,
  reactionById,
  type ChatSender,
  type ReactionId,
} from "@maumau/client";
import { isShowableText, isStorableText } from "@maumau/client/schema";
import { ServiceError } from "../errors/ServiceError.js";
import type { NewEvent } from "../store/EventStore.js";
import { lobby, seatOf } from "./lobbyDecider.js";
import type { Match } from "./Match.js";

/** Who writes: the seat of a token, or a spectator under a name of their choosing. */
export type ChatAuthor = { readonly token: string } | { readonly spectator: string };

/** What every chat command carries besides its line or reaction. */
interface ChatCommandBase {
  readonly author: ChatAuthor;
  readonly now: number;
  /**
   * A spectator's: when its client (`clientOf`) wrote in this match lately (ms since the epoch),
   * kept by the service; none for a seat (its times are in the match).
   */
  readonly clientTimes: readonly number[];
}

/**
 * Table talk. `now` (ms since the epoch) and a spectator's `clientTimes` come in the command,
 * so that deciding stays a pure function of the folded match and the command.
 */
export type ChatCommand =
  | (ChatCommandBase & { readonly type: "say"; readonly text: string })
  | (ChatCommandBase & { readonly type: "react"; readonly reaction: string });

/**
 * How fast one sender may talk: lines and reactions together, per seat, and per client for
 * spectators (a spectator's name is no identity: a client writing under many names, or under
 * another spectator's, has one budget; other watchers keep theirs).
 */
export const CHAT_RATE = { messages: 5, windowMs: 10_000 } as const;

/** Decides a chat command: one `chat.said` or `chat.reacted`, or a thrown typed refusal. */
export function decideChat(match: Match, command: ChatCommand): NewEvent[] {
  const from = senderOf(match, command.author);
  if (command.type === "say") {
    const text = checkedText(command.text);
    assertRate(match, from, command);
    return [lobby({ type: "chat.said", data: { from, text } })];
  }
  const reaction = reactionById(command.reaction);
  if (reaction === undefined) {
    throw ServiceError.of(
      "UNKNOWN_REACTION",
      `There is no reaction "${command.reaction}".`,
      `Es gibt keine Reaktion „${command.reaction}“.`,
    );
  }
  assertRate(match, from, command);
  const id: ReactionId = reaction.id;
  return [lobby({ type: "chat.reacted", data: { from, reaction: id } })];
}

function senderOf(match: Match, author: ChatAuthor): ChatSender {
  if ("token" in author) {
    const seat = seatOf(match, author.token);
    const holder = match.seats[seat];
    return { seat, name: holder?.kind === "human" ? holder.name : null };
  }
  if (match.spectatorsReadOnly) {
    throw ServiceError.of(
      "SPECTATORS_READ_ONLY",
      "At this table spectators read the chat but do not write.",
      "An diesem Tisch lesen Zuschauer den Chat, schreiben aber nicht.",
    );
  }
  const name = author.spectator.trim();
  if (name === "" || chatLength(name) > 32 || !isStorableText(name) || !isShowableText(name)) {
    throw ServiceError.of(
      "INVALID_INPUT",
      "A spectator writes under a name of 1 to 32 characters, without control characters, line breaks, bidi overrides or invisible characters.",
      "Zuschauer schreiben unter einem Namen mit 1 bis 32 Zeichen, ohne Steuerzeichen, Zeilenumbrüche, Bidi-Steuerzeichen und unsichtbare Zeichen.",
    );
  }
  // A spectator does not write under the name of a player at the table (the web marks a
  // spectator's line, the terminal too, but a name alone should not pass for a player's).
  const taken = (n: string) => n.trim().toLocaleLowerCase() === name.toLocaleLowerCase();
  if (match.seats.some((h) => h.kind === "human" && taken(h.name))) {
    throw ServiceError.of(
      "INVALID_INPUT",
      `"${name}" is the name of a player at this table: a spectator writes under another.`,
      `„${name}“ heißt jemand, der an diesem Tisch spielt: Zuschauer schreiben unter einem anderen Namen.`,
    );
  }
  return { spectator: name };
}

/** The line as it is kept (ends trimmed), or a typed refusal of why it cannot be. */
function checkedText(raw: string): string {
  const text = raw.trim();
  if (!isStorableText(text) || !isShowableText(text)) {
    throw ServiceError.of(
      "CHAT_BAD_TEXT",
      "A chat line must not contain NUL characters, unpaired surrogates, control characters, line breaks, bidi overrides or invisible characters.",
      "Eine Chat-Zeile darf keine NUL-Zeichen, einzelnen Surrogate, Steuerzeichen, Zeilenumbrüche, Bidi-Steuerzeichen oder unsichtbare Zeichen enthalten.",
    );
  }
  if (text === "") {
    throw ServiceError.of("CHAT_EMPTY", "The chat line is empty.", "Die Chat-Zeile ist leer.");
  }
  const length = chatLength(text);
  if (length > CHAT_MAX_LENGTH) {
    throw ServiceError.of(
      "CHAT_TOO_LONG",
      `A chat line has at most ${CHAT_MAX_LENGTH} characters (this one ${length}).`,
      `Eine Chat-Zeile hat höchstens ${CHAT_MAX_LENGTH} Zeichen (diese ${length}).`,
    );
  }
  return text;
}

function assertRate(match: Match, from: ChatSender, command: ChatCommand): void {
  const times = "spectator" in from ? command.clientTimes : match.chatTimesOf(from.seat);
  const recent = times.filter((t) => t > command.now - CHAT_RATE.windowMs).length;
  if (recent >= CHAT_RATE.messages) {
    throw ServiceError.of(
      "CHAT_TOO_FAST",
      `Not so fast: at most ${CHAT_RATE.messages} messages in ${CHAT_RATE.windowMs / 1000} seconds.`,
      `Nicht so schnell: höchstens ${CHAT_RATE.messages} Nachrichten in ${CHAT_RATE.windowMs / 1000} Sekunden.`,
    );
  }
}

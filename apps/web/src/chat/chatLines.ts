import {
  isChatEventType,
  reactionById,
  type ChatSender,
  type ReactionId,
  type ViewEvent,
} from "@maumau/client";
import type { Lang } from "@maumau/engine";

/** One line of table talk as the panel shows it: a message or a quick reaction. */
export type ChatLine =
  | {
      readonly kind: "said";
      readonly version: number;
      readonly from: ChatSender;
      readonly text: string;
    }
  | {
      readonly kind: "reacted";
      readonly version: number;
      readonly from: ChatSender;
      readonly reaction: ReactionId;
    };

/** The chat lines among events, in stream order (anything malformed is left out). */
export function chatLines(events: readonly ViewEvent[]): ChatLine[] {
  const lines: ChatLine[] = [];
  for (const e of events) {
    if (!isChatEventType(e.type)) continue;
    const data = e.data as { from?: ChatSender; text?: unknown; reaction?: unknown } | null;
    if (data?.from === undefined) continue;
    if (e.type === "chat.said" && typeof data.text === "string") {
      lines.push({ kind: "said", version: e.version, from: data.from, text: data.text });
    } else if (e.type === "chat.reacted" && typeof data.reaction === "string") {
      const reaction = reactionById(data.reaction);
      if (reaction)
        lines.push({ kind: "reacted", version: e.version, from: data.from, reaction: reaction.id });
    }
  }
  return lines;
}

/** Lines of both lists, each version once, in stream order. */
export function mergeLines(a: readonly ChatLine[], b: readonly ChatLine[]): ChatLine[] {
  const byVersion = new Map<number, ChatLine>();
  for (const line of [...a, ...b]) byVersion.set(line.version, line);
  return [...byVersion.values()].sort((x, y) => x.version - y.version);
}

/** Who a sender is, for muting: a seat under its name, or a spectator's name. */
export const senderKey = (from: ChatSender): string =>
  "spectator" in from ? `spectator:${from.spectator}` : `seat:${from.seat}:${from.name ?? ""}`;

export const senderName = (from: ChatSender, fallback: (seat: number) => string): string =>
  "spectator" in from ? from.spectator : (from.name ?? fallback(from.seat));

export const reactionLabel = (id: ReactionId, lang: Lang): string =>
  reactionById(id)?.label[lang] ?? id;

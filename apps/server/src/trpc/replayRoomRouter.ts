import { REPLAY_CHAT_MAX } from "@maumau/client";
import { isShowableText, SHOWN_TEXT } from "@maumau/client/schema";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { ServiceError } from "../errors/ServiceError.js";
import { matchId, playerName, token, version } from "./schemas.js";
import { checkWords, formed, text } from "./text.js";
import { publicProcedure } from "./trpc.js";

const roomId = formed(/^[A-Za-z0-9_-]{1,64}$/, {
  en: "a room id is 1–64 letters, digits, dashes and underscores",
  de: "eine Raum-ID besteht aus 1–64 Buchstaben, Ziffern, Binde- und Unterstrichen",
});
const member = z.object({ roomId, token }).strict();
/**
 * A chat line: 1–280 characters (code points) once trimmed, no NUL, no unpaired surrogate, and
 * nothing that does not show as text (control characters, line breaks, bidi overrides).
 */
const chatText = text()
  .trim()
  .min(1, "the line is empty")
  .refine(isShowableText, SHOWN_TEXT)
  .refine(
    (s) => [...s].length <= REPLAY_CHAT_MAX,
    checkWords({
      en: `at most ${REPLAY_CHAT_MAX} characters`,
      de: `höchstens ${REPLAY_CHAT_MAX} Zeichen`,
    }),
  );

const socketOnly = () =>
  ServiceError.of(
    "SOCKET_ONLY",
    "Watching a shared replay needs a socket.io connection.",
    "Eine gemeinsame Wiederholung ansehen geht nur über socket.io.",
  );

/** Shared replays: a leader steps through a finished match, the members' views follow. */
export const replayRoomRouter = {
  /** A room on a finished match; the opener leads. */
  open: publicProcedure
    .input(z.object({ matchId, name: playerName, at: version.optional() }).strict())
    .mutation(({ ctx, input }) => ctx.replayRooms.open({ ...input, client: ctx.client })),

  join: publicProcedure
    .input(z.object({ roomId, name: playerName }).strict())
    .mutation(({ ctx, input }) => ctx.replayRooms.join(input)),

  /** The room as it is (no token needed: the same for every member). */
  view: publicProcedure
    .input(z.object({ roomId }).strict())
    .query(({ ctx, input }) => ctx.replayRooms.frame(input.roomId)),

  /** Leader only: everyone who follows sees the match after `at` events. */
  seek: publicProcedure
    .input(member.extend({ at: version }))
    .mutation(({ ctx, input }) => ctx.replayRooms.seek(input)),

  /** Leader only: the lead goes to member `to`. */
  handOver: publicProcedure
    .input(member.extend({ to: text().min(1).max(16) }))
    .mutation(({ ctx, input }) => ctx.replayRooms.handOver(input)),

  say: publicProcedure
    .input(member.extend({ text: chatText }))
    .mutation(({ ctx, input }) => ctx.replayRooms.say(input)),

  leave: publicProcedure.input(member).mutation(({ ctx, input }) => ctx.replayRooms.leave(input)),

  /** Socket only: this socket gets a `replayRoom` frame now and after every change. */
  watch: publicProcedure.input(member).mutation(({ ctx, input }) => {
    if (ctx.socket === null) throw socketOnly();
    return ctx.socket.watchReplayRoom(input);
  }),

  unwatch: publicProcedure.input(z.object({ roomId }).strict()).mutation(({ ctx, input }) => {
    if (ctx.socket === null) throw socketOnly();
    ctx.socket.unwatchReplayRoom(input.roomId);
    return { roomId: input.roomId };
  }),
} satisfies TRPCRouterRecord;

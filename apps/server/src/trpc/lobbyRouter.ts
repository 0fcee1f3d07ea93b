import type { TRPCRouterRecord } from "@trpc/server";
import { TURN_TIMER_MAX_MS, TURN_TIMER_MIN_MS } from "@maumau/client";
import { BOT_LEVELS, type BotLevel } from "@maumau/engine";
import { z } from "zod";
import { matchId, playerName, ruleSetRef, seatIndex, token } from "./schemas.js";
import { checkWords, document, text } from "./text.js";
import { publicProcedure } from "./trpc.js";
import { ServiceError } from "../errors/ServiceError.js";
import type { MatchStatus } from "../matches/Match.js";

const botLevel = z.enum(BOT_LEVELS as readonly [BotLevel, ...BotLevel[]]);

const socketOnly = () =>
  ServiceError.of(
    "SOCKET_ONLY",
    "Watching the lobby needs a socket.io connection.",
    "Die Lobby beobachten geht nur über socket.io.",
  );

/** `lobby.list`'s input: which statuses (default open and running), at most how many (50). */
export const listInput = z
  .object({
    status: z
      .array(z.enum(["open", "running", "over"]))
      .min(1)
      .optional(),
    limit: z.number().int().min(1).max(200).optional(),
  })
  .strict()
  .optional();

/** `MatchService.list`'s arguments for a `lobby.list` input, its defaults filled in. */
export const listArguments = (
  input: z.infer<typeof listInput>,
): [status: readonly MatchStatus[], limit: number] => [
  input?.status ?? ["open", "running"],
  input?.limit ?? 50,
];

export const lobbyRouter = {
  /** Socket only: a `lobby` signal whenever the match list changes (read it with `list`). */
  watch: publicProcedure.mutation(({ ctx }) => {
    if (ctx.socket === null) throw socketOnly();
    ctx.socket.watchLobby();
    return { watching: true as const };
  }),

  unwatch: publicProcedure.mutation(({ ctx }) => {
    if (ctx.socket === null) throw socketOnly();
    ctx.socket.unwatchLobby();
    return { watching: false as const };
  }),

  create: publicProcedure
    .input(
      z
        .object({
          variant: text().min(1).max(64).optional(),
          options: document().optional(),
          /** Instead of `variant` and `options`: a `custom` match of a saved rule set. */
          ruleSet: ruleSetRef.optional(),
          seats: z.number().int().min(2).max(16),
          turnTimerMs: z
            .number()
            .int()
            .min(TURN_TIMER_MIN_MS, `a turn timer is at least ${TURN_TIMER_MIN_MS} ms`)
            .max(TURN_TIMER_MAX_MS, `a turn timer is at most ${TURN_TIMER_MAX_MS} ms`)
            .nullable()
            .optional(),
          name: playerName.optional(),
          /** The host's setting: spectators read the table talk but may not write. */
          spectatorsReadOnly: z.boolean().optional(),
        })
        .strict()
        .refine(
          (i) =>
            i.ruleSet === undefined
              ? i.variant !== undefined
              : i.variant === undefined && i.options === undefined,
          {
            ...checkWords({
              en: "give either variant (with options) or ruleSet",
              de: "entweder variant (mit options) oder ruleSet angeben",
            }),
            path: ["ruleSet"],
          },
        ),
    )
    .mutation(async ({ ctx, input }) => {
      const { matchId: id, lobby, ticket } = await ctx.service.create(input, ctx.client);
      return { matchId: id, lobby, seat: ticket?.seat ?? null, token: ticket?.token ?? null };
    }),

  list: publicProcedure
    .input(listInput)
    .query(({ ctx, input }) => ctx.service.list(...listArguments(input))),

  /** One match's lobby view with its options (`list` answers summaries without them). */
  get: publicProcedure
    .input(z.object({ matchId }).strict())
    .query(({ ctx, input }) => ctx.service.lobby(input.matchId)),

  join: publicProcedure
    .input(z.object({ matchId, name: playerName, seat: seatIndex.optional() }).strict())
    .mutation(({ ctx, input }) => ctx.service.join(input)),

  leave: publicProcedure
    .input(z.object({ matchId, token }).strict())
    .mutation(({ ctx, input }) => ctx.service.leave(input)),

  addBots: publicProcedure
    .input(
      z
        .object({
          matchId,
          token,
          level: botLevel.default("heuristic"),
          count: z.number().int().min(1).max(16).optional(),
        })
        .strict(),
    )
    .mutation(({ ctx, input }) => ctx.service.addBots(input)),

  /** Host only: a bot of `level` on one free seat. */
  seatBot: publicProcedure
    .input(
      z.object({ matchId, token, seat: seatIndex, level: botLevel.default("heuristic") }).strict(),
    )
    .mutation(({ ctx, input }) => ctx.service.seatBot(input)),

  /** Host only: free a bot's seat, or the seat of a player who left (no socket anywhere). */
  freeSeat: publicProcedure
    .input(z.object({ matchId, token, seat: seatIndex }).strict())
    .mutation(({ ctx, input }) => ctx.service.freeSeat(input)),

  start: publicProcedure
    .input(z.object({ matchId, token }).strict())
    .mutation(({ ctx, input }) => ctx.service.start(input)),

  rematch: publicProcedure
    .input(z.object({ matchId, token }).strict())
    .mutation(({ ctx, input }) => ctx.service.rematch(input, ctx.client)),

  /** "Continue from here": a practice match with bots from a position of a finished match. */
  continueFrom: publicProcedure
    .input(
      z
        .object({
          matchId,
          at: z.number().int().min(1).max(1_000_000),
          name: playerName,
          level: botLevel.default("heuristic"),
          seat: seatIndex.optional(),
        })
        .strict(),
    )
    .mutation(async ({ ctx, input }) => {
      const { matchId: id, ticket } = await ctx.service.continueFrom(input, ctx.client);
      return { matchId: id, seat: ticket.seat, token: ticket.token };
    }),
} satisfies TRPCRouterRecord;

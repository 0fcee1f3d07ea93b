import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { commandSchema } from "../matches/commandSchema.js";
import { ServiceError } from "../matches/ServiceError.js";
import { matchId, token, version } from "./schemas.js";
import { text } from "./text.js";
import { publicProcedure } from "./trpc.js";

const viewerInput = z.object({ matchId, token: token.optional() }).strict();

export const gameRouter = {
  /** The table as this seat (token) or a spectator (no token) sees it. */
  view: publicProcedure.input(viewerInput).query(({ ctx, input }) => ctx.service.snapshot(input)),

  /** One intent of the seat that holds the token; a repeated command id gets the same answer. */
  command: publicProcedure
    .input(
      z
        .object({
          matchId,
          token,
          commandId: text().min(1).max(128),
          command: commandSchema,
        })
        .strict(),
    )
    .mutation(({ ctx, input }) => ctx.service.command(input)),

  /** The log: filtered for the viewer while the match runs, in full once it is over. */
  history: publicProcedure
    .input(viewerInput.extend({ afterVersion: version.optional() }))
    .query(({ ctx, input }) => ctx.service.history(input)),

  /** The events after `afterVersion`, or a full snapshot when too far behind. */
  catchUp: publicProcedure
    .input(viewerInput.extend({ afterVersion: version }))
    .query(({ ctx, input }) => ctx.service.catchUp(input)),

  /** Socket only: join the match's room (as the token's seat or a spectator) and catch up. */
  watch: publicProcedure
    .input(viewerInput.extend({ afterVersion: version.optional() }))
    .mutation(({ ctx, input }) => {
      if (ctx.socket === null) throw socketOnly();
      return ctx.socket.watch(input);
    }),

  unwatch: publicProcedure.input(z.object({ matchId }).strict()).mutation(({ ctx, input }) => {
    if (ctx.socket === null) throw socketOnly();
    ctx.socket.unwatch(input.matchId);
    return { matchId: input.matchId };
  }),
} satisfies TRPCRouterRecord;

const socketOnly = () =>
  ServiceError.of(
    "SOCKET_ONLY",
    "Watching a match needs a socket.io connection.",
    "Eine Partie beobachten geht nur über socket.io.",
  );

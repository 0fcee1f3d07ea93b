import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { ServiceError } from "../errors/ServiceError.js";
import { commandSchema } from "../matches/commandSchema.js";
import { matchId, token, version } from "./schemas.js";
import { text } from "./text.js";
import { publicProcedure } from "./trpc.js";

const viewerInput = z.object({ matchId, token: token.optional() }).strict();

/** `game.command`'s input (the socket gateway calls the service with it directly, too). */
export const commandInput = z
  .object({
    matchId,
    token,
    commandId: text().min(1).max(128),
    command: commandSchema,
  })
  .strict();

/**
 * A procedure that reads as a seat. Over HTTP a GET carries its input in the URL, where proxies
 * and logs keep it: a token there is refused (TOKEN_IN_URL); it goes in a header
 * (`Authorization: Bearer …` or `x-seat-token`), or the query is sent as POST. The socket's rpc
 * and POST bodies may carry it in the input.
 */
const viewerProcedure = publicProcedure.use(async ({ ctx, getRawInput, next }) => {
  if (ctx.http === null) return next({ ctx: { headerToken: undefined } });
  const raw = await getRawInput();
  if (ctx.http.method === "GET" && typeof raw === "object" && raw !== null && "token" in raw) {
    throw ServiceError.of(
      "TOKEN_IN_URL",
      "A seat token must not travel in a URL: send it as `Authorization: Bearer <token>` (or `x-seat-token`), or send the query as POST.",
      "Ein Platz-Token gehört nicht in eine URL: schick es als `Authorization: Bearer <token>` (oder `x-seat-token`) oder die Anfrage als POST.",
    );
  }
  const header = ctx.http.seatToken;
  if (header === null) return next({ ctx: { headerToken: undefined } });
  const parsed = token.safeParse(header);
  if (!parsed.success) {
    throw ServiceError.of(
      "INVALID_INPUT",
      "The seat token header is not a seat token.",
      "Der Platz-Token-Header enthält kein Platz-Token.",
    );
  }
  return next({ ctx: { headerToken: parsed.data } });
});

/** The input's token (socket, POST body), else the header's. */
const withToken = <I extends { token?: string | undefined }>(
  input: I,
  headerToken: string | undefined,
): I =>
  input.token === undefined && headerToken !== undefined ? { ...input, token: headerToken } : input;

/**
 * Table talk's sender: a seat (token, in the input or a header) or a spectator (a name). The
 * strings are bounded here and judged by the service, which refuses with typed codes.
 */
const chatInput = z
  .object({ matchId, token: token.optional(), name: z.string().max(64).optional() })
  .strict();

export const gameRouter = {
  /** The table as this seat (token) or a spectator (no token) sees it. */
  view: viewerProcedure
    .input(viewerInput)
    .query(({ ctx, input }) => ctx.service.snapshot(withToken(input, ctx.headerToken))),

  /** One intent of the seat that holds the token; a repeated command id gets the same answer. */
  command: publicProcedure
    .input(commandInput)
    .mutation(({ ctx, input }) => ctx.service.command(input)),

  /** The log: filtered for the viewer while the match runs, in full once it is over. */
  history: viewerProcedure
    .input(viewerInput.extend({ afterVersion: version.optional() }))
    .query(({ ctx, input }) => ctx.service.history(withToken(input, ctx.headerToken))),

  /** The events after `afterVersion`, or a full snapshot when too far behind. */
  catchUp: viewerProcedure
    .input(viewerInput.extend({ afterVersion: version }))
    .query(({ ctx, input }) => ctx.service.catchUp(withToken(input, ctx.headerToken))),

  /**
   * A chat line (at most 280 characters) of the token's seat or of a named spectator (whose
   * budget is its client's, whatever name it gives).
   */
  say: viewerProcedure
    .input(chatInput.extend({ text: z.string().max(2_000) }))
    .mutation(({ ctx, input }) => ctx.service.say(withToken(input, ctx.headerToken), ctx.client)),

  /** A quick reaction by id (`REACTIONS` of @maumau/client). */
  react: viewerProcedure
    .input(chatInput.extend({ reaction: z.string().max(32) }))
    .mutation(({ ctx, input }) => ctx.service.react(withToken(input, ctx.headerToken), ctx.client)),

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

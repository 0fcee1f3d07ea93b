import type { RpcAnswer } from "@maumau/client";
import { TRPCError } from "@trpc/server";
import type { Logger } from "pino";
import type { Socket } from "socket.io";
import { z } from "zod";
import { ServiceError } from "../errors/ServiceError.js";
import { KeyedQueue } from "../matches/KeyedQueue.js";
import { appRouter, appRouterInternals } from "../trpc/appRouter.js";
import { inputRefusal } from "../trpc/text.js";
import { domainError, type Context } from "../trpc/trpc.js";
import { gameCommandShortcut } from "./gameCommandShortcut.js";
import { TooLarge } from "./jsonParser.js";
import { messageRate } from "./messageRate.js";
import { rpcErrorAnswers } from "./rpcErrorAnswers.js";

const rpcMessage = z.object({
  id: z.union([z.string().max(64), z.number()]),
  path: z.string().max(64),
  input: z.unknown().optional(),
});

type Ack = (answer: RpcAnswer) => void;

/** The match id of a watch's or unwatch's input (the procedure's schema checks it). */
const matchIdIn = (input: unknown): string => {
  const id = (input as { matchId?: unknown } | null | undefined)?.matchId;
  return typeof id === "string" ? id : "";
};

/** Calls the procedure at a dotted path (one the router has) through tRPC's caller. */
function callAt(caller: object, path: string, input: unknown): Promise<unknown> {
  let target: unknown = caller;
  for (const part of path.split(".")) target = (target as Record<string, unknown>)[part];
  return (target as (input: unknown) => Promise<unknown>)(input);
}

/**
 * The rpc protocol of one socket: client → server `rpc` `{ id, path, input }` calls any tRPC
 * procedure of the app router with the socket's context, same schemas and errors as HTTP; it
 * is answered by `rpc` `{ id, result: { data } }` or `{ id, error }` (the tRPC error shape), or
 * through the acknowledgement callback when the client passes one. In order:
 * 1. a message over `MAX_PAYLOAD_BYTES` (`TooLarge`) or not `{ id, path, input }`: refused;
 * 2. the socket's rate (`messageRate`): `RATE_LIMITED`;
 * 3. a path that names no procedure: `NOT_FOUND` (nothing of the input is read);
 * 4. input deeper or larger than `INPUT_LIMITS` (issue #18): refused before any schema;
 * 5. `game.command` with valid input: `gameCommandShortcut`; anything else: tRPC's caller.
 *    A socket's watches and unwatches run one at a time per match, in the order sent.
 */
export function serveRpc(
  socket: Pick<Socket, "on" | "emit">,
  opts: { readonly logger: Logger; readonly ctx: Context; readonly commandRate: number },
): void {
  const { ctx } = opts;
  const caller = appRouter.createCaller(ctx);
  const errorAnswer = rpcErrorAnswers(opts.logger, ctx);
  const rate = messageRate(opts.commandRate);
  const shortcut = gameCommandShortcut(ctx.service);
  /** This socket's watches and unwatches, one at a time per match, in the order sent. */
  const watches = new KeyedQueue();

  const answer = (ack: Ack | undefined, reply: RpcAnswer) => {
    if (ack) ack(reply);
    else socket.emit("rpc", reply);
  };

  socket.on("rpc", async (message: unknown, ack?: unknown) => {
    const reply = typeof ack === "function" ? (ack as Ack) : undefined;
    const fail = (id: RpcAnswer["id"], path: string, cause: unknown, input?: unknown) =>
      answer(reply, errorAnswer(id, path, cause, input));
    if (message instanceof TooLarge) {
      fail(null, "", domainError(message.refusal)!);
      return;
    }
    const parsed = rpcMessage.safeParse(message);
    if (!parsed.success) {
      fail(
        null,
        "",
        domainError(
          ServiceError.of(
            "INVALID_INPUT",
            "An rpc message is { id, path, input }.",
            "Eine rpc-Nachricht ist { id, path, input }.",
          ),
        ),
      );
      return;
    }
    const { id, path, input } = parsed.data;
    const limited = rate();
    if (limited !== null) {
      fail(id, path, limited);
      return;
    }
    if (appRouterInternals.procedureType(path) === null) {
      fail(id, path, new TRPCError({ code: "NOT_FOUND", message: `No procedure ${path}.` }));
      return;
    }
    // Issue #18: depth and size bounded before any schema walks the input (the shortcut
    // included); the caller's own middleware checks the same for HTTP.
    const refused = inputRefusal(input);
    if (refused !== null) {
      fail(id, path, domainError(refused));
      return;
    }
    const call = async () => {
      try {
        const data = await ((path === "game.command" ? shortcut(input) : null) ??
          callAt(caller, path, input));
        answer(reply, { id, result: { data } });
      } catch (cause) {
        fail(id, path, cause, input);
      }
    };
    if (path === "game.watch" || path === "game.unwatch") {
      // A page that watches a match again as another viewer (a spectator who took a seat)
      // sends `unwatch` then `watch`: run in that order, answers included, or the unwatch
      // could end the new watch.
      await watches.run(matchIdIn(input), call);
      return;
    }
    await call();
  });
}

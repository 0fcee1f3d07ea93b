import type { RpcAnswer } from "@maumau/client";
import { TRPCError } from "@trpc/server";
import type { Logger } from "pino";
import type { Socket } from "socket.io";
import { ServiceError } from "../errors/ServiceError.js";
import { KeyedQueue } from "../matches/KeyedQueue.js";
import { appRouter, appRouterInternals } from "../trpc/appRouter.js";
import { lobbyListCall } from "../trpc/lobbyListShortcut.js";
import { inputRefusal } from "../trpc/text.js";
import { domainError, type Context } from "../trpc/trpc.js";
import { gameCommandShortcut } from "./gameCommandShortcut.js";
import { TooLarge } from "./jsonParser.js";
import { messageRate } from "./messageRate.js";
import { rpcErrorAnswers } from "./rpcErrorAnswers.js";

/** An rpc message as the socket receives it: what `rpcMessageOf` accepts. */
export interface RpcMessage {
  readonly id: string | number;
  readonly path: string;
  readonly input?: unknown;
}

/**
 * The `{ id, path, input }` of an rpc message, or null when it is none: an object (not an
 * array) whose `id` is a string of at most 64 characters or a finite number, and whose `path` is
 * a string of at most 64 characters; other properties are left out. Written out rather than a
 * zod schema (it was `z.object({ id: z.union([z.string().max(64), z.number()]), path:
 * z.string().max(64), input: z.unknown().optional() })`, which serveRpc.test.ts checks it
 * against): it runs for every message, moves included.
 */
export function rpcMessageOf(message: unknown): RpcMessage | null {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return null;
  const { id, path, input } = message as { id?: unknown; path?: unknown; input?: unknown };
  const idOk =
    (typeof id === "string" && id.length <= 64) || (typeof id === "number" && Number.isFinite(id));
  if (!idOk || typeof path !== "string" || path.length > 64) return null;
  return input === undefined && !("input" in message) ? { id, path } : { id, path, input };
}

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
 * 5. `game.command` and `lobby.list` with valid input: `gameCommandShortcut`, `lobbyListCall`;
 *    anything else: tRPC's caller.
 *    A socket's watches and unwatches run one at a time per match, in the order sent.
 */
export function serveRpc(
  socket: Pick<Socket, "on" | "emit">,
  opts: { readonly logger: Logger; readonly ctx: Context; readonly commandRate: number },
): void {
  const { ctx } = opts;
  const errorAnswer = rpcErrorAnswers(opts.logger, ctx);
  const rate = messageRate(opts.commandRate);
  const shortcuts: ReadonlyMap<string, (input: unknown) => Promise<unknown> | null> = new Map([
    ["game.command", gameCommandShortcut(ctx.service)],
    ["lobby.list", lobbyListCall(ctx.service)],
  ]);
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
    const parsed = rpcMessageOf(message);
    if (parsed === null) {
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
    const { id, path, input } = parsed;
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
        const data = await (shortcuts.get(path)?.(input) ??
          // A caller per call: tRPC's caller is a proxy that memoises a proxy for every path
          // it was asked for (kept per socket, that was ~2.5 KB of heap a socket).
          callAt(appRouter.createCaller(ctx), path, input));
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

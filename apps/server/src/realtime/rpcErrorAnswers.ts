import type { RpcAnswer } from "@maumau/client";
import { getTRPCErrorFromUnknown } from "@trpc/server";
import type { Logger } from "pino";
import { errorIdOf } from "../errors/internal.js";
import { appRouterInternals } from "../trpc/appRouter.js";
import { commandLogFields, isFailure, type Context } from "../trpc/trpc.js";

/** The answer to a failed call of one socket's `rpc`. */
export type RpcErrorAnswer = (
  id: RpcAnswer["id"],
  path: string,
  cause: unknown,
  input?: unknown,
) => RpcAnswer;

/**
 * Error shaping for the socket's `rpc`: a failed call is answered with the error as HTTP tRPC
 * answers it (tRPC's shape through the app's error formatter: a typed refusal, no library
 * wording), and a failure (no refusal of the server's) is logged as `socket rpc failed` with the
 * `errorId` its answer names, and a game command's `matchId` and `commandId`.
 */
export function rpcErrorAnswers(logger: Logger, ctx: Context): RpcErrorAnswer {
  return (id, path, cause, input) => {
    const error = getTRPCErrorFromUnknown(cause);
    if (isFailure(error)) {
      logger.error(
        { err: error, path, errorId: errorIdOf(error), ...commandLogFields(path, input) },
        "socket rpc failed",
      );
    }
    const type = appRouterInternals.procedureType(path) ?? "unknown";
    return { id, error: appRouterInternals.errorShape({ error, type, path, input, ctx }) };
  };
}

import type { MatchService } from "../matches/MatchService.js";
import { commandInput } from "../trpc/gameRouter.js";
import { domainError } from "../trpc/trpc.js";

/**
 * `game.command` over the socket without tRPC's caller: most of the traffic, and the caller's
 * middleware chain costs more than the rest of the rpc. The service is called directly, with
 * the procedure's input schema and its error mapping (a service refusal becomes the same
 * TRPCError). Input the schema refuses gets null: the caller's path answers it, with tRPC's own
 * error. (The input's depth and size are bounded before, as for every rpc.)
 */
export function gameCommandShortcut(
  service: MatchService,
): (input: unknown) => Promise<unknown> | null {
  return (input) => {
    const command = commandInput.safeParse(input);
    if (!command.success) return null;
    return service.command(command.data).catch((cause: unknown) => {
      throw domainError(cause) ?? cause;
    });
  };
}

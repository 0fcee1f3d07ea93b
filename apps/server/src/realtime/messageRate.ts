import { TRPCError } from "@trpc/server";
import { ServiceError } from "../errors/ServiceError.js";
import { TokenBucket } from "../security/TokenBucket.js";

/**
 * One socket's rate limit: at most `COMMAND_RATE` `rpc` messages a second (a token bucket).
 * Each call takes one message: null when it may go on, else the typed `RATE_LIMITED` refusal
 * (429) to answer it with.
 */
export function messageRate(commandRate: number): () => TRPCError | null {
  const bucket = new TokenBucket(commandRate);
  return () => {
    if (bucket.take()) return null;
    const limited = ServiceError.of(
      "RATE_LIMITED",
      `More than ${commandRate} messages a second.`,
      `Mehr als ${commandRate} Nachrichten pro Sekunde.`,
    );
    return new TRPCError({ code: "TOO_MANY_REQUESTS", message: limited.message, cause: limited });
  };
}

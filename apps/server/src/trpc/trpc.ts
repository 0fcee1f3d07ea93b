import type { IncomingHttpHeaders } from "node:http";
import { initTRPC, TRPCError } from "@trpc/server";
import type { Viewer } from "@maumau/engine";
import { ServiceError, type ErrorRefusal } from "../errors/ServiceError.js";
import type { MatchService } from "../matches/MatchService.js";
import { UnstorableTextError } from "../store/common.js";

/** What only a socket connection can do: join a match's room and receive its frames. */
export interface SocketSession {
  watch(input: {
    matchId: string;
    token?: string | undefined;
    afterVersion?: number | undefined;
  }): Promise<{ matchId: string; viewer: Viewer; version: number }>;
  unwatch(matchId: string): void;
  /** Join the lobby's room: a `lobby` signal whenever the match list changes. */
  watchLobby(): void;
  unwatchLobby(): void;
}

export interface Context {
  readonly service: MatchService;
  readonly transport: "http" | "socket";
  /** Who is asking (their address), for per-client limits. */
  readonly client: string;
  /** Null over HTTP. */
  readonly socket: SocketSession | null;
  /** Over HTTP: the request's method and the seat token of its header; null over the socket. */
  readonly http: HttpRequestInfo | null;
}

export interface HttpRequestInfo {
  readonly method: string;
  /** `Authorization: Bearer <token>` or `x-seat-token: <token>`, when sent. */
  readonly seatToken: string | null;
}

/** The seat token an HTTP request carries in a header (never in its URL). */
export function seatTokenOf(headers: IncomingHttpHeaders): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? "");
  if (bearer) return bearer[1]!;
  const header = headers["x-seat-token"];
  return typeof header === "string" && header !== "" ? header : null;
}

/** Every error, whatever its source, carries a refusal: `{ code, rule?, message: { de, en } }`. */
export function refusalOf(error: TRPCError): ErrorRefusal {
  if (error.cause instanceof ServiceError) return error.cause.refusal;
  switch (error.code) {
    case "PAYLOAD_TOO_LARGE":
      return {
        code: "PAYLOAD_TOO_LARGE",
        message: { en: "The request is too large.", de: "Die Anfrage ist zu groß." },
      };
    case "INTERNAL_SERVER_ERROR":
      return { code: "INTERNAL", message: { en: "Internal error.", de: "Interner Fehler." } };
    default:
      return {
        code: "INVALID_INPUT",
        message: { en: error.message, de: `Ungültige Anfrage: ${error.message}` },
      };
  }
}

const t = initTRPC.context<Context>().create({
  isDev: false,
  errorFormatter({ shape, error }) {
    const refusal = refusalOf(error);
    return {
      ...shape,
      message: error.code === "INTERNAL_SERVER_ERROR" ? refusal.message.en : shape.message,
      data: { ...shape.data, refusal },
    };
  },
});

/**
 * A refusal thrown by the service as a TRPCError of its kind, the refusal as its cause; null
 * for any other error.
 */
export function domainError(error: unknown): TRPCError | null {
  if (error instanceof ServiceError) {
    return new TRPCError({ code: error.kind, message: error.message, cause: error });
  }
  if (error instanceof UnstorableTextError) {
    // The schemas refuse such text first; should any reach a store, it is still bad input.
    const cause = ServiceError.of(
      "INVALID_INPUT",
      "Text must not contain NUL characters or unpaired surrogates.",
      "Text darf keine NUL-Zeichen und keine einzelnen Surrogate enthalten.",
    );
    return new TRPCError({ code: cause.kind, message: cause.message, cause });
  }
  return null;
}

/** A refusal thrown by the service becomes a TRPCError of its kind, the refusal as its cause. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const error = domainError(result.error.cause);
    if (error !== null) throw error;
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(domainErrors);

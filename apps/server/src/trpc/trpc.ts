import type { IncomingHttpHeaders } from "node:http";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { initTRPC, TRPCError } from "@trpc/server";
import { issuePlaces, placesText, type Viewer } from "@maumau/engine";
import { errorIdOf, internalRefusal } from "../errors/internal.js";
import { ServiceError, type ErrorRefusal } from "../errors/ServiceError.js";
import type { MatchService } from "../matches/MatchService.js";
import type { ReplayRooms } from "../replays/ReplayRooms.js";
import { UnstorableTextError } from "../store/common.js";
import { inputRefusal } from "./text.js";

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
  /** Join a shared replay's room as the token's member: a `replayRoom` frame now and on every change. */
  watchReplayRoom(input: { roomId: string; token: string }): { roomId: string; memberId: string };
  unwatchReplayRoom(roomId: string): void;
}

export interface Context {
  readonly service: MatchService;
  /** Shared replays held by this process. */
  readonly replayRooms: ReplayRooms;
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

/** A game command's match id and command id, for every log line about it. */
export function commandLogFields(
  path: string | undefined,
  input: unknown,
): { matchId?: string; commandId?: string } {
  if (path !== "game.command" || typeof input !== "object" || input === null) return {};
  const { matchId, commandId } = input as { matchId?: unknown; commandId?: unknown };
  return {
    ...(typeof matchId === "string" ? { matchId: matchId.slice(0, 64) } : {}),
    ...(typeof commandId === "string" ? { commandId: commandId.slice(0, 64) } : {}),
  };
}

/** The error is none of the server's refusals: a failure, logged with its id. */
export const isFailure = (error: TRPCError): boolean =>
  !(error.cause instanceof ServiceError) && getHTTPStatusCodeFromError(error) >= 500;

const invalid = (en: string, de: string): ErrorRefusal => ({
  code: "INVALID_INPUT",
  message: { en, de },
});

/**
 * Every error, whatever its source, carries a refusal: `{ code, rule?, message: { de, en } }`.
 * Only the server's own texts are sent: a failure's message, stack or a library's wording
 * (zod's issues, tRPC's parse errors) stay in the log; a failure answers INTERNAL with the id
 * of its log line.
 */
export function refusalOf(error: TRPCError): ErrorRefusal {
  if (error.cause instanceof ServiceError) return error.cause.refusal;
  if (isFailure(error)) return internalRefusal(errorIdOf(error));
  switch (error.code) {
    case "PAYLOAD_TOO_LARGE":
      return {
        code: "PAYLOAD_TOO_LARGE",
        message: { en: "The request is too large.", de: "Die Anfrage ist zu groß." },
      };
    case "NOT_FOUND":
      return invalid("No such procedure.", "Diese Prozedur gibt es nicht.");
    case "METHOD_NOT_SUPPORTED":
      return invalid(
        "This procedure is not called with this method.",
        "Diese Prozedur wird nicht mit dieser Methode aufgerufen.",
      );
    case "PARSE_ERROR":
      return invalid("The request cannot be read.", "Die Anfrage ist nicht lesbar.");
    case "UNSUPPORTED_MEDIA_TYPE":
      return invalid(
        "The request's content type is not supported.",
        "Der Inhaltstyp der Anfrage wird nicht unterstützt.",
      );
    default: {
      // Where the input was refused, in the server's words (zod's stay in the log).
      const places = issuePlaces((error.cause as { issues?: unknown } | undefined)?.issues);
      return invalid(
        `Invalid input${placesText(places.en)}.`,
        `Ungültige Eingabe${placesText(places.de)}.`,
      );
    }
  }
}

const t = initTRPC.context<Context>().create({
  isDev: false,
  errorFormatter({ shape, error, ctx }) {
    const refusal = refusalOf(error);
    ctx?.service.metrics?.rpcErrors.inc({ code: refusal.code });
    return { ...shape, message: refusal.message.en, data: { ...shape.data, refusal } };
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

/**
 * Issue #18: the raw input of every procedure, over HTTP and the socket, is bounded in depth and
 * size (`INPUT_LIMITS`) by one iterative walk before its schema or any other code walks it.
 */
const boundedInput = t.middleware(async ({ getRawInput, next }) => {
  const refused = inputRefusal(await getRawInput());
  if (refused !== null) throw refused;
  return next();
});

export const router = t.router;
export const publicProcedure = t.procedure.use(domainErrors).use(boundedInput);

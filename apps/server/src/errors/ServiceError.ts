import type { ErrorRefusal, ServerCode } from "@maumau/client";
import type { RefusalCode } from "@maumau/engine";

export { SERVER_CODES, type ErrorRefusal, type ServerCode } from "@maumau/client";

/** How a transport should classify the error (tRPC error code names). */
export type ErrorKind =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "UNPROCESSABLE_CONTENT"
  | "PRECONDITION_FAILED"
  | "TOO_MANY_REQUESTS"
  | "PAYLOAD_TOO_LARGE"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL_SERVER_ERROR";

const KIND_OF: Readonly<Record<RefusalCode | ServerCode, ErrorKind>> = {
  INVALID_COMMAND: "BAD_REQUEST",
  GAME_OVER: "UNPROCESSABLE_CONTENT",
  NOT_YOUR_TURN: "UNPROCESSABLE_CONTENT",
  NOT_IN_HAND: "UNPROCESSABLE_CONTENT",
  ILLEGAL_MOVE: "UNPROCESSABLE_CONTENT",
  CHOICE_REQUIRED: "UNPROCESSABLE_CONTENT",
  INVALID_INPUT: "BAD_REQUEST",
  INVALID_OPTIONS: "BAD_REQUEST",
  UNKNOWN_VARIANT: "BAD_REQUEST",
  INVALID_RULE_SET: "BAD_REQUEST",
  MATCH_NOT_FOUND: "NOT_FOUND",
  ROOM_NOT_FOUND: "NOT_FOUND",
  NOT_LEADER: "FORBIDDEN",
  RULE_SET_NOT_FOUND: "NOT_FOUND",
  BAD_TOKEN: "UNAUTHORIZED",
  SEAT_LOST: "UNAUTHORIZED",
  TOKEN_IN_URL: "BAD_REQUEST",
  NOT_OWNER: "FORBIDDEN",
  SEAT_TAKEN: "CONFLICT",
  SEAT_EMPTY: "CONFLICT",
  NOT_HOST: "FORBIDDEN",
  PLAYER_PRESENT: "CONFLICT",
  NO_FREE_SEAT: "CONFLICT",
  NOT_IN_LOBBY: "PRECONDITION_FAILED",
  NOT_STARTED: "PRECONDITION_FAILED",
  NOT_OVER: "PRECONDITION_FAILED",
  SEATS_NOT_FILLED: "PRECONDITION_FAILED",
  CONFLICT: "CONFLICT",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  LIMIT: "TOO_MANY_REQUESTS",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  SOCKET_ONLY: "BAD_REQUEST",
  SHUTTING_DOWN: "SERVICE_UNAVAILABLE",
  STORE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
  FORBIDDEN_ORIGIN: "FORBIDDEN",
  FORBIDDEN_HOST: "FORBIDDEN",
  INTERNAL: "INTERNAL_SERVER_ERROR",
  CHAT_EMPTY: "BAD_REQUEST",
  CHAT_TOO_LONG: "BAD_REQUEST",
  CHAT_TOO_FAST: "TOO_MANY_REQUESTS",
  CHAT_BAD_TEXT: "BAD_REQUEST",
  UNKNOWN_REACTION: "BAD_REQUEST",
  SPECTATORS_READ_ONLY: "FORBIDDEN",
};

/** A refused request: the engine's refusal or a server rule. Thrown, mapped by each transport. */
export class ServiceError extends Error {
  override readonly name = "ServiceError";
  readonly kind: ErrorKind;
  constructor(readonly refusal: ErrorRefusal) {
    super(refusal.message.en);
    this.kind = KIND_OF[refusal.code];
  }

  static of(code: ServerCode, en: string, de: string): ServiceError {
    return new ServiceError({ code, message: { en, de } });
  }
}

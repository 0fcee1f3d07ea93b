import type { ErrorRefusal } from "./protocol.js";

/** The tRPC error shape as the server sends it, with the refusal in `data`. */
export interface ErrorShape {
  readonly message?: string;
  readonly code?: number;
  readonly data?: {
    readonly code?: string;
    readonly httpStatus?: number;
    readonly refusal?: ErrorRefusal;
  };
}

/** The server refused: its typed refusal (`NOT_YOUR_TURN`, `BAD_TOKEN`, …). */
export class RemoteRefusal extends Error {
  override readonly name = "RemoteRefusal";
  constructor(
    readonly path: string,
    readonly refusal: ErrorRefusal,
    readonly httpStatus: number | null,
    /** The whole error as the server sent it. */
    readonly shape: ErrorShape = {},
  ) {
    super(
      `${path}: ${refusal.code}${refusal.rule ? ` (${refusal.rule})` : ""}: ${refusal.message.en}`,
    );
  }
  get code(): string {
    return this.refusal.code;
  }
}

/** No answer: the connection is down, or the answer did not come in time. */
export class TransportError extends Error {
  override readonly name = "TransportError";
  constructor(
    readonly path: string,
    readonly reason: "disconnected" | "timeout",
    detail: string,
  ) {
    super(`${path}: ${reason} (${detail})`);
  }
}

/**
 * What a failed call tells a player: the server's refusal, or any other failure (the connection,
 * a bug) as an `INTERNAL` refusal whose message is the error's text.
 */
export function refusalOf(error: unknown): ErrorRefusal {
  if (error instanceof RemoteRefusal) return error.refusal;
  const text = String(error);
  return { code: "INTERNAL", message: { en: text, de: text } };
}

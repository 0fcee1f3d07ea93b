import { isStorableText } from "@maumau/client/schema";
import type { NewEvent } from "./EventStore.js";

/** Longest stream id, command id or event type accepted (they are index keys). */
export const MAX_ID_LENGTH = 256;

// Every store refuses what the protocol refuses (`@maumau/client/schema`): NUL, lone surrogates.
// The same, as JSON.stringify escapes them: an unescaped `\u0000` or `\ud8xx`..`\udfxx`.
const UNSTORABLE_ESCAPE = /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f])/;

export { isStorableText };

/**
 * Text no store can keep (NUL, an unpaired surrogate). Callers validate client input before
 * it gets here; this error is the last line, and the server answers it as INVALID_INPUT.
 */
export class UnstorableTextError extends TypeError {
  override readonly name = "UnstorableTextError";
}

function checkId(what: string, value: unknown): asserts value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_ID_LENGTH) {
    throw new TypeError(`${what} must be a string of 1 to ${MAX_ID_LENGTH} characters`);
  }
  if (!isStorableText(value)) {
    throw new UnstorableTextError(`${what} must not contain NUL or unpaired surrogate characters`);
  }
}

function checkCount(what: string, value: unknown): asserts value is number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole number ≥ 0 (got ${String(value)})`);
  }
}

export function checkStreamId(streamId: unknown): asserts streamId is string {
  checkId("stream id", streamId);
}

export function checkCommandId(commandId: unknown): asserts commandId is string {
  checkId("command id", commandId);
}

export function checkAfterVersion(afterVersion: unknown): asserts afterVersion is number {
  checkCount("afterVersion", afterVersion);
}

export function checkPrefix(prefix: unknown): asserts prefix is string {
  if (typeof prefix !== "string") throw new TypeError("prefix must be a string");
  if (!isStorableText(prefix)) {
    throw new UnstorableTextError("prefix must be a string without NUL or unpaired surrogates");
  }
}

export function checkLimit(limit: unknown): asserts limit is number | undefined {
  if (limit !== undefined) checkCount("limit", limit);
}

/** An event ready to be written: its data already serialised as JSON text. */
export interface EncodedEvent {
  readonly type: string;
  readonly json: string;
}

/**
 * Validates an append's arguments and serialises the event data once. Data must be JSON:
 * `undefined` data is stored as `null`, and what JSON.stringify drops or converts (undefined
 * properties, Dates, NaN) comes back the way JSON.parse returns it — the same in every store.
 */
export function prepareAppend(
  streamId: unknown,
  expectedVersion: unknown,
  events: readonly NewEvent[],
  commandId: unknown,
): EncodedEvent[] {
  checkStreamId(streamId);
  checkCount("expectedVersion", expectedVersion);
  if (commandId !== undefined) checkCommandId(commandId);
  if (!Array.isArray(events) || events.length === 0) {
    throw new RangeError("an append needs at least one event");
  }
  return events.map((event: NewEvent, index) => {
    checkId(`event ${index} type`, event?.type);
    let json: string | undefined;
    try {
      json = JSON.stringify(event.data ?? null);
    } catch (error) {
      throw new TypeError(`event ${index} data is not JSON-serialisable: ${String(error)}`);
    }
    if (json === undefined) {
      throw new TypeError(`event ${index} data is not JSON-serialisable`);
    }
    // Every match of the pattern holds `\u`: a plain search first (4× faster than the regex
    // on a typical event, which holds none).
    if (json.includes("\\u") && UNSTORABLE_ESCAPE.test(json)) {
      throw new UnstorableTextError(
        `event ${index} data contains NUL or unpaired surrogate characters`,
      );
    }
    return { type: event.type, json };
  });
}

/** Thrown by every method of a store after `close()`. */
export class StoreClosedError extends Error {
  override readonly name = "StoreClosedError";
  constructor(message = "the event store is closed") {
    super(message);
  }
}

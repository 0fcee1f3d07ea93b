import { randomUUID } from "node:crypto";
import type { ErrorRefusal } from "./ServiceError.js";

const ids = new WeakMap<object, string>();

/**
 * The id of one failure: made on first use and kept with the error object, so the log line
 * and the answer (built at different places by tRPC) name the same id.
 */
export function errorIdOf(error: object): string {
  let id = ids.get(error);
  if (id === undefined) {
    id = randomUUID();
    ids.set(error, id);
  }
  return id;
}

/** What a client learns of a failure it did not cause: that it happened, and its id. */
export const internalRefusal = (errorId: string): ErrorRefusal => ({
  code: "INTERNAL",
  errorId,
  message: {
    en: `Internal error (id ${errorId}).`,
    de: `Interner Fehler (Kennung ${errorId}).`,
  },
});

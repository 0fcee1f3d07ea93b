import { z } from "zod";
import { isStorableText, text } from "@maumau/client/schema";

const MESSAGE = "must not contain NUL characters or unpaired surrogates";

export { text };

/** The path of the first key or string inside `value` that no store can keep, else null. */
export function unstorablePath(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === "string") return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorablePath(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key];
      const found = unstorablePath(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** A JSON document from a client (options, a rule set): every key and string checked. */
export const document = () =>
  z.record(text(), z.unknown()).superRefine((doc, ctx) => {
    const path = unstorablePath(doc);
    if (path) ctx.addIssue({ code: "custom", message: MESSAGE, path });
  });

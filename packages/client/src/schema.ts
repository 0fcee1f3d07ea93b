import type { Localized } from "@maumau/engine";
import { commandSchemaOf } from "@maumau/engine/commands";
import { issueWords } from "@maumau/engine/issuePlaces";
import { z } from "zod";
import { isShowableText } from "./shownText.js";

// A NUL or a lone surrogate cannot be stored by PostgreSQL (text and JSONB) and better-sqlite3
// would silently turn a lone surrogate into U+FFFD: no client string may carry one.
const UNSTORABLE_CHAR =
  // eslint-disable-next-line no-control-regex -- matching NUL is the point
  /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a string can be stored as it is: no NUL, no unpaired surrogate. */
export const isStorableText = (text: string): boolean => !UNSTORABLE_CHAR.test(text);

/**
 * A check's words as a zod custom issue carries them: the English as its message, the German
 * in `params.de` (what the engine's `issuePlaces`, and so the server's German refusals, read).
 */
export const checkWords = issueWords;

const UNSTORABLE: Localized = {
  en: "must not contain NUL characters or unpaired surrogates",
  de: "darf keine NUL-Zeichen und keine einzelnen Surrogate enthalten",
};

/** A client string: NUL and lone surrogates are refused here, before any store sees them. */
export const text = () => z.string().refine(isStorableText, checkWords(UNSTORABLE));

export { isShowableText };

/**
 * The refusal of a name or a line that people read but that would not show as text (a control
 * character, line separator or bidi override: `isShowableText`); given after trimming. The
 * options of a refine: its English message and German `params.de`.
 */
export const SHOWN_TEXT = checkWords({
  en: "must not contain control characters, line breaks, bidi overrides or invisible characters",
  de: "darf keine Steuerzeichen, Zeilenumbrüche, Bidi-Steuerzeichen oder unsichtbaren Zeichen enthalten",
});

const seat = z.number().int().min(0).max(63);
const name = text().min(1).max(32);

/**
 * A player's intent as a client sends it (the server validates with this very schema): the
 * engine's one definition (`commandSchemaOf`) with a client's bounds. The seat comes from the
 * seat token; a client may repeat it (legal moves carry it) but never name another.
 */
export const commandSchema = commandSchemaOf({
  seat,
  ownSeat: seat.optional(),
  text: name,
  at: z.number().int().min(0).max(1000),
});

export type ClientCommand = z.infer<typeof commandSchema>;

/**
 * What any procedure's input may be, checked before any schema or code walks it (issue #18):
 * nesting depth (an array or object inside another counts one level) and values in all (every
 * array, object, string, number, boolean and null counts one). The payload itself is at most
 * the server's MAX_PAYLOAD_BYTES (64 KiB by default).
 */
export const INPUT_LIMITS = { depth: 32, nodes: 1024 } as const;

/**
 * What a JSON document from a client (match options, a rule set) may be: shallower, smaller,
 * and at most `bytes` of UTF-8 JSON text. The largest valid house-rules document is ~2.5 KiB.
 */
export const DOCUMENT_LIMITS = { depth: 8, nodes: 512, bytes: 8192 } as const;

export type JsonPath = (string | number)[];

/** Why a value is refused, and where: the path of the first offending value or key. */
export interface ShapeProblem {
  readonly kind: "depth" | "nodes" | "text";
  readonly path: JsonPath;
  /** What is wrong, after the path: "is nested deeper than 8 levels". */
  readonly message: string;
  /** The same in German: "ist tiefer als 8 Ebenen verschachtelt". */
  readonly de: string;
}

/** What a problem of `kind` says, in English and German, for the limits it was found under. */
export function shapeWords(
  kind: ShapeProblem["kind"],
  limits: { readonly depth: number; readonly nodes: number },
): Localized {
  switch (kind) {
    case "depth":
      return {
        en: `is nested deeper than ${limits.depth} levels`,
        de: `ist tiefer als ${limits.depth} Ebenen verschachtelt`,
      };
    case "nodes":
      return {
        en: `holds more than ${limits.nodes} values`,
        de: `enthält mehr als ${limits.nodes} Werte`,
      };
    case "text":
      return UNSTORABLE;
  }
}

/** A value still to visit: the path is kept as a parent link, built only when reported. */
interface Pending {
  readonly value: unknown;
  readonly depth: number;
  readonly parent: Pending | null;
  readonly key: string | number;
}

const pathOf = (at: Pending | null, last?: string | number): JsonPath => {
  const path: JsonPath = last === undefined ? [] : [last];
  for (let p = at; p !== null && p.parent !== null; p = p.parent) path.push(p.key);
  return path.reverse();
};

/**
 * The first reason `value` is deeper, larger or holds text a store cannot keep (NUL, lone
 * surrogates; with `text: true`), else null. Iterative (no recursion, however deep the value),
 * and it stops at the first problem: its cost is bounded by `limits.nodes`, whatever the input.
 */
export function shapeProblem(
  value: unknown,
  limits: { readonly depth: number; readonly nodes: number },
  options: { readonly text?: boolean } = {},
): ShapeProblem | null {
  const stack: Pending[] = [{ value, depth: 0, parent: null, key: "" }];
  // Values seen so far, counted when their container is reached: every value is pushed once,
  // and never more than `limits.nodes` of them.
  let nodes = 1;
  // Only what can hold a problem is visited: containers, and strings when text is checked (the
  // values of a command are mostly numbers and booleans, and this runs for every one).
  const visits = (child: unknown): boolean =>
    (typeof child === "object" && child !== null) ||
    (options.text === true && typeof child === "string");
  const problem = (kind: ShapeProblem["kind"], path: JsonPath): ShapeProblem => {
    const words = shapeWords(kind, limits);
    return { kind, path, message: words.en, de: words.de };
  };
  const tooMany = (at: Pending): ShapeProblem => problem("nodes", pathOf(at));
  while (stack.length > 0) {
    const at = stack.pop()!;
    const v = at.value;
    if (typeof v === "string") {
      if (options.text && !isStorableText(v)) return problem("text", pathOf(at));
      continue;
    }
    if (typeof v !== "object" || v === null) continue;
    if (at.depth >= limits.depth) return problem("depth", pathOf(at));
    if (Array.isArray(v)) {
      nodes += v.length;
      if (nodes > limits.nodes) return tooMany(at);
      for (let i = v.length - 1; i >= 0; i--)
        if (visits(v[i])) stack.push({ value: v[i], depth: at.depth + 1, parent: at, key: i });
      continue;
    }
    const keys = Object.keys(v);
    nodes += keys.length;
    if (nodes > limits.nodes) return tooMany(at);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (options.text && !isStorableText(key)) return problem("text", pathOf(at, key));
      const child = (v as Record<string, unknown>)[key];
      if (visits(child)) stack.push({ value: child, depth: at.depth + 1, parent: at, key });
    }
  }
  return null;
}

/**
 * Why JSON text is beyond `limits`, read from the text itself: one pass over its characters
 * (brackets and commas inside strings skipped), no parsing. "depth": arrays and objects nest
 * deeper than `limits.depth`; "nodes": it holds more than `limits.nodes` values (n values need
 * n − 1 commas, so a text refused here is never one `shapeProblem` accepts). A transport checks
 * this before JSON.parse builds a value for nothing. Malformed text is left to the parser.
 */
export function jsonTextProblem(
  text: string,
  limits: { readonly depth: number; readonly nodes: number },
): "depth" | "nodes" | null {
  let depth = 0;
  let commas = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x2c) {
      if (++commas >= limits.nodes) return "nodes";
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limits.depth) return "depth";
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return null;
}

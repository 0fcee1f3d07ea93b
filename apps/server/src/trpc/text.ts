import { z } from "zod";
import type { Localized } from "@maumau/engine";
import {
  checkWords,
  DOCUMENT_LIMITS,
  INPUT_LIMITS,
  jsonTextProblem,
  shapeProblem,
  shapeWords,
  text,
  type JsonPath,
  type ShapeProblem,
} from "@maumau/client/schema";
import { ServiceError } from "../errors/ServiceError.js";

export { checkWords, text };

/** A path as refusals name it: `options.x.0.0`, or `(input)` for the value itself. */
const shown = (path: readonly (string | number)[]): string =>
  path.length === 0 ? "(input)" : path.map((p) => String(p).slice(0, 40)).join(".");

/**
 * The typed refusal of an input deeper or larger than `INPUT_LIMITS` (issue #18): checked on the
 * raw input of every procedure, before its schema or any other code walks it.
 */
export function inputRefusal(input: unknown): ServiceError | null {
  const problem = shapeProblem(input, INPUT_LIMITS);
  return problem === null ? null : refusalOf(problem);
}

/**
 * The same refusal from an input's JSON text, before it is parsed: `envelope` is the depth and
 * the values the text adds around the input (a batch, a socket packet); `inputs` how many
 * inputs it carries (a batch of several).
 */
export function inputTextRefusal(
  text: string,
  envelope: { readonly depth: number; readonly nodes: number },
  inputs = 1,
): ServiceError | null {
  const kind = jsonTextProblem(text, {
    depth: INPUT_LIMITS.depth + envelope.depth,
    nodes: INPUT_LIMITS.nodes * inputs + envelope.nodes,
  });
  if (kind === null) return null;
  const words = shapeWords(kind, INPUT_LIMITS);
  return refusalOf({ kind, path: [], message: words.en, de: words.de });
}

const refusalOf = (problem: ShapeProblem): ServiceError =>
  ServiceError.of(
    "INVALID_INPUT",
    `${shown(problem.path)} ${problem.message}.`,
    `${shown(problem.path)} ${problem.de}.`,
  );

/**
 * A check of ours as a zod custom issue: the English as its message, the German in
 * `params.de`, which `issuePlaces` reads for the German refusal.
 */
const issue = (words: Localized, path?: JsonPath) => ({
  code: "custom" as const,
  ...checkWords(words),
  ...(path === undefined ? {} : { path }),
});

/**
 * A client string of `form` (an id, a name), refused saying what the form is: a check of ours,
 * English and German. zod's own regex check would be named by its field alone ("Invalid input:
 * matchId."), its message reaching no refusal (`issuePlaces` reads custom issues only).
 */
export const formed = (form: RegExp, words: Localized) =>
  text().refine((s) => form.test(s), checkWords(words));

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

/**
 * A JSON document from a client (options, a rule set): an object at most `DOCUMENT_LIMITS`
 * deep, large and long (UTF-8 JSON text), every key and string storable. One iterative walk,
 * the path built only for a refusal; the byte count only once the walk has bounded the value.
 */
export const document = () =>
  z.unknown().transform((doc, ctx): Record<string, unknown> => {
    if (!isPlainObject(doc)) {
      ctx.addIssue(issue({ en: "must be an object", de: "muss ein Objekt sein" }));
      return z.NEVER;
    }
    const problem = shapeProblem(doc, DOCUMENT_LIMITS, { text: true });
    if (problem !== null) {
      ctx.addIssue(issue({ en: problem.message, de: problem.de }, problem.path));
      return z.NEVER;
    }
    const bytes = Buffer.byteLength(JSON.stringify(doc));
    if (bytes > DOCUMENT_LIMITS.bytes) {
      ctx.addIssue(
        issue({
          en: `is ${bytes} bytes of JSON, more than ${DOCUMENT_LIMITS.bytes}`,
          de: `ist ${bytes} Bytes JSON, mehr als ${DOCUMENT_LIMITS.bytes}`,
        }),
      );
      return z.NEVER;
    }
    return doc;
  });

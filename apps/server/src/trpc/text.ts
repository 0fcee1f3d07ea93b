import { z } from "zod";
import {
  DOCUMENT_LIMITS,
  INPUT_LIMITS,
  jsonTextProblem,
  shapeProblem,
  text,
  type ShapeProblem,
} from "@maumau/client/schema";
import { ServiceError } from "../errors/ServiceError.js";

export { text };

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
  return kind === null ? null : refusalOf({ kind, path: [], message: MESSAGES[kind] });
}

const MESSAGES = {
  depth: `is nested deeper than ${INPUT_LIMITS.depth} levels`,
  nodes: `holds more than ${INPUT_LIMITS.nodes} values`,
} as const;

const refusalOf = (problem: ShapeProblem): ServiceError =>
  ServiceError.of(
    "INVALID_INPUT",
    `${shown(problem.path)} ${problem.message}.`,
    `${shown(problem.path)}: ${
      problem.kind === "depth"
        ? `tiefer als ${INPUT_LIMITS.depth} Ebenen verschachtelt`
        : problem.kind === "nodes"
          ? `mehr als ${INPUT_LIMITS.nodes} Werte`
          : "NUL-Zeichen oder einzelne Surrogate"
    }.`,
  );

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
      ctx.addIssue({ code: "custom", message: "must be an object" });
      return z.NEVER;
    }
    const problem = shapeProblem(doc, DOCUMENT_LIMITS, { text: true });
    if (problem !== null) {
      ctx.addIssue({ code: "custom", message: problem.message, path: problem.path });
      return z.NEVER;
    }
    const bytes = Buffer.byteLength(JSON.stringify(doc));
    if (bytes > DOCUMENT_LIMITS.bytes) {
      ctx.addIssue({
        code: "custom",
        message: `is ${bytes} bytes of JSON, more than ${DOCUMENT_LIMITS.bytes}`,
      });
      return z.NEVER;
    }
    return doc;
  });

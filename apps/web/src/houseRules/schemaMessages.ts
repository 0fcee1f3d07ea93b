import type { Lang } from "@maumau/engine";
import { CUSTOM_PROBLEMS, type CustomProblem } from "@maumau/variant-custom";
import type { TFunction } from "i18next";
import type { z } from "zod";
import de from "zod/v4/locales/de.js";
import en from "zod/v4/locales/en.js";

/**
 * zod's own messages in the page's language, for the house-rules editor's list of problems
 * (`schema.safeParse(doc, { error: schemaMessages[lang] })`; a schema's custom messages win).
 */
export const schemaMessages: Readonly<Record<Lang, z.core.$ZodErrorMap>> = {
  de: withBounds(de().localeError, {
    atMost: "höchstens",
    atLeast: "mindestens",
    below: "unter",
    above: "über",
  }),
  en: withBounds(en().localeError, {
    atMost: "at most",
    atLeast: "at least",
    below: "below",
    above: "above",
  }),
};

/**
 * A number out of its bounds in the words a player reads ("at most 10"), instead of zod's
 * "Too big: expected number to be <=10"; every other issue as the locale writes it.
 */
function withBounds(
  locale: z.core.$ZodErrorMap,
  words: { atMost: string; atLeast: string; below: string; above: string },
): z.core.$ZodErrorMap {
  return (issue) => {
    if (issue.code === "too_big" && issue.origin === "number")
      return `${issue.inclusive === false ? words.below : words.atMost} ${String(issue.maximum)}`;
    if (issue.code === "too_small" && issue.origin === "number")
      return `${issue.inclusive === false ? words.above : words.atLeast} ${String(issue.minimum)}`;
    return locale(issue);
  };
}

/**
 * A schema issue in the page's language: a problem across fields that the house-rules schema
 * names (`params.problem`, `CUSTOM_PROBLEMS`) from this page's words, with the values it names;
 * any other issue as zod wrote it (`schemaMessages`).
 */
export function issueText(issue: z.core.$ZodIssue, t: TFunction): string {
  const params = issue.code === "custom" ? issue.params : undefined;
  const problem: unknown = params?.problem;
  if (typeof problem !== "string" || !(CUSTOM_PROBLEMS as readonly string[]).includes(problem))
    return issue.message;
  return t(`houseRules.problem.${problem as CustomProblem}`, params);
}

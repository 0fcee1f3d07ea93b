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
  de: de().localeError,
  en: en().localeError,
};

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

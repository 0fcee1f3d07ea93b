import type { Lang } from "@maumau/engine";
import { problemOf, problemText, type CustomProblem } from "@maumau/variant-custom";
import type { TFunction } from "i18next";
import type { z } from "zod";
import de from "zod/v4/locales/de.js";
import en from "zod/v4/locales/en.js";
import type { en as pageEn } from "../locales/en";

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
 * The problems the page says in its own words (`houseRules.problem.*`): each names other
 * options, and the page names them by the labels of its fields ("Draw until a card fits"),
 * where the variant's words name them as the document writes them (`drawUntilPlayable`).
 */
const FORM_WORDED = [
  "playersMinOverMax",
  "drawCapWithoutDrawUntilPlayable",
  "limitNeedsPenaltyPoints",
  "drawUntilPlayableWithVoluntaryDraw",
  "mauMauCostsNothing",
] as const satisfies readonly (CustomProblem & keyof typeof pageEn.houseRules.problem)[];
type FormWorded = (typeof FORM_WORDED)[number];

const isFormWorded = (problem: CustomProblem): problem is FormWorded =>
  (FORM_WORDED as readonly CustomProblem[]).includes(problem);

/**
 * A schema issue in the page's language: a problem the house-rules schema names
 * (`problemOf`) in the page's own words where it has them (`FORM_WORDED`), else in the
 * variant's (`problemText`, as the server says it), with the values it names; any other issue
 * as zod wrote it (`schemaMessages`).
 */
export function issueText(issue: z.core.$ZodIssue, t: TFunction, lang: Lang): string {
  const problem = issue.code === "custom" ? problemOf(issue.params) : undefined;
  if (problem === undefined) return issue.message;
  if (isFormWorded(problem.problem)) return t(`houseRules.problem.${problem.problem}`);
  return problemText(problem)[lang];
}

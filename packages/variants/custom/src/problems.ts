import type { Localized } from "@maumau/engine";
import { issueWords } from "@maumau/engine/issuePlaces";

/**
 * Each problem that the rule-set schema's own checks find (beyond zod's bounds and types),
 * with the values its text names. The checks are `ruleSetSchema`'s; their words, English and
 * German, are `problemText`'s alone.
 */
export interface ProblemValues {
  /** A table names a rank the deck does not have (`effects`, `scoring.values`, …). */
  readonly noRank: { readonly deck: string; readonly rank: string };
  /** A table by rank has more entries than the largest deck has ranks. */
  readonly tooManyRanks: { readonly max: number };
  readonly playersMinOverMax: Readonly<Record<never, never>>;
  /** C-3.1: the largest table that cannot be dealt, with the hand size it has. */
  readonly cannotDeal: { readonly players: number; readonly size: number; readonly cards: number };
  readonly drawCapWithoutDrawUntilPlayable: Readonly<Record<never, never>>;
  readonly limitNeedsPenaltyPoints: Readonly<Record<never, never>>;
  readonly drawUntilPlayableWithVoluntaryDraw: Readonly<Record<never, never>>;
  /** C-1.8c */
  readonly mauMauCostsNothing: Readonly<Record<never, never>>;
  /** A rule id (`effects.*.rule`, `ruleIds.*`) of other characters than the refusals cite. */
  readonly ruleIdForm: Readonly<Record<never, never>>;
  /** C-3.1: a key of `handSizeByPlayers` that is not a number of players, 2 to 10. */
  readonly playersKey: Readonly<Record<never, never>>;
}

export type CustomProblem = keyof ProblemValues;

/** A problem with its values: what a schema issue carries in its `params`. */
export type Problem = {
  [P in CustomProblem]: { readonly problem: P } & ProblemValues[P];
}[CustomProblem];

/**
 * The words of each problem, English and German. They name the options as the document
 * writes them (`drawUntilPlayable`, `"penalty"`): what the server answers and the CLI prints to
 * whoever wrote the JSON. The house-rules page says the problems that name other options in
 * its own words, by the labels of its fields.
 */
const TEXTS: { readonly [P in CustomProblem]: (values: ProblemValues[P]) => Localized } = {
  noRank: ({ deck, rank }) => ({
    en: `${deck} has no rank "${rank}"`,
    de: `${deck} hat keinen Wert „${rank}“`,
  }),
  tooManyRanks: ({ max }) => ({ en: `at most ${max} ranks`, de: `höchstens ${max} Werte` }),
  playersMinOverMax: () => ({
    en: "min must not exceed max",
    de: "min darf nicht größer als max sein",
  }),
  cannotDeal: ({ players, size, cards }) => ({
    en: `${players} players × ${size} cards + a starter need more than the ${cards} cards of the deck`,
    de: `${players} Spieler × ${size} Karten + eine Startkarte brauchen mehr als die ${cards} Karten des Blatts`,
  }),
  drawCapWithoutDrawUntilPlayable: () => ({
    en: "needs drawUntilPlayable",
    de: "braucht drawUntilPlayable",
  }),
  limitNeedsPenaltyPoints: () => ({
    en: 'a match to a limit needs "penalty" points (the winner cannot go over a limit)',
    de: 'eine Partie bis zu einer Grenze braucht die Punkte "penalty" (der Sieger kann keine Grenze überschreiten)',
  }),
  drawUntilPlayableWithVoluntaryDraw: () => ({
    en: "cannot be combined with voluntaryDraw",
    de: "nicht zusammen mit voluntaryDraw",
  }),
  mauMauCostsNothing: () => ({
    en: 'a required "Mau-Mau" needs takeBack or a penalty of at least 1',
    de: "ein Pflicht-„Mau-Mau“ braucht takeBack oder eine Strafe von mindestens 1",
  }),
  ruleIdForm: () => ({
    en: "a rule id is letters, digits, dots and dashes, starting with a letter or digit",
    de: "eine Regel-Nummer besteht aus Buchstaben, Ziffern, Punkten und Bindestrichen und beginnt mit einem Buchstaben oder einer Ziffer",
  }),
  playersKey: () => ({
    en: "a key is a number of players from 2 to 10",
    de: "ein Schlüssel ist eine Spielerzahl von 2 bis 10",
  }),
};

/** Every problem the schema names, in the order of `ProblemValues`. */
export const CUSTOM_PROBLEMS = Object.keys(TEXTS) as readonly CustomProblem[];

/** A problem in English and German, with its values. */
export function problemText(problem: Problem): Localized {
  const text = TEXTS[problem.problem] as (values: Problem) => Localized;
  return text(problem);
}

/** The values each problem names, and their types: what `problemOf` checks. */
const VALUE_TYPES: { readonly [P in CustomProblem]: Record<keyof ProblemValues[P], string> } = {
  noRank: { deck: "string", rank: "string" },
  tooManyRanks: { max: "number" },
  playersMinOverMax: {},
  cannotDeal: { players: "number", size: "number", cards: "number" },
  drawCapWithoutDrawUntilPlayable: {},
  limitNeedsPenaltyPoints: {},
  drawUntilPlayableWithVoluntaryDraw: {},
  mauMauCostsNothing: {},
  ruleIdForm: {},
  playersKey: {},
};

/**
 * The problem a schema issue names (its `params`), or undefined when it names none or its
 * values are not those of the problem (an issue of another schema, a hand-made one).
 */
export function problemOf(params: unknown): Problem | undefined {
  if (typeof params !== "object" || params === null) return undefined;
  const { problem } = params as { problem?: unknown };
  if (typeof problem !== "string" || !Object.hasOwn(VALUE_TYPES, problem)) return undefined;
  const types: Record<string, string> = VALUE_TYPES[problem as CustomProblem];
  for (const [key, type] of Object.entries(types))
    if (typeof (params as Record<string, unknown>)[key] !== type) return undefined;
  return params as Problem;
}

/**
 * A problem as a zod issue: its English as the message (what zod, `parseDocument` and the CLI
 * show), and in `params` the problem with its values and its German (`de`, which the server's
 * refusals read: `issuePlaces`).
 */
export function problemIssue(path: readonly (string | number)[], problem: Problem) {
  const { message, params } = issueWords(problemText(problem));
  return { code: "custom" as const, path: [...path], message, params: { ...problem, ...params } };
}

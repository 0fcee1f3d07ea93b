/** At most this many places are named in one refusal. */
const MAX_PLACES = 5;

/** Longest text of one refused place in an answer. */
const MAX_PLACE = 160;

/**
 * A check of ours as a zod issue carries its words (a `refine`'s or an `addIssue`'s options):
 * the English as its message, the German in `params.de`, which `issuePlaces` reads for the
 * German refusal. The one writer of that convention (`@maumau/engine/issuePlaces`: no other
 * import, so clients may take it).
 */
export function issueWords(words: { readonly en: string; readonly de: string }): {
  message: string;
  params: { de: string };
} {
  return { message: words.en, params: { de: words.de } };
}

/** The places of a refusal, in each language of its message. */
export interface IssuePlaces {
  readonly en: readonly string[];
  readonly de: readonly string[];
}

/**
 * Where an input was refused (`seats`, `options.games`), from a schema's issues (zod's
 * `error.issues`), in the project's own words, English and German: a check of ours (a `custom`
 * issue: its message is our English, and its `params.de`, where it has one, our German; else
 * the message stands in both), a bound ("at least 5000", "at most 32 characters"), a type
 * ("expected number"), a choice ("one of \"pass\", \"reshuffle\"") or an unknown key (named).
 * zod's own wording ("Too big: expected number to be <=10") is never used. The server's
 * refusals of input and options and the engine's `parseOptions` all name places with it.
 */
export function issuePlaces(issues: unknown): IssuePlaces {
  if (!Array.isArray(issues)) return { en: [], de: [] };
  const places = new Map<string, string>();
  for (const issue of issues as unknown[]) {
    const {
      path,
      code,
      message,
      params,
      keys,
      origin,
      minimum,
      maximum,
      inclusive,
      expected,
      values,
    } = (issue ?? {}) as {
      path?: unknown;
      code?: unknown;
      message?: unknown;
      params?: { de?: unknown };
      keys?: unknown;
      origin?: unknown;
      minimum?: unknown;
      maximum?: unknown;
      inclusive?: unknown;
      expected?: unknown;
      values?: unknown;
    };
    const named = Array.isArray(path)
      ? path.map((key) => (typeof key === "symbol" ? "?" : String(key))).join(".")
      : "";
    const at = named.length > 64 ? `${named.slice(0, 63)}…` : named;
    // A bound of a string counts characters ("at least 1 character", "at most 32 characters").
    const chars = (n: number) =>
      origin === "string"
        ? { en: n === 1 ? " character" : " characters", de: " Zeichen" }
        : { en: "", de: "" };
    let why = { en: "", de: "" };
    if (code === "custom" && typeof message === "string")
      why = { en: message, de: typeof params?.de === "string" ? params.de : message };
    else if (code === "too_small" && typeof minimum === "number")
      why =
        inclusive === false
          ? { en: `more than ${minimum}${chars(2).en}`, de: `mehr als ${minimum}${chars(2).de}` }
          : {
              en: `at least ${minimum}${chars(minimum).en}`,
              de: `mindestens ${minimum}${chars(minimum).de}`,
            };
    else if (code === "too_big" && typeof maximum === "number")
      why =
        inclusive === false
          ? { en: `less than ${maximum}${chars(2).en}`, de: `weniger als ${maximum}${chars(2).de}` }
          : {
              en: `at most ${maximum}${chars(maximum).en}`,
              de: `höchstens ${maximum}${chars(maximum).de}`,
            };
    else if (code === "invalid_type" && typeof expected === "string")
      why = { en: `expected ${expected}`, de: `erwartet: ${expected}` };
    else if (code === "invalid_value" && Array.isArray(values) && values.length > 0) {
      const shown = values
        .slice(0, 6)
        .map((value) => JSON.stringify(value) ?? "?")
        .join(", ");
      const more = values.length > 6 ? ", …" : "";
      why = { en: `one of ${shown}${more}`, de: `eines von ${shown}${more}` };
    } else if (code === "unrecognized_keys" && Array.isArray(keys) && keys.length > 0) {
      const key = JSON.stringify(String(keys[0]).slice(0, 32));
      const more = keys.length - 1;
      why = {
        en: `unknown key ${key}${more > 0 ? ` (+${more} more)` : ""}`,
        de: `unbekannter Schlüssel ${key}${more > 0 ? ` (+${more} weitere)` : ""}`,
      };
    }
    const place = (reason: string, word: string) =>
      reason === "" ? at : at === "" ? reason : `${reason} ${word} ${at}`;
    const en = cut(place(why.en, "at"));
    if (en !== "" && !places.has(en)) places.set(en, cut(place(why.de, "bei")));
  }
  const kept = [...places].slice(0, MAX_PLACES);
  return { en: kept.map(([en]) => en), de: kept.map(([, de]) => de) };
}

/** The places after a refusal's first words: ": a; b", or nothing when there are none. */
export const placesText = (places: readonly string[]): string =>
  places.length > 0 ? `: ${places.join("; ")}` : "";

const cut = (text: string): string =>
  text.length > MAX_PLACE ? `${text.slice(0, MAX_PLACE - 1)}…` : text;

import type { Lang } from "@maumau/engine";
import type { TFunction } from "i18next";
import { resources } from "../i18n";

/**
 * The chart's words, all from the locales (`chart.states`, `chart.words`): the boxes, the
 * caption under the chart and its "after …" read the same vocabulary, in both languages.
 */

/** An unknown key in words: `turn.someNewState` → "turn: some new state". */
const spelledOut = (key: string): string =>
  key
    .split(".")
    .map((part) => part.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase())
    .join(": ");

/** One state's own name (`underPenalty`) in the player's language, for the chart's boxes. */
export function stateLabel(label: string, lang: Lang): string {
  const states: Readonly<Record<string, string>> = resources[lang].translation.chart.states;
  return states[label] ?? spelledOut(label);
}

/** A machine event or command (`effect.skip`) in `lang`, for the chart's arrows. */
export function eventLabel(key: string, lang: Lang): string {
  const words: Readonly<Record<string, string>> = resources[lang].translation.chart.words;
  return words[key.replace(/\./g, "_")] ?? spelledOut(key);
}

/** A state by its path (`turn.underPenalty`), as the caption names it: its own name. */
export function stateWords(path: string, t: TFunction): string {
  const own = path.split(".").at(-1) ?? path;
  return t(`chart.states.${own}`, { defaultValue: "" }) || spelledOut(path);
}

/**
 * A machine event or command (`effect.skip`, `playCard`) in words; no internal key on screen,
 * an unknown one spelled out.
 */
export function eventWords(key: string, t: TFunction): string {
  return t(`chart.words.${key.replace(/\./g, "_")}`, { defaultValue: "" }) || spelledOut(key);
}

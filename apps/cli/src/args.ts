import { randomInt } from "node:crypto";
import { type Command, InvalidArgumentError, Option } from "commander";
import {
  BOT_LEVELS,
  isRefusal,
  parseOptions,
  type AnyVariant,
  type BotLevel,
  type Lang,
  type Localized,
} from "@maumau/engine";
import { findVariant, variantIds } from "@maumau/registry";
import { langOf } from "./online/texts.js";

/**
 * A mistake in how the command was called: one line on stderr, exit code 2, in the language
 * of the command (`runCommand`). `message` is the English text.
 */
export class UsageError extends Error {
  constructor(readonly text: Localized) {
    super(text.en);
  }
}

export const USAGE_EXIT = 2;

/**
 * The language of a usage error found while the command line is parsed, before any option has
 * a value: `--lang` as typed (`--lang de`, `--lang=de`; the last one counts), else the locale
 * (`langOf`).
 */
export function usageLang(
  argv: readonly string[] = process.argv,
  env: NodeJS.ProcessEnv = process.env,
): Lang {
  let flag: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") break;
    if (arg === "--lang") flag = argv[++i];
    else if (arg.startsWith("--lang=")) flag = arg.slice("--lang=".length);
  }
  return langOf(flag, env);
}

/** `--lang de|en` of a command whose texts follow it (else the locale: `langOf`). */
export const langOption = (): Option =>
  new Option("--lang <lang>", "language (default: from LC_ALL/LANG)").choices(["de", "en"]);

/** A bad option value for commander (it frames the text with the option), in `usageLang()`. */
export const argumentError = (text: Localized): InvalidArgumentError =>
  new InvalidArgumentError(text[usageLang()]);

/** commander's own error lines (English) in German; a line not known here stays as it is. */
const COMMANDER_DE: readonly (readonly [RegExp, (...parts: string[]) => string])[] = [
  [
    /^error: option '(.*)' argument '(.*)' is invalid\. Allowed choices are (.*)\.$/s,
    (flags, value, choices) =>
      `Fehler: Option '${flags}': '${value}' ist ungültig. Erlaubt sind ${choices}.`,
  ],
  [
    /^error: option '(.*)' argument '(.*)' is invalid\. (.*)$/s,
    // The reason comes from our parsers (`argumentError`), already in the language.
    (flags, value, reason) => `Fehler: Option '${flags}': '${value}' ist ungültig. ${reason}`,
  ],
  [
    /^error: option '(.*)' argument missing$/,
    (flags) => `Fehler: Option '${flags}' braucht einen Wert`,
  ],
  [/^error: required option '(.*)' not specified$/, (flags) => `Fehler: Option '${flags}' fehlt`],
  [/^error: missing required argument '(.*)'$/, (name) => `Fehler: Argument '${name}' fehlt`],
  [
    /^error: unknown option '(.*?)'(?:\n\(Did you mean (.*)\?\))?$/,
    (flag, like) => `Fehler: unbekannte Option '${flag}'${like ? `\n(Meintest du ${like}?)` : ""}`,
  ],
  [
    /^error: unknown command '(.*?)'(?:\n\(Did you mean (.*)\?\))?$/,
    (name, like) => `Fehler: unbekannter Befehl '${name}'${like ? `\n(Meintest du ${like}?)` : ""}`,
  ],
  [
    /^error: too many arguments(?: for '(.*)')?\. Expected (\d+) arguments? but got (\d+)\.$/,
    (name, expected, got) =>
      `Fehler: zu viele Argumente${name ? ` für '${name}'` : ""}: ${expected} erwartet, ${got} bekommen.`,
  ],
];

/** One of commander's error lines in `lang`. */
export function commanderMessage(message: string, lang: Lang): string {
  if (lang === "en") return message;
  for (const [pattern, german] of COMMANDER_DE) {
    const parts = pattern.exec(message);
    if (parts !== null) return german(...parts.slice(1));
  }
  return message;
}

/**
 * commander's error lines of `cmd` and of the commands it registers afterwards (they inherit
 * the output settings) in `usageLang()`.
 */
export function localizeUsageErrors(cmd: Command): Command {
  return cmd.configureOutput({
    outputError: (text, write) => write(`${commanderMessage(text.trimEnd(), usageLang())}\n`),
  });
}

/**
 * Every parse error of `cmd` (commander's own or ours) becomes one line on stderr and exit
 * code 2, so scripts can tell a bad call from a failed run.
 */
export function exitOnUsageError(cmd: Command): Command {
  return cmd.showHelpAfterError(false).exitOverride((err) => {
    process.exit(err.exitCode === 0 ? 0 : USAGE_EXIT);
  });
}

/** Runs a command body; a UsageError is reported on one line in `lang`, with exit code 2. */
export async function runCommand(name: string, lang: Lang, body: () => Promise<number> | number) {
  try {
    process.exitCode = await body();
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`maumau ${name}: ${e.text[lang]}\n`);
    process.exitCode = USAGE_EXIT;
  }
}

export function variantOf(id: string): AnyVariant {
  const variant = findVariant(id);
  if (variant === undefined) {
    const known = variantIds().join(", ");
    throw new UsageError({
      en: `unknown variant "${id}" (known: ${known})`,
      de: `unbekannte Variante „${id}“ (bekannt: ${known})`,
    });
  }
  return variant;
}

/** commander collector for repeatable `--option key=value`. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

function parseValue(text: string): unknown {
  if (text === "true") return true;
  if (text === "false") return false;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (/^[[{"]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new UsageError({
        en: `option value ${text} is not valid JSON`,
        de: `Optionswert ${text} ist kein gültiges JSON`,
      });
    }
  }
  return text;
}

/**
 * `key=value` pairs into an options object: numbers, booleans and JSON are parsed, dotted
 * keys nest (`effects.draw2=…`). The variant's schema judges the result.
 */
export function parseOptionPairs(pairs: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0)
      throw new UsageError({
        en: `--option expects key=value, got "${pair}"`,
        de: `--option erwartet Schlüssel=Wert, nicht „${pair}“`,
      });
    const path = pair.slice(0, eq).split(".");
    let target = out;
    for (const key of path.slice(0, -1)) {
      const next = target[key];
      if (typeof next === "object" && next !== null && !Array.isArray(next))
        target = next as Record<string, unknown>;
      else target = target[key] = {};
    }
    target[path[path.length - 1]!] = parseValue(pair.slice(eq + 1));
  }
  return out;
}

/** The options with each one that names a seat (`OptionDoc.seat`) passed through `convert`. */
function mapSeatOptions(
  variant: AnyVariant,
  options: Record<string, unknown>,
  convert: (key: string, seat: number) => number,
): Record<string, unknown> {
  const out = { ...options };
  for (const doc of variant.optionDocs) {
    const seat = out[doc.key];
    if (doc.seat === true && typeof seat === "number") out[doc.key] = convert(doc.key, seat);
  }
  return out;
}

/**
 * The options as the engine reads them, from a player's `--option`s: an option that names a seat
 * (`OptionDoc.seat`, Heul doch!'s `first`) is typed counted from 1, as every table numbers its
 * seats, and the engine counts from 0.
 */
export const fromShownSeats = (
  variant: AnyVariant,
  options: Record<string, unknown>,
): Record<string, unknown> =>
  mapSeatOptions(variant, options, (key, shown) => {
    if (!Number.isInteger(shown) || shown < 1)
      throw new UsageError({
        en: `--option ${key} names a seat, counted from 1 as the table shows it (got ${shown})`,
        de: `--option ${key} nennt einen Platz, von 1 an gezählt wie am Tisch (nicht ${shown})`,
      });
    return shown - 1;
  });

/** The options as a player types them (`fromShownSeats` the other way): a seat counted from 1. */
export const toShownSeats = (
  variant: AnyVariant,
  options: Record<string, unknown>,
): Record<string, unknown> => mapSeatOptions(variant, options, (_key, seat) => seat + 1);

/** Checks options against the variant's schema; returns them as given (the engine fills defaults). */
export function checkOptions(variant: AnyVariant, options: Record<string, unknown>): void {
  const parsed = parseOptions(variant, options);
  if (isRefusal(parsed)) throw new UsageError(parsed.message);
}

export function checkPlayers(variant: AnyVariant, players: number): void {
  const { min, max } = variant.players;
  if (players < min || players > max)
    throw new UsageError({
      en: `${variant.id} is played by ${min}–${max} players, not ${players}`,
      de: `${variant.id} wird von ${min}–${max} Personen gespielt, nicht von ${players}`,
    });
}

export function intArg(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (text: string): number => {
    const n = Number(text);
    if (!/^\s*-?\d+\s*$/.test(text) || !Number.isSafeInteger(n))
      throw argumentError({ en: "not an integer.", de: "Keine ganze Zahl." });
    if (n < min || n > max)
      throw argumentError(
        max === Number.MAX_SAFE_INTEGER
          ? { en: `must be ${min} or more.`, de: `Erlaubt ist ${min} oder mehr.` }
          : { en: `must be ${min}–${max}.`, de: `Erlaubt ist ${min}–${max}.` },
      );
    return n;
  };
}

export function botLevelArg(text: string): BotLevel {
  const level = text.trim() as BotLevel;
  if (!BOT_LEVELS.includes(level))
    throw argumentError({
      en: `bot levels are ${BOT_LEVELS.join(", ")}.`,
      de: `Bot-Stufen sind ${BOT_LEVELS.join(", ")}.`,
    });
  return level;
}

export function botListArg(text: string): BotLevel[] {
  const levels = text.split(",").filter((s) => s.trim() !== "");
  if (levels.length === 0)
    throw argumentError({
      en: "name at least one bot level.",
      de: "Nenne mindestens eine Bot-Stufe.",
    });
  return levels.map(botLevelArg);
}

/** A seed for when none was given (printed, so that `--seed` plays the same again). */
export const freshSeed = (): number => randomInt(0, 2 ** 48 - 1);

import { randomInt } from "node:crypto";
import { type Command, InvalidArgumentError } from "commander";
import {
  BOT_LEVELS,
  isRefusal,
  parseOptions,
  type AnyVariant,
  type BotLevel,
} from "@maumau/engine";
import { findVariant, variantIds } from "@maumau/registry";

/** A mistake in how the command was called: one line on stderr, exit code 2. */
export class UsageError extends Error {}

export const USAGE_EXIT = 2;

/**
 * Every parse error of `cmd` (commander's own or ours) becomes one line on stderr and exit
 * code 2, so scripts can tell a bad call from a failed run.
 */
export function exitOnUsageError(cmd: Command): Command {
  return cmd.showHelpAfterError(false).exitOverride((err) => {
    process.exit(err.exitCode === 0 ? 0 : USAGE_EXIT);
  });
}

/** Runs a command body; a UsageError is reported on one line with exit code 2. */
export async function runCommand(name: string, body: () => Promise<number> | number) {
  try {
    process.exitCode = await body();
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`maumau ${name}: ${e.message}\n`);
    process.exitCode = USAGE_EXIT;
  }
}

export function variantOf(id: string): AnyVariant {
  const variant = findVariant(id);
  if (variant === undefined)
    throw new UsageError(`unknown variant "${id}" (known: ${variantIds().join(", ")})`);
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
      throw new UsageError(`option value ${text} is not valid JSON`);
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
    if (eq <= 0) throw new UsageError(`--option expects key=value, got "${pair}"`);
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
      throw new UsageError(
        `--option ${key} names a seat, counted from 1 as the table shows it (got ${shown})`,
      );
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
  if (isRefusal(parsed)) throw new UsageError(parsed.message.en);
}

export function checkPlayers(variant: AnyVariant, players: number): void {
  const { min, max } = variant.players;
  if (players < min || players > max)
    throw new UsageError(`${variant.id} is played by ${min}–${max} players, not ${players}`);
}

export function intArg(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (text: string): number => {
    const n = Number(text);
    if (!/^\s*-?\d+\s*$/.test(text) || !Number.isSafeInteger(n))
      throw new InvalidArgumentError("not an integer.");
    if (n < min || n > max)
      throw new InvalidArgumentError(
        max === Number.MAX_SAFE_INTEGER ? `must be ${min} or more.` : `must be ${min}–${max}.`,
      );
    return n;
  };
}

export function botLevelArg(text: string): BotLevel {
  const level = text.trim() as BotLevel;
  if (!BOT_LEVELS.includes(level))
    throw new InvalidArgumentError(`bot levels are ${BOT_LEVELS.join(", ")}.`);
  return level;
}

export function botListArg(text: string): BotLevel[] {
  const levels = text.split(",").filter((s) => s.trim() !== "");
  if (levels.length === 0) throw new InvalidArgumentError("name at least one bot level.");
  return levels.map(botLevelArg);
}

/** A seed for when none was given (printed, so that `--seed` plays the same again). */
export const freshSeed = (): number => randomInt(0, 2 ** 48 - 1);

import type { CardCode } from "../cards/codes.js";
import {
  refuse,
  type Command,
  type CommandType,
  type Localized,
  type Refusal,
  type RefusalCode,
  type RuleId,
  type Seat,
} from "./types.js";

/**
 * One rule check of a family: a guard of its machine, a step of `decide`, a filter of
 * `legalMoves`. `passes` is a one-line call into the family's pure rule checks (predicates);
 * the first check of a command that fails names the refusal. A family adds how its checks
 * cite rule ids (classic: a key into the variant's rule ids; heul-doch: the id itself).
 */
export interface Check<S> {
  /** What it checks, e.g. "matches the top card" (the guard's name without the rule id). */
  readonly label: string;
  readonly code: RefusalCode;
  readonly passes: (s: S, c: Command) => boolean;
  readonly message: Localized;
}

/** For one phase: every command type's checks, in order of precedence (FORMAT.md). */
export type ChecksByCommand<K> = Readonly<Record<CommandType, readonly K[]>>;

/** For every phase and command: the checks `decide`, the machine's guards and `legalMoves` read. */
export type CheckTable<P extends string, K> = Readonly<Record<P, ChecksByCommand<K>>>;

export const UNKNOWN_COMMAND: Refusal = refuse("INVALID_COMMAND", {
  en: "Unknown command.",
  de: "Unbekannter Befehl.",
});

/** Whether `c` has the shape of a command at all (an object with a string `type`). */
export const isCommandShaped = (c: unknown): c is Command =>
  typeof c === "object" && c !== null && typeof (c as { type?: unknown }).type === "string";

/**
 * The first-refusal walk: the first check of `c` that fails in `s`, as a refusal
 * (`refusalOf`); null when every check passes; `UNKNOWN_COMMAND` for a type the table does
 * not list.
 */
export function firstRefusal<S, K extends Check<S>>(
  checks: ChecksByCommand<K>,
  s: S,
  c: Command,
  refusalOf: (check: K, s: S) => Refusal,
): Refusal | null {
  // Own keys only: "constructor" or "toString" is no command, not a lookup into Object.prototype.
  const list: readonly K[] | undefined = Object.hasOwn(checks, c.type) ? checks[c.type] : undefined;
  if (list === undefined) return UNKNOWN_COMMAND;
  for (const check of list) if (!check.passes(s, c)) return refusalOf(check, s);
  return null;
}

/** The guard name as a machine shows it: the rule id, then what the check checks. */
export const guardNameOf = (label: string, rule: RuleId | undefined): string =>
  rule === undefined ? label : `${rule} ${label}`;

/** The parts of a state the shared checks read. */
export interface SeatedState {
  readonly players: number;
  readonly turn: Seat;
  readonly hands: readonly (readonly CardCode[])[];
}

/** Whether `x` is a seat of this table. */
export const isSeatOf = (s: { readonly players: number }, x: unknown): x is Seat =>
  typeof x === "number" && Number.isInteger(x) && x >= 0 && x < s.players;

/** An optional command field: absent, null, or of `type`. */
export const optionalOf = (x: unknown, type: "boolean" | "string" | "number"): boolean =>
  x === undefined || x === null || typeof x === type;

/** The seat a command is sent for, -1 for a command without one. */
export const seatOf = (c: Command): Seat => ("seat" in c ? c.seat : -1);

/** The card a command plays, "" for any other command. */
export const cardOf = (c: Command): string => (c.type === "playCard" ? c.card : "");

/**
 * A family's set of card codes, per rule-set key, built once (the well-formedness check asks
 * for it on every play).
 */
export function cardSetsBy<K>(
  cards: (key: K) => readonly CardCode[],
): (key: K) => ReadonlySet<CardCode> {
  const sets = new Map<K, ReadonlySet<CardCode>>();
  return (key) => {
    let set = sets.get(key);
    if (!set) sets.set(key, (set = new Set(cards(key))));
    return set;
  };
}

/** INVALID_COMMAND: not a command of this game at all (`isWellFormed` is the family's). */
export const wellFormedCheck = <S>(isWellFormed: (s: S, c: Command) => boolean): Check<S> => ({
  label: "is a well-formed command",
  code: "INVALID_COMMAND",
  passes: isWellFormed,
  message: {
    en: "That is not a valid command for this game.",
    de: "Das ist kein gültiger Befehl für dieses Spiel.",
  },
});

/** GAME_OVER: the game is over (`isOver` is the family's). */
export const notOverCheck = <S>(isOver: (s: S) => boolean): Check<S> => ({
  label: "the game is still running",
  code: "GAME_OVER",
  passes: (s) => !isOver(s),
  message: { en: "The game is over.", de: "Das Spiel ist vorbei." },
});

/** NOT_YOUR_TURN: the command is sent for the seat to act. */
export const onTurnCheck = <S extends SeatedState>(): Check<S> => ({
  label: "it is the player's turn",
  code: "NOT_YOUR_TURN",
  passes: (s, c) => seatOf(c) === s.turn,
  message: { en: "It is not your turn.", de: "Du bist nicht an der Reihe." },
});

/** NOT_IN_HAND: the card played is in the player's hand. */
export const inHandCheck = <S extends SeatedState>(): Check<S> => ({
  label: "the card is in the hand",
  code: "NOT_IN_HAND",
  passes: (s, c) => (s.hands[seatOf(c)] ?? []).includes(cardOf(c)),
  message: { en: "You do not hold that card.", de: "Diese Karte hast du nicht auf der Hand." },
});

/** For a phase in which the game is over: every command but `startNextGame` fails `notOver`. */
export const overChecks = <K>(
  wellFormed: K,
  notOver: K,
  next: readonly K[],
): ChecksByCommand<K> => ({
  playCard: [wellFormed, notOver],
  drawCard: [wellFormed, notOver],
  pass: [wellFormed, notOver],
  chooseColour: [wellFormed, notOver],
  cut: [wellFormed, notOver],
  startNextGame: next,
});

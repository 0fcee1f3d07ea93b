import type { Command } from "../commands.js";

export type Seat = number;
export type Viewer = Seat | "spectator";
export type Lang = "de" | "en";
export type Localized = Readonly<Record<Lang, string>>;

/** Rule ids as in ../shared/rules (`N-4.2`, `B-5.3`, …). */
export type RuleId = string;

/** Refusal codes of conformance/FORMAT.md, in the order they take precedence. */
export const REFUSAL_CODES = [
  "INVALID_COMMAND",
  "GAME_OVER",
  "NOT_YOUR_TURN",
  "NOT_IN_HAND",
  "ILLEGAL_MOVE",
  "CHOICE_REQUIRED",
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

/** A refused command: a value, never an exception. It says why in both languages. */
export interface Refusal {
  readonly code: RefusalCode;
  readonly rule?: RuleId;
  readonly message: Localized;
}

export const refuse = (code: RefusalCode, message: Localized, rule?: RuleId): Refusal =>
  rule === undefined ? { code, message } : { code, rule, message };

export const isRefusal = (x: unknown): x is Refusal =>
  typeof x === "object" && x !== null && "code" in x && "message" in x && !Array.isArray(x);

/** Player intents: the type of the command schema (`../commands.ts`), written once there. */
export type { Command } from "../commands.js";

export type CommandType = Command["type"];

/** Every command type, in the order front ends list them. */
export const COMMAND_TYPES: readonly CommandType[] = [
  "playCard",
  "drawCard",
  "pass",
  "chooseColour",
  "cut",
  "startNextGame",
];
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;

/** A stored event: the fact plus its place in the stream. */
export type Versioned<E> = E & { readonly seq: number };

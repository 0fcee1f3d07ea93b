import type { CardCode } from "../cards/codes.js";

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

/** Player intents. Fields a command does not need are ignored. */
export type Command =
  | {
      readonly type: "playCard";
      readonly seat: Seat;
      readonly card: CardCode;
      /** The colour/suit named with a wish card. */
      readonly wish?: string | undefined;
      /** Said "mau" (noris), knocked (french), said "Mau" (bavarian). */
      readonly mau?: boolean | undefined;
      /** Said "Mau-Mau" (bavarian). */
      readonly mauMau?: boolean | undefined;
      /** heul-doch: the seat whose pile gets the card (default: own pile). */
      readonly to?: Seat | undefined;
      /** heul-doch: true = placed face down as an onion. */
      readonly faceDown?: boolean | undefined;
      /** heul-doch towel: the seat to swap with. */
      readonly target?: Seat | undefined;
      /** heul-doch carousel. */
      readonly direction?: "left" | "right" | undefined;
    }
  | { readonly type: "drawCard"; readonly seat: Seat }
  | { readonly type: "pass"; readonly seat: Seat }
  | { readonly type: "chooseColour"; readonly seat: Seat; readonly colour: string }
  | {
      readonly type: "cut";
      readonly seat: Seat;
      readonly at: number;
      readonly keep?: boolean | undefined;
    }
  | { readonly type: "startNextGame" };

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

import type { CardCode } from "../cards/codes.js";
import type { Command, CommandOf, Seat } from "../core/types.js";

/** Extra fields of a play; `color` is the rule scripts' name for `wish` (conformance/FORMAT.md). */
export type PlayExtra = Partial<Omit<CommandOf<"playCard">, "type" | "seat" | "card">> & {
  readonly color?: string | undefined;
};

/** `seat` plays `card`, e.g. `play(1, "wild", { color: "green", mau: true })`. */
export function play(seat: Seat, card: CardCode, extra: PlayExtra = {}): Command {
  const { color, ...rest } = extra;
  const wish = rest.wish ?? color;
  return { type: "playCard", seat, card, ...rest, ...(wish === undefined ? {} : { wish }) };
}

/** `seat` draws: one card, or the pending penalty sum. */
export const draw = (seat: Seat): Command => ({ type: "drawCard", seat });

/** `seat` ends the turn after a draw without playing the drawn card. */
export const pass = (seat: Seat): Command => ({ type: "pass", seat });

/** `seat` names a colour for a wish-card starter (F-2.3). */
export const choose = (seat: Seat, colour: string): Command => ({
  type: "chooseColour",
  seat,
  colour,
});

/** `seat` cuts the deck, lifting `at` cards; `keep` keeps a revealed bottom card (B-2.2). */
export const cut = (seat: Seat, at: number, keep?: boolean): Command => ({
  type: "cut",
  seat,
  at,
  ...(keep === undefined ? {} : { keep }),
});

/** Deals the next game of the match. */
export const nextGame = (): Command => ({ type: "startNextGame" });

/** Anything at all sent as a command: for testing how malformed input is refused. */
export const raw = (command: Record<string, unknown>): Command => command as unknown as Command;

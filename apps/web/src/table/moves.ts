import { withCalls, type Calls, type ClientCommand } from "@maumau/client";
import type { Command, Seat } from "@maumau/engine";

/** One way to play a selected card, as a player picks it. */
export type ChoiceKind =
  | { readonly kind: "play" }
  | { readonly kind: "wish"; readonly colour: string }
  | { readonly kind: "own" }
  | { readonly kind: "onion" }
  | { readonly kind: "neighbour"; readonly seat: Seat }
  | { readonly kind: "target"; readonly seat: Seat }
  | { readonly kind: "direction"; readonly direction: "left" | "right" };

export interface Choice {
  readonly key: string;
  readonly what: ChoiceKind;
  readonly command: Command;
}

type PlayCard = Extract<Command, { type: "playCard" }>;

/** The cards the seat may play now, each with its ways to be played (the server's legal moves). */
export function playableCards(legal: readonly Command[]): Map<string, Choice[]> {
  const out = new Map<string, Choice[]>();
  for (const command of legal) {
    if (command.type !== "playCard") continue;
    const list = out.get(command.card) ?? [];
    const what = choiceOf(command);
    const key = JSON.stringify(what);
    // Legal moves may differ only in calls the player makes themselves: one choice each.
    if (!list.some((c) => c.key === key)) list.push({ key, what, command });
    out.set(command.card, list);
  }
  return out;
}

function choiceOf(c: PlayCard): ChoiceKind {
  if (c.wish !== undefined) return { kind: "wish", colour: c.wish };
  if (c.direction !== undefined) return { kind: "direction", direction: c.direction };
  if (c.target !== undefined) return { kind: "target", seat: c.target };
  if (c.faceDown) return { kind: "onion" };
  if (c.to !== undefined) return { kind: "neighbour", seat: c.to };
  return { kind: "play" };
}

/**
 * The command to send for a legal move: the seat comes from the token, and the calls are the
 * player's own, not the ones the legal move carries (that would say "mau" for them).
 */
export function toClientCommand(command: Command, calls: Calls | null): ClientCommand {
  if (command.type === "startNextGame") return command;
  if (command.type !== "playCard") {
    const { seat: _seat, ...rest } = command;
    return rest;
  }
  const { seat: _seat, ...rest } = withCalls(command, calls);
  return rest;
}

/** For a heul-doch card without a choice of pile: "own" is its plain play. */
export function heulDochChoice(c: Choice): Choice {
  return c.what.kind === "play" && !isSpecialCard(c.command) ? { ...c, what: { kind: "own" } } : c;
}

const isSpecialCard = (c: Command): boolean => c.type === "playCard" && !c.card.includes("/");

export const has = (legal: readonly Command[], type: Command["type"]): Command | undefined =>
  legal.find((c) => c.type === type);

import type { PlayCommand } from "@maumau/client";
import type { Command, FamilyView } from "@maumau/engine";
import { familyOf } from "../families/index.js";

export const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

export const numbers = (x: unknown): number[] | null =>
  Array.isArray(x) && x.every((n) => typeof n === "number") ? x : null;

export const strings = (x: unknown): string[] | null =>
  Array.isArray(x) && x.every((n) => typeof n === "string") ? x : null;

/** The viewer's own hand; null for spectators and before the start. */
export const handOf = (view: FamilyView | null): readonly string[] | null => view?.hand ?? null;

/**
 * The score table: every game's points (one row per game, as its family keeps them; none from
 * a family this build does not know) and the totals.
 */
export function scoreTableOf(view: FamilyView): {
  history: readonly (readonly number[])[];
  totals: readonly number[];
} {
  return { history: familyOf(view)?.scoreRows(view) ?? [], totals: view.totals };
}

export const isPlay = (c: Command): c is PlayCommand => c.type === "playCard";

/** Distinct commands (legal moves may repeat a card that is held twice). */
export function distinct<T>(xs: readonly T[]): T[] {
  const seen = new Set<string>();
  return xs.filter((x) => {
    const key = JSON.stringify(x);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The inputs a moves line offers (hand numbers of playable cards, d, p, colours, cut) and
 * whether drawing and passing are among them; local and online tables print the same.
 */
export function moveTokens(
  legal: readonly Command[],
  hand: readonly string[],
  colourName: (colour: string) => string,
): { tokens: string[]; draw: boolean; pass: boolean } {
  const tokens: string[] = [];
  hand.forEach((card, i) => {
    if (legal.some((m) => isPlay(m) && m.card === card)) tokens.push(String(i + 1));
  });
  const draw = legal.some((m) => m.type === "drawCard");
  const pass = legal.some((m) => m.type === "pass");
  if (draw) tokens.push("d");
  if (pass) tokens.push("p");
  for (const m of legal) if (m.type === "chooseColour") tokens.push(`c ${colourName(m.colour)}`);
  if (legal.some((m) => m.type === "cut")) tokens.push("cut");
  return { tokens, draw, pass };
}

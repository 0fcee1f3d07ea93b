import type { ClassicView, Command } from "@maumau/engine";

/**
 * Views differ by game family; the CLI knows the classic one and reads any other one
 * defensively, field by field.
 */
export function asClassicView(view: unknown): ClassicView | null {
  if (typeof view !== "object" || view === null) return null;
  const v = view as Partial<ClassicView>;
  return v.family === "classic" && Array.isArray(v.handCounts) && typeof v.rules === "object"
    ? (view as ClassicView)
    : null;
}

export const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

export const numbers = (x: unknown): number[] | null =>
  Array.isArray(x) && x.every((n) => typeof n === "number") ? x : null;

export const strings = (x: unknown): string[] | null =>
  Array.isArray(x) && x.every((n) => typeof n === "string") ? x : null;

/** The viewer's own hand, in any family that has one. */
export const handOf = (view: unknown): string[] | null =>
  isRecord(view) ? strings(view.hand) : null;

/**
 * A score table, where the view offers one: `totals`, and `history` with one row per game,
 * either the scores themselves or a record with `scores`.
 */
export function scoreTableOf(view: unknown): { history: number[][]; totals: number[] } | null {
  if (!isRecord(view)) return null;
  const totals = numbers(view.totals);
  const rows = Array.isArray(view.history)
    ? view.history.map((row: unknown) => numbers(isRecord(row) ? row.scores : row))
    : null;
  if (!totals || !rows || rows.some((r) => r === null)) return null;
  return { history: rows as number[][], totals };
}

/** A pile's top as the heul-doch family shows it. */
export interface PileTop {
  readonly card: string | null;
  readonly faceDown: boolean;
}

/** The personal piles' tops (heul-doch), `null` for an empty pile. */
export function pileTopsOf(view: unknown): (PileTop | null)[] | null {
  if (!isRecord(view) || !Array.isArray(view.piles)) return null;
  return view.piles.map((pile: unknown) => {
    const top = isRecord(pile) ? pile.top : null;
    if (!isRecord(top)) return null;
    return {
      card: typeof top.card === "string" ? top.card : null,
      faceDown: top.faceDown === true,
    };
  });
}

export type PlayCommand = Extract<Command, { type: "playCard" }>;

export const isPlay = (c: Command): c is PlayCommand => c.type === "playCard";

/** A play without its calls: the player makes those (or forgets them) themselves. */
export function withoutCalls(c: PlayCommand): PlayCommand {
  const { mau: _mau, mauMau: _mauMau, ...rest } = c;
  return rest;
}

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

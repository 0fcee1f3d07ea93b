import { colourOf } from "../cards/codes.js";
import type { Bot } from "../core/engine.js";
import type { Command } from "../core/types.js";
import { effectOf, handValue } from "../classic/predicates.js";
import type { ClassicView } from "../classic/view.js";

const pick = <T>(xs: readonly T[], random: () => number): T => {
  const x = xs[Math.floor(random() * xs.length)];
  if (x === undefined) throw new Error("no legal move");
  return x;
};

/** Any legal move, uniformly at random. */
export const randomClassicBot: Bot<ClassicView> = (_view, legal, random) => pick(legal, random);

/** The colour the bot holds most of (ties: first in hand). */
function favouriteColour(view: ClassicView, exclude?: string): string | null {
  const counts = new Map<string, number>();
  for (const c of view.hand ?? []) {
    if (c === exclude) continue;
    const colour = colourOf(c);
    if (colour) counts.set(colour, (counts.get(colour) ?? 0) + 1);
  }
  let best: string | null = null;
  let n = -1;
  for (const [colour, k] of counts) if (k > n) [best, n] = [colour, k];
  return best;
}

/**
 * A greedy player that sees only its own view: answers attacks, plays the drawn card, sheds
 * expensive cards first and from the colour it holds most (so that it can follow again);
 * keeps draw and skip cards for when they matter (the next seat about to go out, or an
 * attack to answer) and wish cards for when nothing else fits, wishing its own best colour.
 * Its calls ("Mau", "Mau-Mau") are always made: the legal moves carry them.
 */
export const heuristicClassicBot: Bot<ClassicView> = (view, legal, random) => {
  const rules = view.rules;
  const plays = legal.filter(
    (c): c is Extract<Command, { type: "playCard" }> => c.type === "playCard",
  );
  const choose = legal.filter((c) => c.type === "chooseColour");
  if (choose.length) {
    const fav = favouriteColour(view);
    return (
      choose.find((c) => c.type === "chooseColour" && c.colour === fav) ?? pick(choose, random)
    );
  }
  const cuts = legal.filter((c) => c.type === "cut");
  if (cuts.length) return pick(cuts, random);
  if (plays.length === 0) return legal.find((c) => c.type === "drawCard") ?? pick(legal, random);

  const hand = view.hand ?? [];
  const me = view.viewer === "spectator" ? 0 : view.viewer;
  const step = view.direction === "cw" ? 1 : -1;
  const nextCount = view.handCounts[(me + step + view.players) % view.players] ?? 0;
  const fewest = Math.min(...view.handCounts.filter((_, i) => i !== view.viewer));
  const held = new Map<string, number>();
  for (const c of hand) {
    const colour = colourOf(c);
    if (colour) held.set(colour, (held.get(colour) ?? 0) + 1);
  }
  const urgent = nextCount <= 2 || fewest <= 1;
  const score = (c: Extract<Command, { type: "playCard" }>): number => {
    const effect = effectOf(rules, c.card);
    let s = handValue(rules, [c.card]);
    const colour = colourOf(c.card);
    // Follow the colour it holds most: the next turn then likely has a card that fits.
    if (colour && effect?.kind !== "wish") s += 1.5 * ((held.get(colour) ?? 1) - 1);
    if (effect?.kind === "draw") s += view.pendingDraw > 0 ? 30 : urgent ? 40 : -6;
    if (effect?.kind === "skip") s += urgent ? 25 : 2;
    if (effect?.kind === "playAgain") s += 12;
    if (effect?.kind === "reverse") s += 4;
    if (effect?.kind === "wish") {
      s -= hand.length <= 2 ? 0 : 60;
      if (c.wish !== favouriteColour(view, c.card)) s -= 5;
    }
    return s;
  };
  let best = plays[0]!;
  let bestScore = -Infinity;
  for (const c of plays) {
    const s = score(c) + random() * 0.5;
    if (s > bestScore) [best, bestScore] = [c, s];
  }
  return best;
};

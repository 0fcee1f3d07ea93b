import { colourOf } from "../cards/codes.js";
import type { Bot } from "../core/engine.js";
import type { Command } from "../core/types.js";
import { effectOf, handValue } from "../classic/rules.js";
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
 * A simple greedy player: answers attacks, plays the drawn card, sheds expensive cards and
 * attack cards first, keeps wish cards for when nothing else fits, wishes its own best colour.
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

  const nextCount = Math.min(...view.handCounts.filter((_, i) => i !== view.viewer));
  const score = (c: Extract<Command, { type: "playCard" }>): number => {
    const effect = effectOf(rules, c.card);
    let s = handValue(rules, [c.card]);
    if (effect?.kind === "draw") s += nextCount <= 2 ? 40 : 15;
    if (effect?.kind === "skip") s += nextCount <= 2 ? 25 : 8;
    if (effect?.kind === "playAgain") s += 12;
    if (effect?.kind === "reverse") s += 4;
    if (effect?.kind === "wish") {
      s -= (view.hand?.length ?? 0) <= 2 ? 0 : 60;
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

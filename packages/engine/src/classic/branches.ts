import type { EffectKind } from "./ruleSet.js";

/**
 * The rule branches `decide` marks with `ruleBranch("decide", id)` (core/branches.ts), by id,
 * with what taking the branch means. The differential test counts them per family and fails on
 * one never taken; `classic/branches.test.ts` holds this list to the ids in decide.ts.
 */
export const CLASSIC_BRANCHES = {
  "B-2.5": "the cut's bottom card of the kept rank is kept",
  "N-2.4": "a wish-card starter lets any card follow",
  "C-3.5": "a starter of a buried rank goes to the bottom of the draw pile",
  "F-2.3 wish": "a wish-card starter: the dealer names the colour",
  "F-2.3 draw": "a draw-card starter: the first player must draw or answer",
  "F-2.3 skip": "a skip starter skips the first player",
  "F-2.3 reverse": "a reverse starter turns the direction",
  "F-2.3 playAgain": "a play-again starter: the dealer plays again",
  "B-5.3": "a last card without Mau-Mau goes back into the hand",
  "B-5.3 pending": "… and a pending draw is taken with it",
  "B-4.4 last": "a play-again card as the last card does not win: draw one",
  "N-6.1": "the last card wins the game",
  "C-1.3 wish": "a wish card names a colour",
  "C-1.3 draw": "a draw card raises the pending draw",
  "C-1.3 skip": "a skip card skips the next seat",
  "C-1.3 reverse": "a reverse card turns the direction",
  "C-1.3 playAgain": "a play-again card",
  "N-5.1": "a forgotten Mau costs the penalty",
  "C-1.8c": "a forgotten Mau-Mau without take-back costs the penalty, the card stays played",
  "B-4.4": "the player of a play-again card plays again",
  "N-4.2": "drawing pays the pending draw",
  "C-1.8d": "draw until a card fits",
  "N-3.2": "the card just drawn fits and is offered",
  "N-3.5": "the discard pile is reshuffled into a new draw pile",
  "C-3.2": "the draw cap is reached without a card that fits: the turn passes",
  "C-3.4": "the draw pile is empty and is not refilled: the draw stops short",
  "N-6.4": "nobody could move for a round: the game ends without a winner",
  "C-1.6": "the match end is reached",
} as const;

export type ClassicBranch = keyof typeof CLASSIC_BRANCHES;

/** The branch of a played card's effect. */
export const PLAYED_EFFECT: Readonly<Record<EffectKind, ClassicBranch>> = {
  wish: "C-1.3 wish",
  draw: "C-1.3 draw",
  skip: "C-1.3 skip",
  reverse: "C-1.3 reverse",
  playAgain: "C-1.3 playAgain",
};

/** The branch of a starter's effect (F-2.3). */
export const STARTER_EFFECT: Readonly<Record<EffectKind, ClassicBranch>> = {
  wish: "F-2.3 wish",
  draw: "F-2.3 draw",
  skip: "F-2.3 skip",
  reverse: "F-2.3 reverse",
  playAgain: "F-2.3 playAgain",
};

import { createRng } from "../cards/rng.js";
import { foldOf, type FairnessParts, type FoldParts } from "../core/fairness.js";
import { evolveHeulDoch } from "./evolve.js";
import { fullDeck, returnIndex } from "./predicates.js";
import type { HeulDochEvent, HeulDochEventType, HeulDochState } from "./state.js";

// Completeness is checked by the compiler: a new event type must be listed here.
const HEUL_DOCH_TYPES: Record<HeulDochEventType, true> = {
  "match.started": true,
  "game.started": true,
  "pile.dealt": true,
  "special.returned": true,
  "cards.dealt": true,
  "turn.started": true,
  "turn.passedOver": true,
  "card.played": true,
  "special.played": true,
  "tops.catapulted": true,
  "tops.moved": true,
  "tops.turned": true,
  "card.drawn": true,
  "game.ended": true,
  "match.ended": true,
};

const foldParts: FoldParts<HeulDochState> = {
  evolve: (s, e) => evolveHeulDoch(s, e as HeulDochEvent),
  deck: (s) => fullDeck(s.rules),
  checkRandom: (b, e, seed) => {
    if (e.type !== "special.returned") return undefined;
    const random = createRng(seed, b.game * 1000 + b.randomDraws);
    const expected = returnIndex(random, b.drawPile.length - 1);
    const at = (e.data as { at: number }).at;
    return at === expected ? null : `a special card went back at ${at}, the seed says ${expected}`;
  },
};

/** Heul doch!'s part of `verifyFairness`: every special card goes back where the seed says. */
export const heulDochFairness: FairnessParts = {
  known: HEUL_DOCH_TYPES,
  fold: () => foldOf(foldParts),
};

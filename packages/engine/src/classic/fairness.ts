import { seededShuffle } from "../cards/rng.js";
import { foldOf, sameOrder, type FairnessParts, type FoldParts } from "../core/fairness.js";
import { evolveClassic } from "./evolve.js";
import { fullDeck } from "./predicates.js";
import type { ClassicEvent, ClassicEventType, ClassicState } from "./state.js";

// Completeness is checked by the compiler: a new event type must be listed here.
const CLASSIC_TYPES: Record<ClassicEventType, true> = {
  "match.started": true,
  "game.started": true,
  "deck.cut": true,
  "cards.dealt": true,
  "starter.buried": true,
  "starter.turned": true,
  "colour.requested": true,
  "colour.chosen": true,
  "card.played": true,
  "cards.drawn": true,
  "call.missed": true,
  "direction.reversed": true,
  "player.skipped": true,
  "penalty.raised": true,
  "pile.reshuffled": true,
  "playAgain.required": true,
  "turn.started": true,
  "game.ended": true,
  "match.ended": true,
};

const foldParts: FoldParts<ClassicState> = {
  evolve: (s, e) => evolveClassic(s, e as ClassicEvent),
  deck: (s) => fullDeck(s.rules),
  checkRandom: (b, e, seed) => {
    if (e.type !== "pile.reshuffled") return undefined;
    const order = (e.data as { order: string[] }).order;
    const expected = seededShuffle(b.discard.slice(0, -1), seed, b.game, b.shuffles + 1);
    return sameOrder(expected, order) ? null : `reshuffle ${b.shuffles + 1} is not the seed's`;
  },
};

/** The classic family's part of `verifyFairness`: every reshuffle is the seed's. */
export const classicFairness: FairnessParts = {
  known: CLASSIC_TYPES,
  fold: () => foldOf(foldParts),
};

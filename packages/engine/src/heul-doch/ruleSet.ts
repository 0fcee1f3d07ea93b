import type { Seat } from "../core/types.js";

/**
 * The frozen rule set of a heul-doch match (rules/heul-doch.md), built by the variant from its
 * validated options. The engine only reads it.
 */
export interface HeulDochRuleSet {
  /** H-1.2: the 12 special cards are shuffled in. */
  readonly specials: boolean;
  /** H-5.1: true = only the top card of each pile is shown; false = assist mode. */
  readonly memory: boolean;
  /** H-2.2: the seat that starts the first game. */
  readonly first: Seat;
  /** H-6.4: games in the match. */
  readonly games: number;
  /** H-2.1: hand cards dealt to each player, and what a hand is refilled to. */
  readonly handSize: number;
  readonly players: { readonly min: number; readonly max: number };
}

export const HEUL_DOCH_DEFAULTS: HeulDochRuleSet = Object.freeze({
  specials: false,
  memory: true,
  first: 0,
  games: 1,
  handSize: 4,
  players: Object.freeze({ min: 3, max: 6 }),
});

/** A complete rule set from partial settings; deeply frozen. */
export function heulDochRuleSetOf(settings: Partial<HeulDochRuleSet> = {}): HeulDochRuleSet {
  return Object.freeze({
    ...HEUL_DOCH_DEFAULTS,
    ...settings,
    players: Object.freeze({ ...(settings.players ?? HEUL_DOCH_DEFAULTS.players) }),
  });
}

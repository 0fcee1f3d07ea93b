import { isPermutationOf, type CardCode } from "../cards/codes.js";
import { isSeed } from "../cards/rng.js";
import type { MatchSetup } from "./engine.js";
import { refuse, type Refusal } from "./types.js";

/** A family's own condition on a match set-up: `ok`, or why not in both languages. */
export interface SetupCondition {
  readonly ok: boolean;
  readonly en: string;
  readonly de: string;
}

/**
 * Start-up validation of a match set-up, shared by every family: the player count within the
 * rule set's range, the dealer a seat, the seed valid, a given deck a permutation of the
 * rule set's deck. `afterSeats` (checked after the dealer) and `afterDeck` (last) are the
 * family's own conditions. The first failed condition is the refusal (INVALID_COMMAND).
 */
export function setupRefusal(
  setup: MatchSetup<unknown>,
  ruleSet: { readonly players: { readonly min: number; readonly max: number } },
  deck: () => readonly CardCode[],
  family: {
    readonly afterSeats?: () => readonly SetupCondition[];
    readonly afterDeck?: () => readonly SetupCondition[];
  } = {},
): Refusal | null {
  const { players, seed } = setup;
  const dealer = setup.dealer ?? 0;
  const bad = (en: string, de: string) => refuse("INVALID_COMMAND", { en, de });
  const { min, max } = ruleSet.players;
  if (!Number.isInteger(players) || players < min || players > max)
    return bad(`players must be ${min}–${max}`, `Spielerzahl muss ${min}–${max} sein`);
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= players)
    return bad("the dealer must be a seat", "Der Geber muss ein Platz sein");
  for (const c of family.afterSeats?.() ?? []) if (!c.ok) return bad(c.en, c.de);
  if (!isSeed(seed))
    return bad(
      "the seed must be a string of 1–256 characters or an integer",
      "Der Seed muss eine Zeichenkette (1–256 Zeichen) oder ganzzahlig sein",
    );
  if (setup.deck && !isPermutationOf(setup.deck, deck()))
    return bad(
      "the deck is not a permutation of the variant's deck",
      "Das Blatt passt nicht zur Variante",
    );
  for (const c of family.afterDeck?.() ?? []) if (!c.ok) return bad(c.en, c.de);
  return null;
}

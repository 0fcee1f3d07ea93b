import { HEUL_DOCH_STYLE, heulDochDeck } from "./heulDochDeck";

/** The decks families bring beside the classic ones, by deck style. */
export const FAMILY_DECKS = { [HEUL_DOCH_STYLE]: heulDochDeck } as const;

/** The variants that play a family's own deck, by variant id: the lobby fans that deck's cards. */
export const FAMILY_DECK_OF_VARIANT: Readonly<Record<string, keyof typeof FAMILY_DECKS>> = {
  "heul-doch": HEUL_DOCH_STYLE,
};

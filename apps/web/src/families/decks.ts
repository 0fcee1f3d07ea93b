import { HEUL_DOCH_STYLE, heulDochDeck } from "./heulDochDeck";

/** The decks families bring beside the classic ones, by deck style. */
export const FAMILY_DECKS = { [HEUL_DOCH_STYLE]: heulDochDeck } as const;

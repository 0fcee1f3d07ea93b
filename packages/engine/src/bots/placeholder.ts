import type { CardCode } from "../cards/codes.js";

/** Card codes are `<colour>/<rank>` or a word; a placeholder for an unseen card is neither. */
const PREFIX = "?";

/** Placeholder `n` of class `k` (`?k.n`): class 0 is the deck's rest, class k ≥ 1 a known set. */
export const placeholder = (k: number, n: number): CardCode => `${PREFIX}${k}.${n}`;

export const isPlaceholder = (card: CardCode): boolean => card.startsWith(PREFIX);

/** The class of a placeholder. */
export const classOf = (card: CardCode): number =>
  Number(card.slice(PREFIX.length, card.indexOf(".")));

import { heulDochDeck, heulDochPredicates as hr, type CardCode, type Seat } from "@maumau/engine";

/** What a heul-doch test wants on the table right after the deal. */
export interface HeulDochStack {
  readonly players: number;
  readonly specials?: boolean;
  /** The first card of each seat's pile (dealt face up, seat 0 first). */
  readonly piles?: Readonly<Partial<Record<Seat, CardCode>>>;
  /** Hand cards by seat; a hand given short is filled with the first unused number cards. */
  readonly hands?: Readonly<Partial<Record<Seat, readonly CardCode[]>>>;
  /** The top of the draw pile after the deal, top first; the rest follows in pack order. */
  readonly drawPile?: readonly CardCode[];
}

/**
 * The full deck order (top first) that gives H-2.1's deal the requested piles and hands:
 * one pile card per seat, seat 0 first, then 4 hand cards each, one at a time.
 */
export function stack(spec: HeulDochStack): CardCode[] {
  const pool = heulDochDeck(spec.specials === true);
  const take = (card: CardCode, what: string): CardCode => {
    const i = pool.indexOf(card);
    if (i < 0) throw new Error(`stack: ${what} asks for a missing copy of ${card}`);
    pool.splice(i, 1);
    return card;
  };
  const seats = Array.from({ length: spec.players }, (_, s) => s);
  const wantedPiles = seats.map((s) => {
    const c = spec.piles?.[s];
    return c === undefined ? undefined : take(c, `pile ${s}`);
  });
  const wantedHands = seats.map((s) => (spec.hands?.[s] ?? []).map((c) => take(c, `hand ${s}`)));
  const top = (spec.drawPile ?? []).map((c) => take(c, "draw pile"));
  const nextNumber = (): CardCode => {
    const i = pool.findIndex((c) => !hr.isSpecial(c));
    if (i < 0) throw new Error("stack: no number card left");
    return pool.splice(i, 1)[0]!;
  };
  const piles = wantedPiles.map((c) => c ?? nextNumber());
  const hands = wantedHands.map((h) => {
    if (h.length > 4) throw new Error("stack: a hand holds 4 cards");
    return [...h, ...Array.from({ length: 4 - h.length }, nextNumber)];
  });
  const dealt: CardCode[] = [];
  for (let round = 0; round < 4; round++) for (const s of seats) dealt.push(hands[s]![round]!);
  return [...piles, ...dealt, ...top, ...pool];
}

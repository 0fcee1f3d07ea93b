import type { FastRng } from "@maumau/engine";

/**
 * The denominator of the fast path's speed: random playouts of noris (rules/noris.md, default
 * options, every call made) written as plainly as JavaScript allows, for this benchmark only:
 * one mutable object, JS arrays reused from game to game, the rules hard-coded, no tables
 * compiled from a rule set, no checks beyond what a random player needs. It is not the engine
 * and nothing else uses it.
 *
 * A card is `colour * 16 + rank`: colours 0–3 (4 for `wild`), ranks 0–8 for 1–9, then
 * reverse 9, draw2 10, draw4 11, stop 12, wild 13.
 */
const REVERSE = 9;
const DRAW2 = 10;
const DRAW4 = 11;
const STOP = 12;
const WILD = 4 * 16 + 13;
const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10];

const DECK: number[] = [];
for (let colour = 0; colour < 4; colour++)
  for (let rank = 0; rank <= STOP; rank++) DECK.push(colour * 16 + rank, colour * 16 + rank);
for (let i = 0; i < 6; i++) DECK.push(WILD);

export class PlainNoris {
  hands: number[][] = [];
  pile: number[] = [];
  discard: number[] = [];
  turn = 0;
  direction = 1;
  wish = -1;
  pending = 0;
  pendingRank = -1;
  anyCard = false;
  idle = 0;
  active = false;
  winner = -1;
  over = false;
  scores: number[] = [];
  moves: number[] = [];

  constructor(
    readonly players: number,
    readonly rng: FastRng,
  ) {}

  deal(): void {
    const pile = this.pile;
    pile.length = 0;
    for (const card of DECK) pile.push(card);
    this.shuffle(pile);
    for (let p = 0; p < this.players; p++) {
      const hand = (this.hands[p] ??= []);
      hand.length = 0;
      for (let i = 0; i < 5; i++) hand.push(pile.pop()!);
    }
    const starter = pile.pop()!;
    this.discard.length = 0;
    this.discard.push(starter);
    this.anyCard = starter === WILD;
    this.turn = 1 % this.players;
    this.direction = 1;
    this.wish = -1;
    this.pending = 0;
    this.pendingRank = -1;
    this.idle = 0;
    this.active = false;
    this.winner = -1;
    this.over = false;
  }

  shuffle(cards: number[]): void {
    for (let i = cards.length - 1; i > 0; i--) {
      const j = this.rng.below(i + 1);
      const t = cards[i]!;
      cards[i] = cards[j]!;
      cards[j] = t;
    }
  }

  fits(card: number): boolean {
    if (this.pending > 0) return this.pendingRank === DRAW2 && (card & 15) === DRAW2;
    if (this.anyCard || card === WILD) return true;
    if (this.wish >= 0) return card >> 4 === this.wish;
    const top = this.discard[this.discard.length - 1]!;
    return card >> 4 === top >> 4 || (card & 15) === (top & 15);
  }

  /** Legal moves: `index in hand * 8 + wish + 1` for plays (wish 0 = none), -1 to draw. */
  legal(): number[] {
    const out = this.moves;
    out.length = 0;
    const hand = this.hands[this.turn]!;
    for (let i = 0; i < hand.length; i++) {
      const card = hand[i]!;
      if (hand.indexOf(card) !== i || !this.fits(card)) continue;
      if (card === WILD && hand.length > 1) for (let w = 0; w < 4; w++) out.push(i * 8 + w + 1);
      else out.push(i * 8);
    }
    if (out.length === 0 || this.pending > 0) out.push(-1);
    return out;
  }

  apply(move: number): void {
    if (move < 0) return this.drawTurn();
    const hand = this.hands[this.turn]!;
    const at = move >> 3;
    const card = hand[at]!;
    hand[at] = hand[hand.length - 1]!;
    hand.pop();
    this.discard.push(card);
    this.anyCard = false;
    this.active = true;
    this.wish = card === WILD && hand.length > 0 ? (move & 7) - 1 : -1;
    if (hand.length === 0) return this.end(this.turn);
    const rank = card & 15;
    let skip = false;
    if (rank === REVERSE) this.direction = -this.direction;
    else if (rank === DRAW2 || rank === DRAW4) {
      this.pending += rank === DRAW2 ? 2 : 4;
      this.pendingRank = rank;
    } else if (rank === STOP) skip = true;
    this.next(skip);
  }

  drawTurn(): void {
    if (this.pending > 0) {
      this.draw(this.pending);
      this.pending = 0;
      this.pendingRank = -1;
    } else this.draw(1);
    this.next(false);
  }

  draw(n: number): void {
    const hand = this.hands[this.turn]!;
    for (let i = 0; i < n; i++) {
      if (this.pile.length === 0) {
        if (this.discard.length <= 1) return;
        const top = this.discard.pop()!;
        const empty = this.pile;
        this.pile = this.discard;
        this.shuffle(this.pile);
        this.discard = empty;
        empty.push(top);
      }
      hand.push(this.pile.pop()!);
      this.active = true;
    }
  }

  next(skip: boolean): void {
    const p = this.players;
    this.turn = (((this.turn + this.direction * (skip ? 2 : 1)) % p) + p) % p;
    this.idle = this.active ? 0 : this.idle + 1;
    this.active = false;
    if (this.idle >= p) this.end(-1);
  }

  end(winner: number): void {
    this.over = true;
    this.winner = winner;
    this.scores = this.hands.map((h, p) =>
      p === winner ? 0 : h.reduce((s, c) => s + VALUES[c & 15]!, 0),
    );
  }

  /** One random game from a fresh deal; returns the moves made. */
  playout(): number {
    this.deal();
    let made = 0;
    while (!this.over) {
      const legal = this.legal();
      this.apply(legal[this.rng.below(legal.length)]!);
      made++;
    }
    return made;
  }
}

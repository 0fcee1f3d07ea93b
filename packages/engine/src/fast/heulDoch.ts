import type { CardCode } from "../cards/codes.js";
import { heulDochDeck } from "../cards/decks.js";
import { isSeatOf, optionalOf } from "../core/checks.js";
import type { FastGame, FastLoadOptions, FastUnsupported } from "../core/fast.js";
import type { Command, Seat } from "../core/types.js";
import {
  bestSeats,
  fullDeck,
  isSpecial,
  leftNeighbour,
  rankValue,
  returnIndex,
  rightNeighbour,
  sameColourOrRank,
  spoiledRanks,
} from "../heul-doch/predicates.js";
import type { HeulDochRuleSet } from "../heul-doch/ruleSet.js";
import type { HeulDochState, PileCard } from "../heul-doch/state.js";
import { FastRng } from "./rng.js";

/**
 * The fast path of Heul doch! (rules/heul-doch.md): one game as integers in preallocated
 * typed arrays, a move one integer, nothing allocated per move. The rules stay in
 * `heul-doch/predicates.ts`: the tables below (which card matches which top, which ranks
 * which onion count spoils, each card's rank) are filled by calling those pure functions, and
 * the turn mirrors `heul-doch/decide.ts` step by step. Hands keep the engine's order and the
 * legal moves come in `legalHeulDochMoves`' order, so a policy that picks the i-th legal move
 * makes the same choice on both. The differential test (`packages/registry/src/
 * fastHeulDoch.test.ts`) proves fast path and `decide` equal.
 *
 * A game after its deal has no random outcome (H-3.6 draws from the dealt pile, nothing is
 * reshuffled): `exactShuffles` changes nothing here. Scope: one game, from a dealt table to
 * its end; the match (totals, the next game) stays with the engine.
 */

/** Move = card (bits 0–7) | argument (bits 8–11), see `MOVE_*`. */
export const HD_LEFT = 0;
export const HD_RIGHT = 1;
/** A number card face up onto the player's own pile. */
export const HD_OWN = 2;
/** A number card face down (an onion) onto the player's own pile. */
export const HD_ONION = 3;
/** Never legal while a game runs (draw, pass, a colour, a cut, the next game). */
const MOVE_NEVER = 0xfff;

export const hdMoveCard = (move: number): number => move & 0xff;
/** A number card's place (`HD_*`), a towel's target seat, a carousel's direction (0 = left). */
export const hdMoveArg = (move: number): number => (move >>> 8) & 0xf;

const FACE_DOWN = 0x100;

const SPECIAL = { catapult: 1, towel: 2, carousel: 3, werewolf: 4 } as const;

/** Heul doch!'s cards compiled for the fast path (the same for every rule set). */
export interface HeulDochTables {
  /** Distinct card codes (number cards, then the specials); a card's integer is its index. */
  readonly codes: readonly CardCode[];
  readonly index: ReadonlyMap<CardCode, number>;
  readonly size: number;
  /** H-6.2 rank (0 for a special card). */
  readonly rank: Uint8Array;
  /** 0 for a number card, else 1 catapult, 2 towel, 3 carousel, 4 werewolf. */
  readonly special: Uint8Array;
  /** `matches[a * size + b]`: `sameColourOrRank(a, b)`. */
  readonly matches: Uint8Array;
  /** `spoils[onions * 8 + rank]`: `spoiledRanks(onions)` includes `rank`. */
  readonly spoils: Uint8Array;
}

let tables: HeulDochTables | null = null;

/** The tables, built once by asking the pure rule functions. */
export function heulDochTables(): HeulDochTables {
  if (tables !== null) return tables;
  const codes = [...new Set(heulDochDeck(true))];
  const n = codes.length;
  const rank = Uint8Array.from(codes, rankValue);
  const special = Uint8Array.from(codes, (c) =>
    isSpecial(c) ? SPECIAL[c as keyof typeof SPECIAL] : 0,
  );
  const matches = new Uint8Array(n * n);
  for (let a = 0; a < n; a++)
    for (let b = 0; b < n; b++) matches[a * n + b] = sameColourOrRank(codes[a]!, codes[b]!) ? 1 : 0;
  const most = heulDochDeck(true).length;
  const spoils = new Uint8Array((most + 2) * 8);
  for (let onions = 0; onions <= most + 1; onions++)
    for (const r of spoiledRanks(onions)) spoils[onions * 8 + r] = 1;
  tables = {
    codes,
    index: new Map(codes.map((c, i) => [c, i] as const)),
    size: n,
    rank,
    special,
    matches,
    spoils,
  };
  return tables;
}

/** A position in plain values, laid out as `HeulDochState` has it (tests, debugging). */
export interface FastHeulDochSnapshot {
  readonly over: boolean;
  readonly turn: Seat;
  readonly hands: CardCode[][];
  /** Top first, as `HeulDochState.drawPile`. */
  readonly drawPile: CardCode[];
  /** Bottom first, as `HeulDochState.piles`. */
  readonly piles: PileCard[][];
  readonly middle: CardCode[];
  readonly scores: number[] | null;
  readonly spoiled: number[] | null;
  readonly winners: Seat[];
}

/** One Heul doch! game on the fast path. Create with `FastHeulDoch.load`. */
export class FastHeulDoch implements FastGame {
  readonly tables: HeulDochTables;
  readonly rules: HeulDochRuleSet;
  readonly players: number;
  readonly rng: FastRng;
  readonly moves: Int32Array;

  private readonly cap: number;
  private readonly deck: Uint8Array;
  private readonly hands: Uint8Array;
  private readonly handLen: Int32Array;
  /** The draw pile, top last. */
  private readonly pile: Uint8Array;
  private pileLen = 0;
  /** Personal piles, bottom first: card | `FACE_DOWN`. */
  private readonly piles: Uint16Array;
  private readonly pileLens: Int32Array;
  private readonly onions: Int32Array;
  private readonly middle: Uint8Array;
  private middleLen = 0;
  private readonly scoreOf: Int32Array;
  private readonly spoiledOf: Int32Array;
  private readonly seen: Int32Array;
  private stamp = 0;
  /** Scratch for the simultaneous moves of the carousel and the catapult. */
  private readonly lifted: Int32Array;
  private winnerList: Seat[] = [];
  /** `returnIndex` from the fast generator (made once: `deal` runs once a game). */
  private readonly fromRng = (_k: number, rest: number): number =>
    returnIndex(() => this.rng.random(), rest);
  private ended = false;
  /** The seat to act (or that acted last, once the game is over). */
  turn = 0;

  private constructor(rules: HeulDochRuleSet, players: number, rngSeed: number) {
    const t = heulDochTables();
    this.tables = t;
    this.rules = rules;
    this.players = players;
    this.rng = new FastRng(rngSeed);
    this.deck = Uint8Array.from(fullDeck(rules), (c) => t.index.get(c)!);
    const cap = this.deck.length;
    this.cap = cap;
    this.hands = new Uint8Array(players * cap);
    this.handLen = new Int32Array(players);
    this.pile = new Uint8Array(cap);
    this.piles = new Uint16Array(players * cap);
    this.pileLens = new Int32Array(players);
    this.onions = new Int32Array(players);
    this.middle = new Uint8Array(cap);
    this.scoreOf = new Int32Array(players);
    this.spoiledOf = new Int32Array(players);
    this.seen = new Int32Array(t.size);
    this.lifted = new Int32Array(players);
    // per distinct card at most 4 moves (left, right, own, onion) or a towel's targets
    this.moves = new Int32Array(t.size * Math.max(4, players));
  }

  /** Loads a dealt position of the engine, or says why the fast path cannot play it. */
  static load(s: HeulDochState, options: FastLoadOptions = {}): FastHeulDoch | FastUnsupported {
    if (s.phase === "idle") return { supported: false, reason: "phase idle (before the deal)" };
    if (s.players < 3) return { supported: false, reason: `${s.players} players (H-3.4 needs 3)` };
    const f = new FastHeulDoch(s.rules, s.players, options.rngSeed ?? 1);
    const t = f.tables;
    const code = (c: CardCode): number => {
      const i = t.index.get(c);
      if (i === undefined) throw new Error(`card ${c} is not in the deck`);
      return i;
    };
    for (let seat = 0; seat < s.players; seat++) {
      const hand = s.hands[seat] ?? [];
      for (let i = 0; i < hand.length; i++) f.hands[seat * f.cap + i] = code(hand[i]!);
      f.handLen[seat] = hand.length;
      const pile = s.piles[seat] ?? [];
      let onions = 0;
      for (let i = 0; i < pile.length; i++) {
        const c = pile[i]!;
        f.piles[seat * f.cap + i] = code(c.card) | (c.faceDown ? FACE_DOWN : 0);
        if (c.faceDown) onions++;
      }
      f.pileLens[seat] = pile.length;
      f.onions[seat] = onions;
    }
    const draw = s.drawPile;
    for (let i = 0; i < draw.length; i++) f.pile[draw.length - 1 - i] = code(draw[i]!);
    f.pileLen = draw.length;
    for (let i = 0; i < s.middle.length; i++) f.middle[i] = code(s.middle[i]!);
    f.middleLen = s.middle.length;
    f.turn = s.turn;
    f.ended = s.phase === "gameOver" || s.phase === "matchOver";
    if (f.ended) {
      for (let seat = 0; seat < s.players; seat++) {
        f.scoreOf[seat] = s.scores?.[seat] ?? 0;
        f.spoiledOf[seat] = s.spoiled?.[seat] ?? 0;
      }
      f.winnerList = s.gameWinners.slice();
    }
    return f;
  }

  /** Makes this game a copy of `other` (same rule set and table). */
  copyFrom(other: FastHeulDoch): void {
    if (other.players !== this.players || other.cap !== this.cap)
      throw new Error("copyFrom needs a game of the same rule set and table");
    this.hands.set(other.hands);
    this.handLen.set(other.handLen);
    this.pile.set(other.pile);
    this.pileLen = other.pileLen;
    this.piles.set(other.piles);
    this.pileLens.set(other.pileLens);
    this.onions.set(other.onions);
    this.middle.set(other.middle);
    this.middleLen = other.middleLen;
    this.scoreOf.set(other.scoreOf);
    this.spoiledOf.set(other.spoiledOf);
    this.winnerList = other.winnerList.slice();
    this.ended = other.ended;
    this.turn = other.turn;
  }

  /** A new game object with the same rule set and table, copied from this one. */
  clone(rngSeed = 1): FastHeulDoch {
    const f = new FastHeulDoch(this.rules, this.players, rngSeed);
    f.copyFrom(this);
    return f;
  }

  get over(): boolean {
    return this.ended;
  }

  /** The first of the game's winners (H-6.3 may share a win: see `winners`). */
  get winner(): Seat | null {
    return this.ended ? (this.winnerList[0] ?? null) : null;
  }

  /** Every winner once the game is over (a shared win has several), else none. */
  get winners(): readonly Seat[] {
    return this.ended ? this.winnerList : [];
  }

  get toAct(): Seat | null {
    return this.ended ? null : this.turn;
  }

  /** H-6.2 points of a seat once the game is over. */
  score(seat: Seat): number {
    return this.scoreOf[seat] ?? 0;
  }

  handSize(seat: Seat): number {
    return this.handLen[seat] ?? 0;
  }

  /** The top of `seat`'s pile: card | 0x100 when face down, -1 for an empty pile. */
  top(seat: Seat): number {
    const n = this.pileLens[seat]!;
    return n === 0 ? -1 : this.piles[seat * this.cap + n - 1]!;
  }

  /** Cards in `seat`'s pile. */
  pileSize(seat: Seat): number {
    return this.pileLens[seat]!;
  }

  /** Card `i` (bottom first) of `seat`'s pile: card | 0x100 when face down. */
  pileCard(seat: Seat, i: number): number {
    return this.piles[seat * this.cap + i]!;
  }

  /** Cards left in the draw pile. */
  get drawPileSize(): number {
    return this.pileLen;
  }

  /** Onions in `seat`'s pile. */
  onionCount(seat: Seat): number {
    return this.onions[seat]!;
  }

  /** The hand card at `i` of `seat` (engine order). */
  handCard(seat: Seat, i: number): number {
    return this.hands[seat * this.cap + i]!;
  }

  /** H-3.1a/H-3.3: does number card `c` fit `seat`'s top for a neighbour? */
  private fitsOpen(c: number, seat: Seat): boolean {
    const top = this.top(seat);
    return top >= 0 && top < FACE_DOWN && this.tables.matches[c * this.tables.size + top] === 1;
  }

  /** H-3.1b: own top an onion or empty, or it matches. */
  private fitsOwn(c: number, seat: Seat): boolean {
    const top = this.top(seat);
    return top < 0 || top >= FACE_DOWN || this.tables.matches[c * this.tables.size + top] === 1;
  }

  /** Every legal move of the seat to act, in `legalHeulDochMoves`' order; returns how many. */
  legalMoves(out: Int32Array): number {
    if (this.ended) return 0;
    const seat = this.turn;
    const p = this.players;
    const { special, matches, size } = this.tables;
    // the three tops once per position: a neighbour's closed top (-1) takes nothing (H-3.3)
    const lt = this.top((seat + 1) % p);
    const rt = this.top((seat - 1 + p) % p);
    const ot = this.top(seat);
    const left = lt >= 0 && lt < FACE_DOWN ? lt : -1;
    const right = rt >= 0 && rt < FACE_DOWN ? rt : -1;
    const own = ot >= 0 && ot < FACE_DOWN ? ot : -1;
    const stamp = ++this.stamp;
    const seen = this.seen;
    const hands = this.hands;
    let n = 0;
    for (let i = seat * this.cap, end = i + this.handLen[seat]!; i < end; i++) {
      const c = hands[i]!;
      if (seen[c] === stamp) continue;
      seen[c] = stamp;
      switch (special[c]) {
        case 0: {
          const row = c * size;
          const l = left >= 0 && matches[row + left] === 1;
          const r = right >= 0 && matches[row + right] === 1;
          if (l) out[n++] = c | (HD_LEFT << 8);
          if (r) out[n++] = c | (HD_RIGHT << 8);
          if (!l && !r && (own < 0 || matches[row + own] === 1)) out[n++] = c | (HD_OWN << 8);
          out[n++] = c | (HD_ONION << 8);
          break;
        }
        case SPECIAL.towel:
          for (let target = 0; target < p; target++)
            if (target !== seat) out[n++] = c | (target << 8);
          break;
        case SPECIAL.carousel:
          out[n++] = c;
          out[n++] = c | (1 << 8);
          break;
        default:
          out[n++] = c;
      }
    }
    return n;
  }

  private holds(seat: Seat, c: number): boolean {
    for (let i = seat * this.cap, end = i + this.handLen[seat]!; i < end; i++)
      if (this.hands[i] === c) return true;
    return false;
  }

  /** Would the engine accept this move from the seat to act? */
  isLegal(move: number): boolean {
    if (this.ended || move < 0 || move > 0xfff) return false;
    const c = hdMoveCard(move);
    const arg = hdMoveArg(move);
    if (c >= this.tables.size || !this.holds(this.turn, c)) return false;
    const seat = this.turn;
    const p = this.players;
    switch (this.tables.special[c]) {
      case 0: {
        const l = this.fitsOpen(c, (seat + 1) % p);
        const r = this.fitsOpen(c, (seat - 1 + p) % p);
        if (arg === HD_LEFT) return l;
        if (arg === HD_RIGHT) return r;
        if (arg === HD_OWN) return !l && !r && this.fitsOwn(c, seat);
        return arg === HD_ONION;
      }
      case SPECIAL.towel:
        return arg < p && arg !== seat;
      case SPECIAL.carousel:
        return arg <= 1;
      default:
        return arg === 0;
    }
  }

  /**
   * A command as the engine would judge it: `true` accepted, `false` refused, `"unsupported"`
   * when the answer lies outside one game (`startNextGame` once it is over). Never throws.
   */
  accepts(command: unknown): boolean | "unsupported" {
    const move = this.encode(command);
    return move === -2 ? "unsupported" : move >= 0 && this.isLegal(move);
  }

  /**
   * The move of a command (the engine's field rules: `isWellFormed` in heul-doch/checks.ts),
   * -1 when the engine refuses it whatever the position, -2 when it is not a move within the
   * game.
   */
  encode(command: unknown): number {
    if (typeof command !== "object" || command === null) return -1;
    const x = command as Record<string, unknown>;
    if (x.type === "startNextGame") return this.ended ? -2 : MOVE_NEVER;
    if (!isSeatOf(this, x.seat)) return -1;
    const seat = x.seat;
    switch (x.type) {
      case "playCard": {
        const c = typeof x.card === "string" ? this.tables.index.get(x.card) : undefined;
        if (c === undefined || (!this.rules.specials && this.tables.special[c] !== 0)) return -1;
        const to = x.to;
        const target = x.target;
        if (to !== undefined && to !== null && !isSeatOf(this, to)) return -1;
        if (target !== undefined && target !== null && !isSeatOf(this, target)) return -1;
        if (!optionalOf(x.faceDown, "boolean") || !optionalOf(x.direction, "string")) return -1;
        if (this.ended || seat !== this.turn) return -1;
        const faceDown = x.faceDown === true;
        const kind = this.tables.special[c];
        if (kind !== 0) {
          // H-3.1: to the middle only; H-4.2 a target; H-4.3 a direction
          if (faceDown || (to !== undefined && to !== null)) return -1;
          if (kind === SPECIAL.towel)
            return typeof target === "number" && target !== seat ? c | (target << 8) : -1;
          if (kind === SPECIAL.carousel)
            return x.direction === "left" ? c : x.direction === "right" ? c | (1 << 8) : -1;
          return c;
        }
        const dest = typeof to === "number" ? to : seat;
        if (faceDown) return dest === seat ? c | (HD_ONION << 8) : -1;
        if (dest === seat) return c | (HD_OWN << 8);
        if (dest === leftNeighbour(this.players, seat)) return c | (HD_LEFT << 8);
        if (dest === rightNeighbour(this.players, seat)) return c | (HD_RIGHT << 8);
        return -1;
      }
      case "drawCard":
      case "pass":
      case "chooseColour":
      case "cut":
        return MOVE_NEVER;
      default:
        return -1;
    }
  }

  /** The move as `legalHeulDochMoves` writes the command, for the seat to act. */
  decode(move: number): Command {
    const seat = this.turn;
    const c = hdMoveCard(move);
    const card = this.tables.codes[c];
    const arg = hdMoveArg(move);
    if (card === undefined || move === MOVE_NEVER)
      throw new Error(`move ${move} is not a move of the game`);
    switch (this.tables.special[c]) {
      case 0:
        if (arg === HD_OWN) return { type: "playCard", seat, card };
        if (arg === HD_ONION) return { type: "playCard", seat, card, faceDown: true };
        return {
          type: "playCard",
          seat,
          card,
          to:
            arg === HD_LEFT
              ? leftNeighbour(this.players, seat)
              : rightNeighbour(this.players, seat),
        };
      case SPECIAL.towel:
        return { type: "playCard", seat, card, target: arg };
      case SPECIAL.carousel:
        return { type: "playCard", seat, card, direction: arg === 0 ? "left" : "right" };
      default:
        return { type: "playCard", seat, card };
    }
  }

  private push(seat: Seat, v: number): void {
    this.piles[seat * this.cap + this.pileLens[seat]!++] = v;
    if (v >= FACE_DOWN) this.onions[seat]!++;
  }

  private pop(seat: Seat): number {
    const v = this.piles[seat * this.cap + --this.pileLens[seat]!]!;
    if (v >= FACE_DOWN) this.onions[seat]!--;
    return v;
  }

  /** Carries out a legal move of the seat to act (`decide.ts`: play, draw, pass the turn). */
  apply(move: number): void {
    const seat = this.turn;
    const p = this.players;
    const c = hdMoveCard(move);
    const arg = hdMoveArg(move);
    // card.played / special.played: the first copy leaves the hand, the order is kept
    const base = seat * this.cap;
    const end = base + this.handLen[seat]! - 1;
    let i = base;
    while (this.hands[i] !== c) i++;
    for (; i < end; i++) this.hands[i] = this.hands[i + 1]!;
    this.handLen[seat]!--;
    const kind = this.tables.special[c];
    if (kind === 0) {
      if (arg === HD_LEFT) this.push((seat + 1) % p, c);
      else if (arg === HD_RIGHT) this.push((seat - 1 + p) % p, c);
      else this.push(seat, arg === HD_ONION ? c | FACE_DOWN : c);
    } else {
      this.middle[this.middleLen++] = c;
      this.special(seat, kind!, arg);
    }
    // H-3.6: draw one while the draw pile lasts
    if (this.pileLen > 0) this.hands[base + this.handLen[seat]!++] = this.pile[--this.pileLen]!;
    // H-3.6/H-6.1: the next seat holding a card, possibly this one; none: the game ends
    for (let k = 1; k <= p; k++) {
      const next = (seat + k) % p;
      if (this.handLen[next]! > 0) {
        this.turn = next;
        return;
      }
    }
    this.endGame();
  }

  /** H-4: a special card's effect (`catapultVictims`, `towelMoves`, `carouselMoves`, `werewolfTops`). */
  private special(seat: Seat, kind: number, arg: number): void {
    const p = this.players;
    const rank = this.tables.rank;
    switch (kind) {
      case SPECIAL.catapult: {
        let high = 0;
        for (let s = 0; s < p; s++) {
          const top = this.top(s);
          if (top >= 0 && top < FACE_DOWN && rank[top]! > high) high = rank[top]!;
        }
        for (let k = 0; k < p; k++) {
          const s = (seat + k) % p;
          const top = this.top(s);
          if (top >= 0 && top < FACE_DOWN && rank[top] === high)
            this.middle[this.middleLen++] = this.pop(s);
        }
        return;
      }
      case SPECIAL.towel: {
        const mine = this.pileLens[seat]! > 0 ? this.pop(seat) : -1;
        const theirs = this.pileLens[arg]! > 0 ? this.pop(arg) : -1;
        if (mine >= 0) this.push(arg, mine);
        if (theirs >= 0) this.push(seat, theirs);
        return;
      }
      case SPECIAL.carousel: {
        const step = arg === 0 ? 1 : p - 1;
        const lifted = this.lifted;
        for (let s = 0; s < p; s++) lifted[s] = this.pileLens[s]! > 0 ? this.pop(s) : -1;
        for (let s = 0; s < p; s++) if (lifted[s]! >= 0) this.push((s + step) % p, lifted[s]!);
        return;
      }
      case SPECIAL.werewolf:
        for (let s = 0; s < p; s++)
          if (this.pileLens[s]! > 0) this.push(s, this.pop(s) ^ FACE_DOWN);
        return;
    }
  }

  /** H-6.2/H-6.3 (`scorePile`, `bestSeats`). */
  private endGame(): void {
    const { rank, spoils } = this.tables;
    for (let s = 0; s < this.players; s++) {
      const row = this.onions[s]! * 8;
      let points = 0;
      let spoiled = 0;
      for (let i = s * this.cap, end = i + this.pileLens[s]!; i < end; i++) {
        const v = this.piles[i]!;
        if (v >= FACE_DOWN) continue;
        const r = rank[v]!;
        if (spoils[row + r] === 1) spoiled += r;
        else points += r;
      }
      this.scoreOf[s] = points;
      this.spoiledOf[s] = spoiled;
    }
    this.winnerList = bestSeats(Array.from(this.scoreOf), Array.from(this.spoiledOf));
    this.ended = true;
  }

  /** Uniformly random legal moves until the game ends or `maxMoves` are made; returns the count. */
  playout(maxMoves = 100_000): number {
    const out = this.moves;
    const rng = this.rng;
    let made = 0;
    while (!this.ended && made < maxMoves) {
      const n = this.legalMoves(out);
      this.apply(out[n === 1 ? 0 : rng.below(n)]!);
      made++;
    }
    return made;
  }

  /**
   * A fresh first game on the same table from the fast generator (H-2.1): shuffle, start
   * the piles (a special card goes back to a random place below the top), deal the hands.
   * Heul doch! has no dealer: the game starts at the rule set's `first` seat (H-2.2), as a
   * match's first game; the argument is ignored.
   */
  deal(_dealer?: Seat): void {
    const pile = this.pile;
    pile.set(this.deck);
    const rng = this.rng;
    for (let i = pile.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const tmp = pile[i]!;
      pile[i] = pile[j]!;
      pile[j] = tmp;
    }
    this.open(this.fromRng);
  }

  /**
   * Deals a given deck order (top first, as `game.started` records it) as the engine does;
   * `returnAt(k, rest)` places the k-th special card that comes back (k from 0) among the
   * `rest` cards left, as `returnIndex` (default: from the fast generator). For tests and
   * for a search that lays out a sampled deck; not for the hot path.
   */
  dealDeck(
    order: readonly CardCode[],
    returnAt: (k: number, rest: number) => number = this.fromRng,
  ): void {
    if (order.length !== this.cap) throw new Error(`a deck of ${this.cap} cards is needed`);
    for (let i = 0; i < order.length; i++) {
      const c = this.tables.index.get(order[i]!);
      if (c === undefined) throw new Error(`card ${order[i]} is not in the deck`);
      this.pile[order.length - 1 - i] = c;
    }
    this.open(returnAt);
  }

  /** H-2.1 from the full draw pile (top last). */
  private open(returnAt: (k: number, rest: number) => number): void {
    const p = this.players;
    const pile = this.pile;
    let len = pile.length;
    this.pileLens.fill(0);
    this.onions.fill(0);
    this.handLen.fill(0);
    this.middleLen = 0;
    let returned = 0;
    for (let seat = 0; seat < p; seat++)
      for (;;) {
        if (len === 0) throw new Error("no card left to start a pile");
        const c = pile[len - 1]!;
        if (this.tables.special[c] === 0) {
          len--;
          this.push(seat, c);
          break;
        }
        // `special.returned`: out of the top, into index `at` of the rest (top first)
        const at = returnAt(returned++, len - 1);
        const dest = len - 1 - at;
        for (let i = len - 1; i > dest; i--) pile[i] = pile[i - 1]!;
        pile[dest] = c;
      }
    for (let round = 0; round < this.rules.handSize; round++)
      for (let seat = 0; seat < p && len > 0; seat++)
        this.hands[seat * this.cap + this.handLen[seat]!++] = pile[--len]!;
    this.pileLen = len;
    this.scoreOf.fill(0);
    this.spoiledOf.fill(0);
    this.winnerList = [];
    this.ended = false;
    this.turn = this.rules.first % p;
  }

  /** The position in plain values (allocates: for tests and debugging). */
  snapshot(): FastHeulDochSnapshot {
    const codes = this.tables.codes;
    const cap = this.cap;
    return {
      over: this.ended,
      turn: this.turn,
      hands: Array.from({ length: this.players }, (_, s) =>
        Array.from(this.hands.subarray(s * cap, s * cap + this.handLen[s]!), (c) => codes[c]!),
      ),
      drawPile: Array.from(this.pile.subarray(0, this.pileLen), (c) => codes[c]!).reverse(),
      piles: Array.from({ length: this.players }, (_, s) =>
        Array.from(this.piles.subarray(s * cap, s * cap + this.pileLens[s]!), (v) => ({
          card: codes[v & 0xff]!,
          faceDown: v >= FACE_DOWN,
        })),
      ),
      middle: Array.from(this.middle.subarray(0, this.middleLen), (c) => codes[c]!),
      scores: this.ended ? Array.from(this.scoreOf) : null,
      spoiled: this.ended ? Array.from(this.spoiledOf) : null,
      winners: this.winners.slice(),
    };
  }
}

/** `FastPath` of the heul-doch engine. */
export const fastHeulDochPath = {
  load: (s: HeulDochState, options?: FastLoadOptions): FastHeulDoch | FastUnsupported =>
    FastHeulDoch.load(s, options),
};

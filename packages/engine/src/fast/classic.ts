import type { CardCode } from "../cards/codes.js";
import { colourOf, rankOf } from "../cards/codes.js";
import { DECKS } from "../cards/decks.js";
import { seededShuffle, type Seed } from "../cards/rng.js";
import type { Command, Seat } from "../core/types.js";
import {
  answersPending,
  buriesStarter,
  deckColours,
  drawLimit,
  effectOf,
  fullDeck,
  handSizeFor,
  matchesTop,
  reshufflesStock,
  winnerCollects,
} from "../classic/predicates.js";
import type { ClassicRuleSet } from "../classic/ruleSet.js";
import type { ClassicState, Phase } from "../classic/state.js";
import {
  isFastUnsupported,
  type FastGame,
  type FastLoadOptions,
  type FastUnsupported,
} from "../core/fast.js";
import { ruleBranch } from "../core/branches.js";
import { FastRng } from "./rng.js";

/**
 * The fast path of the classic family: a specialised interpreter of one game for search
 * and simulation. Cards are small integers, the table lives in preallocated typed arrays,
 * a move is one integer, and nothing is allocated and no event is built per move. The
 * rules stay in `classic/predicates.ts`: the tables below (which card fits on which top card
 * under which wish, which card answers which pending draw) are filled by calling those pure
 * functions, and the turn structure mirrors `classic/decide.ts` step by step. The
 * differential test (`packages/registry/src/fast.test.ts`) proves both equal.
 *
 * Scope: one game, from a dealt table (phases playing, drawnCard, playAgain,
 * choosingColour) to its end (won or stalled). The cut (B-2.2) and match bookkeeping
 * (totals, next game) stay with the engine.
 */

export { isFastUnsupported, type FastLoadOptions, type FastUnsupported };

/** A move is one integer: kind in bits 0–2, card in 3–10, wish (0 = none, colour + 1) in 11–14. */
export const MOVE_DRAW = 0;
export const MOVE_PASS = 1;
export const MOVE_PLAY = 2;
export const MOVE_CHOOSE = 3;
/** Never legal inside a game (a cut, or `startNextGame` while a game runs). */
const MOVE_NEVER = 7;
/** The move says "mau" (bit 15) / "Mau-Mau" (bit 16). */
export const MOVE_MAU = 1 << 15;
export const MOVE_MAU_MAU = 1 << 16;

export const moveKind = (move: number): number => move & 7;
export const moveCard = (move: number): number => (move >>> 3) & 0xff;
export const moveWish = (move: number): number => (move >>> 11) & 0xf;

/** The most moves a position can have: every distinct card × every colour, draw and pass. */
export const maxMovesOf = (tables: FastTables): number => tables.size * tables.colours.length + 2;

const enum P {
  Playing = 0,
  DrawnCard = 1,
  PlayAgain = 2,
  ChoosingColour = 3,
  Over = 4,
}

const PHASES: Partial<Record<Phase, P>> = {
  playing: P.Playing,
  drawnCard: P.DrawnCard,
  playAgain: P.PlayAgain,
  choosingColour: P.ChoosingColour,
  gameOver: P.Over,
  matchOver: P.Over,
};
const PHASE_NAMES = ["playing", "drawnCard", "playAgain", "choosingColour", "over"] as const;

const enum K {
  None = 0,
  Wish = 1,
  Draw = 2,
  Skip = 3,
  Reverse = 4,
  PlayAgain = 5,
}
const KINDS: Record<string, K> = {
  wish: K.Wish,
  draw: K.Draw,
  skip: K.Skip,
  reverse: K.Reverse,
  playAgain: K.PlayAgain,
};

/** A rule set compiled for the fast path: integer card codes and lookup tables. */
export interface FastTables {
  readonly rules: ClassicRuleSet;
  /** Distinct card codes; a card's integer code is its index here. */
  readonly codes: readonly CardCode[];
  readonly index: ReadonlyMap<CardCode, number>;
  readonly size: number;
  readonly colours: readonly string[];
  readonly ranks: readonly string[];
  readonly rank: Uint8Array;
  /** A card's colour: index in `colours` + 1, 0 for a card without colour (a joker). */
  readonly colour: Uint8Array;
  readonly kind: Uint8Array;
  readonly count: Uint8Array;
  readonly value: Int32Array;
  /** `fits[(top * (colours + 1) + wish) * size + card]`: `matchesTop` with no "any card". */
  readonly fits: Uint8Array;
  /** `answers[rank * size + card]`: `answersPending` with a draw of `rank` pending. */
  readonly answers: Uint8Array;
  /** Every card of a game, pack order, as integer codes. */
  readonly deck: Uint8Array;
  /** One row of ones: every card fits (N-2.4, the wild starter). */
  readonly ones: Uint8Array;
  /** `buried[card]`: 1 when `buriesStarter` (C-3.5). */
  readonly buried: Uint8Array;
}

const compiled = new WeakMap<ClassicRuleSet, FastTables | FastUnsupported>();

/** A table position for asking the pure rule functions one question. */
function probe(
  rules: ClassicRuleSet,
  top: CardCode,
  wish: string | null,
  pendingRank: string | null,
): ClassicState {
  return {
    variant: "fast-probe",
    rules,
    players: 2,
    seed: 0,
    phase: "playing",
    game: 1,
    dealer: 0,
    turn: 0,
    direction: 1,
    hands: [[], []],
    drawPile: [],
    discard: [top],
    wish,
    pendingDraw: pendingRank === null ? 0 : 1,
    pendingRank,
    anyCardAllowed: false,
    drawnCard: null,
    shuffles: 0,
    idleTurns: 0,
    cut: null,
    turnActive: false,
    scores: null,
    totals: [0, 0],
    history: [],
    gameWinner: null,
    winners: [],
    losers: [],
    version: 0,
  };
}

/** Compiles a rule set (cached per rule-set object), or says why the fast path cannot run it. */
export function compileClassic(rules: ClassicRuleSet): FastTables | FastUnsupported {
  const known = compiled.get(rules);
  if (known) return known;
  const result = compile(rules);
  compiled.set(rules, result);
  return result;
}

function compile(rules: ClassicRuleSet): FastTables | FastUnsupported {
  const spec = DECKS[rules.deck];
  if (spec === undefined) return { supported: false, reason: `unknown deck ${String(rules.deck)}` };
  for (const [rank, effect] of Object.entries(rules.effects))
    if (!(effect.kind in KINDS))
      return { supported: false, reason: `effect "${String(effect.kind)}" of rank ${rank}` };
  const codes = [...new Set(spec.cards)];
  if (codes.length > 255) return { supported: false, reason: "more than 255 distinct cards" };
  const colours = deckColours(rules);
  if (colours.length > 14) return { supported: false, reason: "more than 14 colours" };
  const ranks = [...new Set(codes.map(rankOf))];
  const index = new Map(codes.map((c, i) => [c, i] as const));
  const n = codes.length;
  const rank = new Uint8Array(n);
  const colour = new Uint8Array(n);
  const kind = new Uint8Array(n);
  const count = new Uint8Array(n);
  const value = new Int32Array(n);
  const buried = new Uint8Array(n);
  codes.forEach((code, i) => {
    buried[i] = buriesStarter(rules, code) ? 1 : 0;
    rank[i] = ranks.indexOf(rankOf(code));
    colour[i] = colours.indexOf(colourOf(code) ?? "") + 1;
    const effect = effectOf(rules, code);
    kind[i] = effect ? KINDS[effect.kind]! : K.None;
    count[i] = effect?.kind === "draw" ? effect.count : 0;
    value[i] = rules.values[rankOf(code)] ?? 0;
  });
  const w = colours.length + 1;
  const fits = new Uint8Array(n * w * n);
  for (let top = 0; top < n; top++)
    for (let wish = 0; wish < w; wish++) {
      const s = probe(rules, codes[top]!, wish === 0 ? null : colours[wish - 1]!, null);
      for (let card = 0; card < n; card++)
        fits[(top * w + wish) * n + card] = matchesTop(s, codes[card]!) ? 1 : 0;
    }
  const answers = new Uint8Array(ranks.length * n);
  ranks.forEach((r, ri) => {
    const s = probe(rules, codes[0]!, null, r);
    for (let card = 0; card < n; card++)
      answers[ri * n + card] = answersPending(s, codes[card]!) ? 1 : 0;
  });
  const deck = Uint8Array.from(fullDeck(rules), (c) => index.get(c)!);
  const ones = new Uint8Array(n).fill(1);
  return {
    ones,
    buried,
    rules,
    codes,
    index,
    size: n,
    colours,
    ranks,
    rank,
    colour,
    kind,
    count,
    value,
    fits,
    answers,
    deck,
  };
}

/** A position in plain values, for comparing with the engine's state. */
export interface FastSnapshot {
  readonly phase: (typeof PHASE_NAMES)[number];
  readonly turn: Seat;
  readonly direction: 1 | -1;
  /** Each hand sorted (the order of a hand means nothing to the rules). */
  readonly hands: CardCode[][];
  /** Top first, as `ClassicState.drawPile`. */
  readonly drawPile: CardCode[];
  /** Top last, as `ClassicState.discard`. */
  readonly discard: CardCode[];
  readonly wish: string | null;
  readonly pendingDraw: number;
  readonly pendingRank: string | null;
  readonly anyCardAllowed: boolean;
  readonly drawnCard: CardCode | null;
  readonly idleTurns: number;
  readonly turnActive: boolean;
  readonly shuffles: number;
  readonly winner: Seat | null;
  readonly scores: number[] | null;
}

/** One classic game on the fast path. Create with `FastClassic.load`, copy with `copyFrom`. */
export class FastClassic implements FastGame {
  readonly tables: FastTables;
  readonly players: number;
  readonly rng: FastRng;
  /** Scratch buffer of `playout`, also handy for callers: big enough for every position. */
  readonly moves: Int32Array;

  private readonly cap: number;
  private readonly hands: Uint8Array;
  private readonly handLen: Int32Array;
  private readonly pile: Uint8Array;
  private pileLen = 0;
  private readonly discard: Uint8Array;
  private discardLen = 0;
  private readonly seen: Int32Array;
  private stamp = 0;
  private readonly scoreOf: Int32Array;
  private readonly colourCounts: Int32Array;

  private phase: P = P.Playing;
  private dealer = 0;
  /** The seat to act (or that acted last, once the game is over). */
  turn = 0;
  private direction = 1;
  private wish = 0;
  private pendingDraw = 0;
  private pendingRank = -1;
  private anyCard = false;
  private drawnCard = -1;
  private idleTurns = 0;
  private turnActive = false;
  private shuffles = 0;
  private won = -1;
  private readonly exact: { seed: Seed; game: number } | null;

  private constructor(
    tables: FastTables,
    players: number,
    rngSeed: number,
    exact: { seed: Seed; game: number } | null,
  ) {
    this.tables = tables;
    this.players = players;
    this.rng = new FastRng(rngSeed);
    this.exact = exact;
    this.cap = tables.deck.length;
    this.hands = new Uint8Array(players * this.cap);
    this.handLen = new Int32Array(players);
    this.pile = new Uint8Array(this.cap);
    this.discard = new Uint8Array(this.cap);
    this.seen = new Int32Array(tables.size);
    this.scoreOf = new Int32Array(players);
    this.colourCounts = new Int32Array(tables.colours.length + 1);
    this.moves = new Int32Array(maxMovesOf(tables));
  }

  /** Loads a dealt position of the engine, or says why the fast path cannot play it. */
  static load(s: ClassicState, options: FastLoadOptions = {}): FastClassic | FastUnsupported {
    const tables = compileClassic(s.rules);
    if (isFastUnsupported(tables)) return tables;
    const phase = PHASES[s.phase];
    if (phase === undefined)
      return { supported: false, reason: `phase ${s.phase} (before the deal)` };
    const exact = options.exactShuffles ? { seed: s.seed, game: s.game } : null;
    const f = new FastClassic(tables, s.players, options.rngSeed ?? 1, exact);
    const code = (c: CardCode): number => {
      const i = tables.index.get(c);
      if (i === undefined) throw new Error(`card ${c} is not in the deck`);
      return i;
    };
    for (let seat = 0; seat < s.players; seat++) {
      const hand = s.hands[seat] ?? [];
      for (let i = 0; i < hand.length; i++) f.hands[seat * f.cap + i] = code(hand[i]!);
      f.handLen[seat] = hand.length;
    }
    const pile = s.drawPile;
    for (let i = 0; i < pile.length; i++) f.pile[pile.length - 1 - i] = code(pile[i]!);
    f.pileLen = pile.length;
    for (let i = 0; i < s.discard.length; i++) f.discard[i] = code(s.discard[i]!);
    f.discardLen = s.discard.length;
    f.phase = phase;
    f.dealer = s.dealer;
    f.turn = s.turn;
    f.direction = s.direction;
    f.wish = s.wish === null ? 0 : tables.colours.indexOf(s.wish) + 1;
    f.pendingDraw = s.pendingDraw;
    f.pendingRank = s.pendingRank === null ? -1 : tables.ranks.indexOf(s.pendingRank);
    f.anyCard = s.anyCardAllowed;
    f.drawnCard = s.drawnCard === null ? -1 : code(s.drawnCard);
    f.idleTurns = s.idleTurns;
    f.turnActive = s.turnActive;
    f.shuffles = s.shuffles;
    f.won = phase === P.Over ? (s.gameWinner ?? -1) : -1;
    if (phase === P.Over)
      for (let seat = 0; seat < s.players; seat++) f.scoreOf[seat] = s.scores?.[seat] ?? 0;
    return f;
  }

  /** Makes this game a copy of `other` (same rule set and table size): a search's undo. */
  copyFrom(other: FastClassic): void {
    if (other.tables !== this.tables || other.players !== this.players)
      throw new Error("copyFrom needs a game of the same rule set and table");
    this.hands.set(other.hands);
    this.handLen.set(other.handLen);
    this.pile.set(other.pile);
    this.pileLen = other.pileLen;
    this.discard.set(other.discard);
    this.discardLen = other.discardLen;
    this.scoreOf.set(other.scoreOf);
    this.phase = other.phase;
    this.dealer = other.dealer;
    this.turn = other.turn;
    this.direction = other.direction;
    this.wish = other.wish;
    this.pendingDraw = other.pendingDraw;
    this.pendingRank = other.pendingRank;
    this.anyCard = other.anyCard;
    this.drawnCard = other.drawnCard;
    this.idleTurns = other.idleTurns;
    this.turnActive = other.turnActive;
    this.shuffles = other.shuffles;
    this.won = other.won;
  }

  /** A new game object with the same rule set and table, copied from this one. */
  clone(rngSeed = 1): FastClassic {
    const f = new FastClassic(this.tables, this.players, rngSeed, this.exact);
    f.copyFrom(this);
    return f;
  }

  get over(): boolean {
    return this.phase === P.Over;
  }

  /** The game's winner; `null` while it runs or when it stalled (N-6.4). */
  get winner(): Seat | null {
    return this.phase === P.Over && this.won >= 0 ? this.won : null;
  }

  /** The seat to act, `null` once the game is over. */
  get toAct(): Seat | null {
    return this.phase === P.Over ? null : this.turn;
  }

  /** Points left in hand per seat once the game is over (the winner 0). */
  score(seat: Seat): number {
    return this.scoreOf[seat] ?? 0;
  }

  handSize(seat: Seat): number {
    return this.handLen[seat] ?? 0;
  }

  /** Card `i` of `seat`'s hand, in the engine's order (for policies: fast/classicBots.ts). */
  handCard(seat: Seat, i: number): number {
    return this.hands[seat * this.cap + i]!;
  }

  /** Cards a draw card has made pending (0: none). */
  get pending(): number {
    return this.pendingDraw;
  }

  /** 1 clockwise, -1 anticlockwise. */
  get heading(): number {
    return this.direction;
  }

  /** Writes every legal move of the seat to act into `out`; returns how many. */
  legalMoves(out: Int32Array): number {
    const ph = this.phase;
    if (ph === P.Over) return 0;
    const t = this.tables;
    let n = 0;
    if (ph === P.ChoosingColour) {
      for (let w = 1; w <= t.colours.length; w++) out[n++] = MOVE_CHOOSE | (w << 11);
      return n;
    }
    const base = this.turn * this.cap;
    const len = this.handLen[this.turn]!;
    const left = len - 1;
    const kind = t.kind;
    // classic/legal.ts: only the calls the variant has; no "Mau-Mau" on a last card that
    // cannot finish (B-4.4).
    const mauCall = left === 1 && t.rules.calls.mau.required ? MOVE_MAU : 0;
    const mauMauCall = left === 0 && t.rules.calls.mauMau.required ? MOVE_MAU_MAU : 0;
    const noFinish = t.rules.playAgainCannotFinish;
    // (inline, not a closure: a closure made per call costs more than the rest of the call)
    const colours = t.colours.length;
    if (ph === P.DrawnCard) {
      // F-3.2/B-3.2: the card just drawn, or pass
      const c = this.drawnCard;
      if (c >= 0 && this.holds(this.turn, c)) {
        const calls = mauCall | (noFinish && kind[c] === K.PlayAgain ? 0 : mauMauCall);
        if (kind[c] === K.Wish && left > 0)
          for (let w = 1; w <= colours; w++) out[n++] = MOVE_PLAY | (c << 3) | (w << 11) | calls;
        else out[n++] = MOVE_PLAY | (c << 3) | calls;
      }
      out[n++] = MOVE_PASS;
      return n;
    }
    // `canPlay` for the whole hand: one row of one table, chosen once per position
    let table = t.fits;
    let row = 0;
    if (this.pendingDraw > 0) {
      table = t.answers;
      row = this.pendingRank * t.size;
    } else if (this.anyCard) table = t.ones;
    else row = (this.discard[this.discardLen - 1]! * (colours + 1) + this.wish) * t.size;
    const stamp = ++this.stamp;
    const seen = this.seen;
    const hands = this.hands;
    let playable = false;
    for (let i = base, end = base + len; i < end; i++) {
      const c = hands[i]!;
      if (seen[c] === stamp) continue;
      seen[c] = stamp;
      if (table[row + c] !== 1) continue;
      playable = true;
      const calls = mauCall | (noFinish && kind[c] === K.PlayAgain ? 0 : mauMauCall);
      if (kind[c] === K.Wish && left > 0)
        for (let w = 1; w <= colours; w++) out[n++] = MOVE_PLAY | (c << 3) | (w << 11) | calls;
      else out[n++] = MOVE_PLAY | (c << 3) | calls;
    }
    if (this.pendingDraw > 0 || t.rules.voluntaryDraw || !playable) out[n++] = MOVE_DRAW;
    return n;
  }

  /** Would the engine accept this move from the seat to act? */
  isLegal(move: number): boolean {
    const ph = this.phase;
    switch (move & 7) {
      case MOVE_PLAY: {
        if (ph !== P.Playing && ph !== P.PlayAgain && ph !== P.DrawnCard) return false;
        const c = moveCard(move);
        if (c >= this.tables.size || !this.holds(this.turn, c) || !this.canPlay(c)) return false;
        // a wish field beyond the deck's colours is no move at all (a caller's bad integer)
        if (moveWish(move) > this.tables.colours.length) return false;
        return (
          this.tables.kind[c] !== K.Wish || this.handLen[this.turn] === 1 || moveWish(move) > 0
        );
      }
      case MOVE_DRAW:
        return (
          (ph === P.Playing || ph === P.PlayAgain) &&
          (this.pendingDraw > 0 || this.tables.rules.voluntaryDraw || !this.hasPlayable(this.turn))
        );
      case MOVE_PASS:
        return ph === P.DrawnCard;
      case MOVE_CHOOSE:
        return (
          ph === P.ChoosingColour &&
          moveWish(move) > 0 &&
          moveWish(move) <= this.tables.colours.length
        );
      default:
        return false;
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
   * The move of a command (the engine's field rules: `isWellFormed` in classic/checks.ts), -1
   * when the engine refuses it whatever the position, -2 when it is not a move within the game.
   */
  encode(command: unknown): number {
    if (typeof command !== "object" || command === null) return -1;
    const x = command as Record<string, unknown>;
    const t = this.tables;
    const opt = (v: unknown, type: string) => v === undefined || v === null || typeof v === type;
    if (x.type === "startNextGame") return this.phase === P.Over ? -2 : MOVE_NEVER;
    const seat = x.seat;
    if (typeof seat !== "number" || !Number.isInteger(seat) || seat < 0 || seat >= this.players)
      return -1;
    switch (x.type) {
      case "playCard": {
        const c = typeof x.card === "string" ? t.index.get(x.card) : undefined;
        if (c === undefined) return -1;
        const wishCard = t.kind[c] === K.Wish;
        if (wishCard && !opt(x.wish, "string")) return -1;
        if (t.rules.calls.mau.required && !opt(x.mau, "boolean")) return -1;
        if (t.rules.calls.mauMau.required && !opt(x.mauMau, "boolean")) return -1;
        if (seat !== this.turn || this.phase === P.Over) return -1;
        const w = wishCard && typeof x.wish === "string" ? t.colours.indexOf(x.wish) + 1 : 0;
        return (
          MOVE_PLAY |
          (c << 3) |
          (w << 11) |
          (x.mau === true ? MOVE_MAU : 0) |
          (x.mauMau === true ? MOVE_MAU_MAU : 0)
        );
      }
      case "drawCard":
      case "pass":
        if (seat !== this.turn || this.phase === P.Over) return -1;
        return x.type === "drawCard" ? MOVE_DRAW : MOVE_PASS;
      case "chooseColour": {
        if (!opt(x.colour, "string")) return -1;
        if (seat !== this.turn || this.phase === P.Over) return -1;
        const w = typeof x.colour === "string" ? t.colours.indexOf(x.colour) + 1 : 0;
        return MOVE_CHOOSE | (w << 11);
      }
      case "cut":
        return MOVE_NEVER;
      default:
        return -1;
    }
  }

  /** The move as the engine's command for the seat to act (calls as the move says). */
  decode(move: number): Command {
    const seat = this.turn;
    const t = this.tables;
    switch (move & 7) {
      case MOVE_PLAY: {
        const card = t.codes[moveCard(move)]!;
        const w = moveWish(move);
        const calls = { mau: (move & MOVE_MAU) !== 0, mauMau: (move & MOVE_MAU_MAU) !== 0 };
        return w > 0
          ? { type: "playCard", seat, card, wish: t.colours[w - 1]!, ...calls }
          : { type: "playCard", seat, card, ...calls };
      }
      case MOVE_DRAW:
        return { type: "drawCard", seat };
      case MOVE_PASS:
        return { type: "pass", seat };
      case MOVE_CHOOSE:
        return { type: "chooseColour", seat, colour: t.colours[moveWish(move) - 1] ?? "" };
      default:
        throw new Error(`move ${move} is not a move of the game`);
    }
  }

  /** Carries out a legal move of the seat to act (check with `isLegal` first when unsure). */
  apply(move: number): void {
    const seat = this.turn;
    switch (move & 7) {
      case MOVE_PLAY:
        this.play(
          seat,
          moveCard(move),
          moveWish(move),
          (move & MOVE_MAU) !== 0,
          (move & MOVE_MAU_MAU) !== 0,
        );
        return;
      case MOVE_DRAW:
        this.drawTurn(seat);
        return;
      case MOVE_PASS:
        this.endTurn(seat, false);
        return;
      case MOVE_CHOOSE:
        this.wish = moveWish(move);
        this.turnStarted((this.dealer + 1) % this.players);
        return;
      default:
        throw new Error(`move ${move} is not a move of the game`);
    }
  }

  /** Uniformly random legal moves until the game ends or `maxMoves` are made; returns the count. */
  playout(maxMoves = 100_000): number {
    const out = this.moves;
    const rng = this.rng;
    let made = 0;
    while (this.phase !== P.Over && made < maxMoves) {
      const n = this.legalMoves(out);
      this.apply(out[n === 1 ? 0 : rng.below(n)]!);
      made++;
    }
    return made;
  }

  /**
   * A light greedy playout until the game ends or `maxMoves` are made (returns the count):
   * every seat makes `greedyMove`.
   */
  playoutGreedy(maxMoves = 100_000): number {
    let made = 0;
    while (this.phase !== P.Over && made < maxMoves) {
      this.apply(this.greedyMove());
      made++;
    }
    return made;
  }

  /**
   * A light greedy move of the seat to act (a legal one; the game must not be over): a card
   * when it can — a random one of its playable cards, a wish card only when no other card fits
   * or it holds two cards or fewer — wishing (or choosing) the colour it holds most; without a
   * card to play it draws (or passes after drawing).
   */
  greedyMove(): number {
    const out = this.moves;
    const rng = this.rng;
    const kind = this.tables.kind;
    const n = this.legalMoves(out);
    let move = out[0]!;
    if (n > 1) {
      if (this.phase === P.ChoosingColour) return MOVE_CHOOSE | (this.heldColour(-1) << 11);
      const few = this.handLen[this.turn]! <= 2;
      let plain = 0;
      let wishes = 0;
      for (let i = 0; i < n; i++) {
        const m = out[i]!;
        if ((m & 7) !== MOVE_PLAY) continue;
        if (kind[moveCard(m)] !== K.Wish) plain++;
        else if (moveWish(m) <= 1) wishes++;
      }
      if (plain + wishes === 0) return out[rng.below(n)]!;
      const wishOk = wishes > 0 && (plain === 0 || few);
      let k = rng.below(plain + (wishOk ? wishes : 0));
      for (let i = 0; i < n; i++) {
        const m = out[i]!;
        if ((m & 7) !== MOVE_PLAY) continue;
        const wish = kind[moveCard(m)] === K.Wish;
        if (wish && (!wishOk || moveWish(m) > 1)) continue;
        if (k-- > 0) continue;
        move = m;
        if (wish && moveWish(m) === 1)
          move = (m & ~(0xf << 11)) | (this.heldColour(moveCard(m)) << 11);
        break;
      }
    }
    return move;
  }

  /** The colour (index + 1) the seat to act holds most of, `except` one card; ties: the first. */
  private heldColour(except: number): number {
    const t = this.tables;
    const counts = this.colourCounts;
    counts.fill(0);
    const base = this.turn * this.cap;
    let skipped = false;
    for (let i = base, end = base + this.handLen[this.turn]!; i < end; i++) {
      const c = this.hands[i]!;
      if (c === except && !skipped) {
        skipped = true;
        continue;
      }
      if (t.kind[c] !== K.Wish) counts[t.colour[c]!]!++;
    }
    let best = 1;
    for (let w = 2; w <= t.colours.length; w++) if (counts[w]! > counts[best]!) best = w;
    return best;
  }

  /**
   * A fresh game on the same table from the fast generator: shuffle, deal, turn up the
   * starter and carry out its effect (F-2.3) as the engine's `dealAndOpen`. For simulations
   * only: it skips the cut (B-2.2), which moves a random deck's cards without changing
   * their distribution save for a kept Unter.
   */
  deal(dealer = this.dealer): void {
    const t = this.tables;
    const rng = this.rng;
    const pile = this.pile;
    pile.set(t.deck);
    for (let i = t.deck.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const tmp = pile[i]!;
      pile[i] = pile[j]!;
      pile[j] = tmp;
    }
    this.open(dealer);
  }

  /**
   * Deals a given deck order (top first, as `game.started` records it) the way `deal` does;
   * for tests and for a search that lays out a sampled deck. Not for the hot path: it reads
   * card codes.
   */
  dealDeck(order: readonly CardCode[], dealer = this.dealer): void {
    const t = this.tables;
    if (order.length !== t.deck.length)
      throw new Error(`a deck of ${t.deck.length} cards is needed`);
    for (let i = 0; i < order.length; i++) {
      const c = t.index.get(order[i]!);
      if (c === undefined) throw new Error(`card ${order[i]} is not in the deck`);
      this.pile[order.length - 1 - i] = c;
    }
    this.open(dealer);
  }

  /** N-2.3/F-2.2/B-2.3 (`deal` in classic/predicates.ts) from the full pile, then the starter. */
  private open(dealer: Seat): void {
    const t = this.tables;
    const rules = t.rules;
    const pile = this.pile;
    const p = this.players;
    const size = handSizeFor(rules, p);
    let top = t.deck.length;
    this.handLen.fill(0);
    const hands = this.hands;
    const handLen = this.handLen;
    const cap = this.cap;
    // single: one card at a time, round by round; blocks-3-2: min(3, size) each, then the rest
    const block = rules.dealing === "blocks-3-2" ? Math.min(3, size) : 1;
    for (let k = 1; k <= p; k++)
      for (let i = 0; i < block; i++) {
        const seat = (dealer + k) % p;
        hands[seat * cap + handLen[seat]!++] = pile[--top]!;
      }
    for (let round = block; round < size; round++)
      for (let k = 1; k <= p; k++) {
        const seat = (dealer + k) % p;
        const want = rules.dealing === "blocks-3-2" ? size : round + 1;
        while (handLen[seat]! < want) hands[seat * cap + handLen[seat]!++] = pile[--top]!;
      }
    // C-3.5 (`dealAndOpen`): a starter of a buried rank goes to the bottom of the draw pile.
    for (let n = 0; n < top && t.buried[pile[top - 1]!] === 1; n++) {
      const card = pile[top - 1]!;
      pile.copyWithin(1, 0, top - 1);
      pile[0] = card;
    }
    const starter = pile[--top]!;
    this.pileLen = top;
    this.discard[0] = starter;
    this.discardLen = 1;
    this.dealer = dealer;
    this.direction = 1;
    this.wish = 0;
    this.pendingDraw = 0;
    this.pendingRank = -1;
    this.drawnCard = -1;
    this.shuffles = 0;
    this.idleTurns = 0;
    this.turnActive = true;
    this.won = -1;
    this.scoreOf.fill(0);
    const kind = t.kind[starter]! as K;
    this.anyCard = rules.wildStarterAllowsAnything && !rules.starterEffects && kind === K.Wish;
    this.phase = P.Playing;
    let first = (dealer + 1) % this.players;
    if (rules.starterEffects)
      switch (kind) {
        case K.Wish:
          this.phase = P.ChoosingColour;
          this.turn = dealer;
          return;
        case K.Draw:
          this.pendingDraw = t.count[starter]!;
          this.pendingRank = t.rank[starter]!;
          break;
        case K.Skip:
          first = (first + 1) % this.players;
          break;
        case K.Reverse:
          this.direction = -1;
          first =
            this.players === 2 && rules.reverseSkipsWithTwo
              ? dealer
              : (dealer - 1 + this.players) % this.players;
          break;
        case K.PlayAgain:
          this.phase = P.PlayAgain;
          this.turn = dealer;
          return;
      }
    this.turnStarted(first);
  }

  /**
   * Deals the cards `seat` cannot see (the other hands and the draw pile) anew at random,
   * keeping every hand's size: the simplest determinization for a search from that seat.
   */
  shuffleUnseen(seat: Seat): void {
    const pool = this.pile;
    let n = this.pileLen;
    for (let other = 0; other < this.players; other++) {
      if (other === seat) continue;
      const base = other * this.cap;
      for (let i = 0; i < this.handLen[other]!; i++) pool[n++] = this.hands[base + i]!;
    }
    for (let i = n - 1; i > 0; i--) {
      const j = this.rng.below(i + 1);
      const tmp = pool[i]!;
      pool[i] = pool[j]!;
      pool[j] = tmp;
    }
    for (let other = 0; other < this.players; other++) {
      if (other === seat) continue;
      const base = other * this.cap;
      for (let i = 0; i < this.handLen[other]!; i++) this.hands[base + i] = pool[--n]!;
    }
    this.pileLen = n;
  }

  /** The position in plain values (allocates: for tests and debugging, not for playouts). */
  snapshot(): FastSnapshot {
    const t = this.tables;
    const codes = (a: Uint8Array, from: number, n: number) =>
      Array.from(a.subarray(from, from + n), (c) => t.codes[c]!);
    const over = this.phase === P.Over;
    return {
      phase: PHASE_NAMES[this.phase],
      turn: this.turn,
      direction: this.direction === 1 ? 1 : -1,
      hands: Array.from({ length: this.players }, (_, seat) =>
        codes(this.hands, seat * this.cap, this.handLen[seat]!).sort(),
      ),
      drawPile: codes(this.pile, 0, this.pileLen).reverse(),
      discard: codes(this.discard, 0, this.discardLen),
      wish: this.wish === 0 ? null : t.colours[this.wish - 1]!,
      pendingDraw: this.pendingDraw,
      pendingRank: this.pendingRank < 0 ? null : t.ranks[this.pendingRank]!,
      anyCardAllowed: this.anyCard,
      drawnCard: this.drawnCard < 0 ? null : t.codes[this.drawnCard]!,
      idleTurns: this.idleTurns,
      turnActive: this.turnActive,
      shuffles: this.shuffles,
      winner: this.winner,
      scores: over ? Array.from(this.scoreOf) : null,
    };
  }

  // ---- the rules' turn structure (classic/decide.ts), on integers ----

  private holds(seat: Seat, c: number): boolean {
    const base = seat * this.cap;
    const end = base + this.handLen[seat]!;
    for (let i = base; i < end; i++) if (this.hands[i] === c) return true;
    return false;
  }

  /** `matchesTop` by table. */
  private fitsTop(c: number): boolean {
    if (this.anyCard) return true;
    const t = this.tables;
    const top = this.discard[this.discardLen - 1]!;
    return t.fits[(top * (t.colours.length + 1) + this.wish) * t.size + c] === 1;
  }

  /** `canPlay` by table. */
  private canPlay(c: number): boolean {
    if (this.phase === P.DrawnCard) return c === this.drawnCard;
    if (this.pendingDraw > 0)
      return this.tables.answers[this.pendingRank * this.tables.size + c] === 1;
    return this.fitsTop(c);
  }

  private hasPlayable(seat: Seat): boolean {
    const base = seat * this.cap;
    const end = base + this.handLen[seat]!;
    for (let i = base; i < end; i++) if (this.canPlay(this.hands[i]!)) return true;
    return false;
  }

  /** The first copy leaves the hand and the rest keep their order, as `withoutOne` does. */
  private removeFromHand(seat: Seat, c: number): void {
    const base = seat * this.cap;
    const last = base + this.handLen[seat]! - 1;
    for (let i = base; i <= last; i++)
      if (this.hands[i] === c) {
        this.hands.copyWithin(i, i + 1, last + 1);
        this.handLen[seat]!--;
        return;
      }
  }

  private play(seat: Seat, c: number, w: number, mau: boolean, mauMau: boolean): void {
    const t = this.tables;
    const rules = t.rules;
    const kind = t.kind[c]! as K;
    const left = this.handLen[seat]! - 1;
    const cannotFinish = kind === K.PlayAgain && rules.playAgainCannotFinish;
    const forgotMauMau = left === 0 && !cannotFinish && rules.calls.mauMau.required && !mauMau;

    if (forgotMauMau && rules.calls.mauMau.takeBack && ruleBranch("fast", "B-5.3")) {
      // B-5.3: the card goes back into the hand; the pending draw and the penalty are drawn.
      if (this.pendingDraw > 0 && ruleBranch("fast", "B-5.3 pending"))
        this.drawCards(seat, this.pendingDraw, true, false);
      this.drawCards(seat, rules.calls.mauMau.penalty, false, false);
      this.endTurn(seat, false);
      return;
    }
    const ends = left === 0 && !cannotFinish && !forgotMauMau;
    this.removeFromHand(seat, c);
    this.discard[this.discardLen++] = c;
    this.wish = kind === K.Wish && !ends ? w : 0;
    this.phase = P.Playing;
    this.anyCard = false;
    this.drawnCard = -1;
    this.turnActive = true;

    if (left === 0 && cannotFinish) {
      // B-4.4: a play-again card as the last card does not win; draw one, play it if it fits.
      this.drawCards(seat, 1, false, true);
      if ((this.phase as P) !== P.DrawnCard) this.endTurn(seat, false);
      return;
    }
    if (left === 0 && !forgotMauMau) {
      this.endGame(seat);
      return;
    }
    let skip = false;
    let again = false;
    switch (kind) {
      case K.Draw:
        this.pendingDraw += t.count[c]!;
        this.pendingRank = t.rank[c]!;
        break;
      case K.Skip:
        skip = true;
        break;
      case K.Reverse:
        this.direction = -this.direction;
        skip = this.players === 2 && rules.reverseSkipsWithTwo;
        break;
      case K.PlayAgain:
        again = true;
        break;
    }
    const forgotMau = left === 1 && rules.calls.mau.required && !mau;
    if (forgotMau) this.drawCards(seat, rules.calls.mau.penalty, false, false);
    if (forgotMauMau) this.drawCards(seat, rules.calls.mauMau.penalty, false, false);
    if (again && !forgotMau && !forgotMauMau) {
      this.phase = P.PlayAgain;
      this.turn = seat;
      this.drawnCard = -1;
      return;
    }
    this.endTurn(seat, skip);
  }

  private drawTurn(seat: Seat): void {
    const rules = this.tables.rules;
    if (this.pendingDraw > 0) {
      this.drawCards(seat, this.pendingDraw, true, false);
    } else if (rules.drawUntilPlayable && this.phase !== P.PlayAgain) {
      const limit = drawLimit(rules);
      for (let drawnSoFar = 0; ;) {
        const drawn = this.drawCards(seat, 1, false, true);
        if (drawn === 0 || this.phase === P.DrawnCard) break;
        // C-3.2: the cap is reached and no card drawn fits: the turn passes.
        if (++drawnSoFar >= limit) break;
      }
    } else {
      this.drawCards(seat, 1, false, rules.playAfterDraw || this.phase === P.PlayAgain);
    }
    if (this.phase !== P.DrawnCard) this.endTurn(seat, false);
  }

  /**
   * `drawCards` of decide.ts: `n` cards one by one, reshuffling the discard pile but its top
   * card when the draw pile runs out (N-3.5, unless C-3.4 says an empty stock passes),
   * stopping short with nothing left. `penalty`
   * settles the pending draw; `offer`: the last card may be played at once if it fits.
   */
  private drawCards(seat: Seat, n: number, penalty: boolean, offer: boolean): number {
    const base = seat * this.cap;
    let drawn = 0;
    let sinceShuffle = 0;
    let last = -1;
    while (drawn < n) {
      if (this.pileLen === 0) {
        sinceShuffle = 0;
        if (this.discardLen <= 1 || !reshufflesStock(this.tables.rules)) break;
        this.reshuffle();
        continue;
      }
      last = this.pile[--this.pileLen]!;
      this.hands[base + this.handLen[seat]!++] = last;
      drawn++;
      sinceShuffle++;
    }
    const playable = offer && sinceShuffle > 0 && this.pendingDraw === 0 && this.fitsTop(last);
    if (penalty) {
      this.pendingDraw = 0;
      this.pendingRank = -1;
    }
    if (drawn > 0) this.turnActive = true;
    if (playable) {
      this.phase = P.DrawnCard;
      this.drawnCard = last;
    } else this.drawnCard = -1;
    return drawn;
  }

  /** N-3.5: the discard pile but its top card becomes the new draw pile. */
  private reshuffle(): void {
    const under = this.discardLen - 1;
    const pile = this.pile;
    if (this.exact !== null) {
      const t = this.tables;
      const cards: CardCode[] = [];
      for (let i = 0; i < under; i++) cards.push(t.codes[this.discard[i]!]!);
      const order = seededShuffle(cards, this.exact.seed, this.exact.game, this.shuffles + 1);
      for (let i = 0; i < under; i++) pile[under - 1 - i] = t.index.get(order[i]!)!;
    } else {
      pile.set(this.discard.subarray(0, under));
      const rng = this.rng;
      for (let i = under - 1; i > 0; i--) {
        const j = rng.below(i + 1);
        const tmp = pile[i]!;
        pile[i] = pile[j]!;
        pile[j] = tmp;
      }
    }
    this.pileLen = under;
    this.discard[0] = this.discard[under]!;
    this.discardLen = 1;
    this.shuffles++;
  }

  private turnStarted(next: Seat): void {
    this.phase = P.Playing;
    this.turn = next;
    this.drawnCard = -1;
    this.idleTurns = this.turnActive ? 0 : this.idleTurns + 1;
    this.turnActive = false;
  }

  /** Passes the turn on (skipping one seat if asked); ends a stalled game (N-6.4). */
  private endTurn(seat: Seat, skip: boolean): void {
    const p = this.players;
    let next = (((seat + this.direction) % p) + p) % p;
    if (skip) next = (((next + this.direction) % p) + p) % p;
    this.turnStarted(next);
    if (this.idleTurns >= p) this.endGame(-1);
  }

  /** `gameScores` of classic/predicates.ts on integers (C-3.3: the winner may collect). */
  private endGame(winner: Seat): void {
    const t = this.tables;
    let pot = 0;
    for (let seat = 0; seat < this.players; seat++) {
      let sum = 0;
      if (seat !== winner) {
        const base = seat * this.cap;
        for (let i = 0; i < this.handLen[seat]!; i++) sum += t.value[this.hands[base + i]!]!;
      }
      this.scoreOf[seat] = sum;
      pot += sum;
    }
    if (winnerCollects(t.rules)) {
      this.scoreOf.fill(0);
      if (winner >= 0) this.scoreOf[winner] = pot;
    }
    this.won = winner;
    this.phase = P.Over;
    this.drawnCard = -1;
    this.pendingDraw = 0;
    this.pendingRank = -1;
  }
}

import type { Engine, SearchBudget } from "../core/engine.js";
import { isRefusal, type Command, type Seat } from "../core/types.js";
import { classicDeterminizer } from "../classic/determinize.js";
import type { ClassicState } from "../classic/state.js";
import { FastClassic, isFastUnsupported } from "../fast/classic.js";
import { heulDochDeterminizer } from "../heul-doch/determinize.js";
import { bestSeats, scorePileSpoiledBy } from "../heul-doch/predicates.js";
import type { HeulDochState } from "../heul-doch/state.js";
import { prepareSampler, type Sampler } from "./determinize.js";
import { heulDochFastRounds } from "./searchHeulDoch.js";

/**
 * Standard errors by which a move's mean paired advantage over the heuristic's move must
 * exceed zero to be played instead, by where the playouts run. On the fast path (ten times
 * the playouts) 0: the best mean wins, ties keep the heuristic's move. With the engine's
 * playouts (heul-doch, rule sets the fast path cannot play) 1: a few dozen playouts per move
 * are too few to trust a small lead over the heuristic's move.
 */
export const DEFAULT_CONFIDENCE = { fast: 0, engine: 1 } as const;

/** The budget of the `search` level when nobody names one (docs/bots.md: the win-rate table). */
export const DEFAULT_SEARCH_BUDGET: SearchBudget = { playouts: 200, ms: 300 };

/**
 * One playout from a sampled world to the end of the game: the reward of `seat` in [0, 1]
 * (1 a win, 1/k a win shared by k, 0 otherwise). The seam for a faster interpreter: it gets a
 * full state (a sample, never the real one) and must only play legal moves in it.
 */
export type Playout<S> = (world: S, seat: Seat, random: () => number) => number;

export interface SearchOptions<S> extends SearchBudget {
  /** Seeds every random choice: same seed, same view and log, same move (playout budget). */
  readonly seed: number;
  /** Plays a sampled world to its end; default `enginePlayout` (decide/evolve or apply). */
  readonly playout?: Playout<S>;
  /** The default playout's policy (ignored with `playout`); default `heuristic`. */
  readonly policy?: PlayoutPolicy;
  /**
   * Standard errors by which a move's paired advantage over the heuristic's move must exceed
   * zero to be played instead (default `DEFAULT_CONFIDENCE`).
   */
  readonly confidence?: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFamily<S, E, EV> = Engine<any, S, E & { type: string }, any, EV>;

/** A small fast seeded generator (sfc32, seeded by splitmix32) for playouts. */
export function searchRng(seed: number): () => number {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = split();
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/**
 * The seat's reward from a `game.ended` event of either family, in [0, 1]: half of it the
 * win (1, shared by k: 1/k), half the margin on the game's scores to the best other seat,
 * relative to the spread of all scores (the direction read from the winners: if they scored
 * lowest, low is good), from 0 (last by the whole spread) to 1 (first by it). A win scores
 * at least ¾, a loss at most ½; the margin lets playouts tell a near miss from a rout, which
 * separates moves with fewer playouts. A game without a winner (stalled) scores 0.
 */
function rewardFrom(events: readonly { type: string }[], seat: Seat): number | null {
  for (const e of events) {
    if (e.type !== "game.ended") continue;
    const data =
      (e as { data?: { winner?: Seat | null; winners?: Seat[]; scores?: number[] } }).data ?? {};
    const winners = data.winners ?? (typeof data.winner === "number" ? [data.winner] : []);
    return standing(winners, data.scores, seat);
  }
  return null;
}

/** `rewardFrom` for given winners and scores. */
function standing(winners: readonly Seat[], scores: readonly number[] | undefined, seat: Seat) {
  const share = winners.includes(seat) ? 1 / winners.length : 0;
  const mine = scores?.[seat];
  if (winners.length === 0) return 0;
  if (!scores || mine === undefined || scores.length < 2) return share;
  const lowWins = scores[winners[0]!]! <= Math.min(...scores);
  const sign = lowWins ? -1 : 1;
  let best = -Infinity;
  scores.forEach((x, s) => {
    if (s !== seat) best = Math.max(best, sign * x);
  });
  const spread = Math.max(...scores) - Math.min(...scores);
  const margin = spread === 0 ? 0 : (sign * mine - best) / spread;
  return 0.5 * share + 0.25 * (1 + margin);
}

/**
 * Heul-doch: the reward as if the game ended now, with each pile's onions projected to the
 * game's end. Its playouts stop after `HEUL_DOCH_DEPTH` rounds and are scored so: every face-up
 * card counts its rank (H-6.2) unless the projected onion count spoils it, the winners by
 * H-6.3. The projection scales each pile's onions by (cards laid + cards still to play) /
 * cards laid: an onion laid now spoils by the end a rank that more onions will reach, which
 * the count at the cut alone undervalues (measured: without it the search laid too many onions
 * and only tied the heuristic). The cut playout costs a fraction of a whole one.
 */
export function heulDochStanding(s: HeulDochState, seat: Seat): number {
  let laid = 0;
  for (const pile of s.piles) laid += pile.length;
  let left = s.drawPile.length;
  for (const hand of s.hands) left += hand.length;
  const grow = laid === 0 ? 1 : (laid + left) / laid;
  const scores: number[] = [];
  const lost: number[] = [];
  for (const pile of s.piles) {
    let onions = 0;
    for (const c of pile) if (c.faceDown) onions++;
    const { points, spoiled } = scorePileSpoiledBy(pile, Math.round(onions * grow));
    scores.push(points);
    lost.push(spoiled);
  }
  return standing(bestSeats(scores, lost), scores, seat);
}

/** Rounds (a move of every seat) a heul-doch playout plays before it is scored. */
export const HEUL_DOCH_DEPTH = 3;

/**
 * Heul doch!'s search rounds on its fast path (bots/searchHeulDoch.ts): the default playout's
 * cut after `HEUL_DOCH_DEPTH` rounds of `players` seats, scored as `heulDochStanding` (or by
 * the game's end). `null` where the position cannot load there.
 */
export const heulDochSearchRounds = (
  first: HeulDochState,
  sampler: Sampler<HeulDochState>,
  legal: readonly Command[],
  seat: Seat,
  players: number,
) => heulDochFastRounds(first, sampler, legal, seat, HEUL_DOCH_DEPTH * players, standing);

/** How playouts choose moves: the family's heuristic bot, or light random play. */
export type PlayoutPolicy = "heuristic" | "random";

/**
 * The default playout on the engine's own rules (`apply`, or `decide` and `evolve`), until the
 * game ends (or `maxMoves`, which scores 0). `heuristic`: every seat plays the family's
 * heuristic bot (`engine.botMove`, shown that seat's view of the sample); `random`: every seat
 * plays a card when it can (a random one, 9 times in 10) and otherwise a random legal move.
 * No variant knowledge beyond the command type every family shares, `playCard`.
 */
export function enginePlayout<S, E, EV>(
  engine: AnyFamily<S, E, EV>,
  policy: PlayoutPolicy = "heuristic",
  maxMoves = 2000,
  evaluate?: (state: S, seat: Seat) => number,
): Playout<S> {
  const { determinizer } = engine;
  return (world, seat, random) => {
    let s = world;
    for (let move = 0; move < maxMoves; move++) {
      const actor = determinizer.toAct(s);
      if (actor === null) return 0;
      let command: Command;
      if (policy === "heuristic") command = engine.botMove(s, actor, "heuristic", random);
      else {
        const legal = engine.legalMoves(s, actor);
        if (legal.length === 0) return 0;
        let plays = 0;
        for (const c of legal) if (c.type === "playCard") plays++;
        if (plays > 0 && random() < 0.9) {
          let k = Math.floor(random() * plays);
          command = legal.find((c) => c.type === "playCard" && k-- === 0)!;
        } else command = legal[Math.floor(random() * legal.length)]!;
      }
      const applied = engine.apply(s, command);
      if (isRefusal(applied)) return 0;
      s = applied.state;
      const reward = rewardFrom(applied.events, seat);
      if (reward !== null) return reward;
    }
    return evaluate ? evaluate(s, seat) : 0;
  };
}

/**
 * The default playout of a family: heul-doch's cut after `HEUL_DOCH_DEPTH` rounds and scored
 * on the piles, every other one to the game's end (`maxMoves` 2000, then 0).
 */
function defaultPlayout<S, E, EV>(
  engine: AnyFamily<S, E, EV>,
  policy: PlayoutPolicy | undefined,
  players: number,
): Playout<S> {
  if (engine.determinizer === (heulDochDeterminizer as unknown))
    return enginePlayout(engine, policy, HEUL_DOCH_DEPTH * players, (s, seat) =>
      heulDochStanding(s as HeulDochState, seat),
    );
  return enginePlayout(engine, policy);
}

/** The reward of `seat` in a finished fast game, as `rewardFrom` scores a `game.ended`. */
function fastReward(sim: FastClassic, seat: Seat): number {
  const winner = sim.winner;
  if (winner === null) return 0;
  if (winner === seat) return 1;
  const mine = sim.score(seat);
  let beaten = 0;
  let others = 0;
  for (let s = 0; s < sim.players; s++) {
    if (s === seat || s === winner) continue;
    others++;
    const x = sim.score(s);
    if (mine < x) beaten++;
    else if (mine === x) beaten += 0.5;
  }
  return others === 0 ? 0 : (0.5 * beaten) / others;
}

/**
 * One round of the search on the classic family's fast path (fast/classic.ts): a sampled world
 * loaded as integers, every legal move carried out in a copy, each followed by a greedy
 * playout (`FastClassic.playoutGreedy`) under the same random numbers. `null` when the family
 * or the rule set or the position cannot run there (the engine's playouts then do the work).
 * Round r plays world ⌊r / `FAST_ROUNDS_PER_WORLD`⌋ (world 0: the first sample) under new
 * luck each round.
 */
type FastRound = (round: number, luck: number, random: () => number, rewards: Float64Array) => void;

function fastRounds<S, E, EV>(
  engine: AnyFamily<S, E, EV>,
  first: S,
  sampler: Sampler<S>,
  legal: readonly Command[],
  seat: Seat,
): FastRound | null {
  if (engine.determinizer !== (classicDeterminizer as unknown)) return null;
  const root = FastClassic.load(first as ClassicState);
  if (isFastUnsupported(root) || root.toAct !== seat) return null;
  const moves = legal.map((c) => root.encode(c));
  if (moves.some((m) => m < 0 || !root.isLegal(m))) return null;
  const sim = root.clone();
  let from = root;
  return (round, luck, random, rewards) => {
    if (round > 0 && round % FAST_ROUNDS_PER_WORLD === 0) {
      const loaded = FastClassic.load(sampler.sample(random) as ClassicState);
      // Every sample shows the same public facts as the first, so it loads as the first did.
      if (isFastUnsupported(loaded)) throw new Error(`fast path: ${loaded.reason}`);
      from = loaded;
    }
    for (let a = 0; a < moves.length; a++) {
      sim.copyFrom(from);
      sim.rng.reseed(luck);
      sim.apply(moves[a]!);
      sim.playoutGreedy(FAST_MAX_MOVES);
      rewards[a] = fastReward(sim, seat);
    }
  };
}

/**
 * Rounds each sampled world serves on the fast path, each under new luck. Sampling a world
 * (the filtered log folded, the unseen cards dealt, the soft facts kept) and loading it cost
 * more than the playouts of a round (a CPU profile of noris search: sampling and loading ~55 %,
 * playouts ~26 % at one round a world); four rounds a world spend most of the time on playouts
 * while still drawing thousands of worlds a move.
 */
const FAST_ROUNDS_PER_WORLD = 4;

/**
 * What a playout on the fast path costs of the budget's `playouts` (which count playouts on
 * the engine): the fast path's greedy playout is some 30–50 times cheaper than the engine's
 * heuristic one, so one budget playout buys 50 fast ones (the default budget: 10,000 a move).
 * Measured in noris against the heuristic (docs/bots.md, "Budget"): 2,000 fast playouts a move
 * 32.2 % vs 29.1 % (1,000 games), 10,000 34.4 % vs 27.2 % (500 games), 20,000 no better.
 */
export const FAST_PLAYOUT_COST = 0.02;

/** Moves after which a fast playout counts as a stalled game (reward 0). */
const FAST_MAX_MOVES = 5000;

/** What the seat knows: its view (`engine.view(state, seat)`) and every event as it saw it. */
export interface SeatKnowledge<EV> {
  readonly seat: Seat;
  readonly view: unknown;
  readonly log: readonly EV[];
}

export interface SearchResult {
  readonly command: Command;
  /** Playouts made (on the fast path each costs `FAST_PLAYOUT_COST` of the budget). */
  readonly playouts: number;
  /**
   * Whether the playouts ran on a fast path: the classic family's (a rule set it can play;
   * each playout costs `FAST_PLAYOUT_COST`) or Heul doch!'s (its heuristic cut playouts, each
   * costing one, as on the engine).
   */
  readonly fast: boolean;
  /** Per legal move: playouts and mean reward (the root's statistics). */
  readonly stats: readonly { command: Command; visits: number; value: number }[];
}

/**
 * Determinized Monte-Carlo search at the root of the seat's information set (perfect-
 * information Monte Carlo with paired playouts): each round samples one world consistent with
 * everything the seat has seen (`prepareSampler`: its view and its filtered log, never the
 * hidden state) and plays every legal move in it, each followed by a playout under the same
 * random numbers, so that moves are compared on equal deals and equal luck. The seat's legal
 * moves are the same in every sample: they depend only on its hand and public facts.
 *
 * The family's heuristic move (from the same view) is the default; another move replaces it
 * only when its paired advantage is at least `confidence` standard errors above zero, so a
 * small budget falls back to the heuristic rather than to noise.
 */
export function search<S, E, EV>(
  engine: AnyFamily<S, E, EV>,
  knows: SeatKnowledge<EV>,
  options: SearchOptions<S>,
): SearchResult {
  const random = searchRng(options.seed);
  const sampler = prepareSampler(engine, knows.log, knows.seat, knows.view, random);
  const first = sampler.sample(random);
  const legal = engine.legalMoves(first, knows.seat);
  if (legal.length === 0) throw new Error(`seat ${knows.seat} has no legal move`);
  const stats = legal.map((command) => ({ command, visits: 0, total: 0, diff: 0, diff2: 0 }));
  const done = (playouts: number, chosen: Command, fast = false): SearchResult => ({
    command: chosen,
    playouts,
    fast,
    stats: stats.map((x) => ({
      command: x.command,
      visits: x.visits,
      value: x.visits ? x.total / x.visits : 0,
    })),
  });
  if (legal.length === 1) return done(0, legal[0]!);

  const preferred = engine.botMove(first, knows.seat, "heuristic", random);
  const key = JSON.stringify(preferred);
  const base = Math.max(
    0,
    legal.findIndex((c) => JSON.stringify(c) === key),
  );
  const limit =
    options.playouts ?? (options.ms === undefined ? DEFAULT_SEARCH_BUDGET.playouts! : Infinity);
  const deadline = options.ms === undefined ? Infinity : performance.now() + options.ms;
  const rewards = new Float64Array(legal.length);
  const tally = (): void => {
    for (let a = 0; a < legal.length; a++) {
      const x = stats[a]!;
      const d = rewards[a]! - rewards[base]!;
      x.visits++;
      x.total += rewards[a]!;
      x.diff += d;
      x.diff2 += d * d;
    }
  };
  const fast =
    options.playout === undefined && options.policy === undefined
      ? fastRounds(engine, first, sampler, legal, knows.seat)
      : null;
  const players = (knows.view as { players?: number }).players ?? 4;
  // Heul doch!'s cut playouts with the heuristic run on its fast path, the same playouts as
  // the engine's (budget and confidence unchanged), only cheaper.
  const heulFast =
    fast === null &&
    options.playout === undefined &&
    (options.policy ?? "heuristic") === "heuristic" &&
    engine.determinizer === (heulDochDeterminizer as unknown)
      ? heulDochSearchRounds(
          first as HeulDochState,
          sampler as unknown as Sampler<HeulDochState>,
          legal,
          knows.seat,
          players,
        )
      : null;
  let used = 0;
  let rounds = 0;
  if (fast !== null) {
    // The budget counts engine playouts; a fast one costs `FAST_PLAYOUT_COST` of one.
    const round = legal.length * FAST_PLAYOUT_COST;
    while ((rounds + 1) * round <= Math.max(limit, round)) {
      if (rounds > 0 && performance.now() >= deadline) break;
      fast(rounds, Math.floor(random() * 0x100000000), random, rewards);
      tally();
      used += legal.length;
      rounds++;
    }
  } else {
    const playout = options.playout ?? defaultPlayout(engine, options.policy, players);
    while (used + legal.length <= Math.max(limit, legal.length)) {
      if (rounds > 0 && performance.now() >= deadline) break;
      if (heulFast !== null) {
        heulFast(rounds, Math.floor(random() * 0x100000000), random, rewards);
        tally();
        used += legal.length;
        rounds++;
        continue;
      }
      const world = rounds === 0 ? first : sampler.sample(random);
      const luck = Math.floor(random() * 0x100000000);
      for (let a = 0; a < legal.length; a++) {
        const play = searchRng(luck);
        let reward = 0;
        const command = legal[a]!;
        const applied = engine.apply(world, command);
        if (!isRefusal(applied))
          reward =
            rewardFrom(applied.events, knows.seat) ?? playout(applied.state, knows.seat, play);
        rewards[a] = reward;
      }
      tally();
      used += legal.length;
      rounds++;
    }
  }
  const z = options.confidence ?? DEFAULT_CONFIDENCE[fast === null ? "engine" : "fast"];
  let chosen = base;
  let bestMean = 0;
  for (let a = 0; a < legal.length; a++) {
    const x = stats[a]!;
    if (a === base || x.visits < 2) continue;
    const mean = x.diff / x.visits;
    const variance = Math.max(0, x.diff2 / x.visits - mean * mean);
    const se = Math.sqrt(variance / (x.visits - 1));
    if (mean > bestMean && mean > z * se) [chosen, bestMean] = [a, mean];
  }
  return done(used, legal[chosen]!, fast !== null || heulFast !== null);
}

/**
 * The `search` level behind `engine.botMove`: shows the search only the seat's view (its hand)
 * and the log filtered for the seat, never `state` itself.
 */
export function searchBotMove<S, E, EV>(
  engine: AnyFamily<S, E, EV>,
  state: S,
  seat: Seat,
  random: () => number,
  log: readonly (E & { type: string })[] | undefined,
  budget: SearchBudget = DEFAULT_SEARCH_BUDGET,
): Command {
  if (log === undefined) throw new Error("the search level needs the match log");
  const view: unknown = engine.view(state, seat);
  const seen = log.map((e) => engine.eventFor(e, seat));
  const seed = Math.floor(random() * 0x100000000);
  return search(engine, { seat, view, log: seen }, { ...budget, seed }).command;
}

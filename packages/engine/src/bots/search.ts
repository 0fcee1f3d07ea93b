import type { Engine, SearchBudget } from "../core/engine.js";
import { isRefusal, type Command, type Seat } from "../core/types.js";
import { prepareSampler } from "./determinize.js";

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
   * zero to be played instead (default 1).
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
 * The seat's reward from a `game.ended` event of either family: a win 1 (shared by k: 1/k),
 * otherwise up to 1/2 for the share of the other losers it beat on the game's scores (the
 * direction read from the winners: if they scored lowest, low is good). The partial credit
 * lets playouts tell a near miss from a rout, which separates moves with fewer playouts.
 */
function rewardFrom(events: readonly { type: string }[], seat: Seat): number | null {
  for (const e of events) {
    if (e.type !== "game.ended") continue;
    const data =
      (e as { data?: { winner?: Seat | null; winners?: Seat[]; scores?: number[] } }).data ?? {};
    const winners = data.winners ?? (typeof data.winner === "number" ? [data.winner] : []);
    if (winners.includes(seat)) return 1 / winners.length;
    const scores = data.scores;
    const mine = scores?.[seat];
    if (!scores || mine === undefined || winners.length === 0) return 0;
    const lowWins = scores[winners[0]!]! <= Math.min(...scores);
    let beaten = 0;
    let others = 0;
    scores.forEach((x, s) => {
      if (s === seat || winners.includes(s)) return;
      others++;
      if (lowWins ? mine < x : mine > x) beaten++;
      else if (mine === x) beaten += 0.5;
    });
    return others === 0 ? 0 : (0.5 * beaten) / others;
  }
  return null;
}

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
): Playout<S> {
  const toAct = engine.determinizer.toAct;
  return (world, seat, random) => {
    let s = world;
    for (let move = 0; move < maxMoves; move++) {
      const actor = toAct(s);
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
      let events: readonly { type: string }[];
      if (engine.apply) {
        const applied = engine.apply(s, command);
        if (isRefusal(applied)) return 0;
        [events, s] = [applied.events, applied.state];
      } else {
        const decided = engine.decide(s, command);
        if (isRefusal(decided)) return 0;
        for (const e of decided) s = engine.evolve(s, e);
        events = decided;
      }
      const reward = rewardFrom(events, seat);
      if (reward !== null) return reward;
    }
    return 0;
  };
}

/** What the seat knows: its view (`engine.view(state, seat)`) and every event as it saw it. */
export interface SeatKnowledge<EV> {
  readonly seat: Seat;
  readonly view: unknown;
  readonly log: readonly EV[];
}

export interface SearchResult {
  readonly command: Command;
  readonly playouts: number;
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
  const done = (playouts: number, chosen: Command): SearchResult => ({
    command: chosen,
    playouts,
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
  const playout = options.playout ?? enginePlayout(engine, options.policy);
  const limit =
    options.playouts ?? (options.ms === undefined ? DEFAULT_SEARCH_BUDGET.playouts! : Infinity);
  const deadline = options.ms === undefined ? Infinity : performance.now() + options.ms;
  const rewards = new Float64Array(legal.length);
  let used = 0;
  let rounds = 0;
  while (used + legal.length <= Math.max(limit, legal.length)) {
    if (rounds > 0 && performance.now() >= deadline) break;
    const world = rounds === 0 ? first : sampler.sample(random);
    const luck = Math.floor(random() * 0x100000000);
    for (let a = 0; a < legal.length; a++) {
      const play = searchRng(luck);
      let reward = 0;
      const command = legal[a]!;
      if (engine.apply) {
        const applied = engine.apply(world, command);
        if (!isRefusal(applied))
          reward =
            rewardFrom(applied.events, knows.seat) ?? playout(applied.state, knows.seat, play);
      } else {
        const decided = engine.decide(world, command);
        if (!isRefusal(decided)) {
          let s = world;
          for (const e of decided) s = engine.evolve(s, e);
          reward = rewardFrom(decided, knows.seat) ?? playout(s, knows.seat, play);
        }
      }
      rewards[a] = reward;
    }
    for (let a = 0; a < legal.length; a++) {
      const x = stats[a]!;
      const d = rewards[a]! - rewards[base]!;
      x.visits++;
      x.total += rewards[a]!;
      x.diff += d;
      x.diff2 += d * d;
    }
    used += legal.length;
    rounds++;
  }
  const z = options.confidence ?? 1;
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
  return done(used, legal[chosen]!);
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
  const view = engine.view(state, seat);
  const seen = log.map((e) => engine.eventFor(e, seat));
  const seed = Math.floor(random() * 0x100000000);
  return search(engine, { seat, view, log: seen }, { ...budget, seed }).command;
}

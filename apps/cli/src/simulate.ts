import {
  FastRng,
  GameDriver,
  isFastUnsupported,
  isPermutationOf,
  isRefusal,
  openMatch,
  parseOptions,
  type AnyEngine,
  type AnyVariant,
  type BotLevel,
  type CardCode,
  type FastGame,
  type FastPolicy,
  type Refusal,
  type SearchBudget,
  type Seat,
} from "@maumau/engine";

export interface SimulationConfig {
  readonly variant: AnyVariant;
  readonly players: number;
  readonly games: number;
  /**
   * Bot levels, assigned to seats cyclically in game 0; game i shifts that assignment by i
   * seats (seat s plays the level seat (s + i) mod players had in game 0), so that across
   * games every level sits at every position equally often.
   */
  readonly bots: readonly BotLevel[];
  /** How long `search` bots think (default: the engine's `DEFAULT_SEARCH_BUDGET`). */
  readonly search?: SearchBudget;
  readonly seed: number;
  readonly options?: Record<string, unknown>;
  /** Moves after which a game counts as stuck. */
  readonly maxMoves?: number;
  /** Check after every move that no card was created or lost (slower; for tests). */
  readonly checkCards?: boolean;
  /**
   * Where the games run: `fast` (the default) on the engine's fast path when the variant has
   * one, its rule set loads onto it and every level has a fast policy; else, and with
   * `decide`, on the engine's `apply` (each command decided and folded, bots shown their view).
   */
  readonly engine?: SimulationEngine;
  /**
   * On the fast path, deal every game from its seed as the engine does (a match opened and
   * loaded, reshuffles from the seed): the fast path then plays the very games `decide` plays
   * under the same seed, move for move (slower: a SHA-256 deal per game). Off: the fast path
   * shuffles and deals from its own generator.
   */
  readonly exactDeals?: boolean;
  readonly onProgress?: (done: number) => void;
}

export type GameOutcome = "won" | "drawn" | "stuck" | "error";

export const SIMULATION_ENGINES = ["fast", "decide"] as const;
export type SimulationEngine = (typeof SIMULATION_ENGINES)[number];

export interface GameResult {
  readonly index: number;
  readonly seed: number;
  readonly outcome: GameOutcome;
  /** Winning seats; more than one when the win is shared. */
  readonly winners: readonly Seat[];
  readonly moves: number;
  readonly error?: string;
  /** Per seat: moves made and milliseconds spent choosing them. */
  readonly think?: readonly { readonly moves: number; readonly ms: number }[];
}

export interface SeatStats {
  readonly seat: Seat;
  /** The seat's level in game 0 (levels rotate across games). */
  readonly bot: BotLevel;
  /** A shared win counts 1/k for each of its k winners. */
  readonly wins: number;
  readonly winRate: number;
}

export interface LevelStats {
  readonly bot: BotLevel;
  readonly seats: number;
  readonly wins: number;
  /** Share of all games won by a seat of this level. */
  readonly winRate: number;
  /** The same per seat, comparable across levels with different seat counts. */
  readonly winRatePerSeat: number;
  /**
   * 95 % Wilson score interval of `winRatePerSeat`, over games × seats trials (a level's
   * seats in one game are not independent: with several seats the interval is a little
   * optimistic).
   */
  readonly ci95: { readonly low: number; readonly high: number };
  /** Moves this level made, and the mean wall-clock time it took to choose one (ms). */
  readonly moves: number;
  readonly msPerMove: number;
}

/**
 * The Wilson score interval of a proportion: `successes` of `trials` (fractional successes,
 * such as shared wins, are fine), at `z` standard deviations (1.96: 95 %).
 */
export function wilson(successes: number, trials: number, z = 1.96): { low: number; high: number } {
  if (trials <= 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const centre = p + z2 / (2 * trials);
  const spread = z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  const denominator = 1 + z2 / trials;
  return {
    low: Math.max(0, (centre - spread) / denominator),
    high: Math.min(1, (centre + spread) / denominator),
  };
}

/** The level at `seat` in game `index`: game 0 cycles `bots`, each later game shifts by one. */
export function levelAt(
  bots: readonly BotLevel[],
  players: number,
  seat: Seat,
  index: number,
): BotLevel {
  return bots[((seat + index) % players) % bots.length]!;
}

export interface SimulationReport {
  readonly variant: string;
  readonly players: number;
  readonly bots: readonly BotLevel[];
  readonly seed: number;
  readonly options: Record<string, unknown>;
  readonly maxMoves: number;
  /** The search budget given (absent: the engine's default). */
  readonly search?: SearchBudget;
  /** Where the games ran, and why not on the fast path when that was asked for and not used. */
  readonly engine: SimulationEngine;
  readonly engineNote?: string;
  readonly games: number;
  readonly errors: number;
  readonly stuck: number;
  /** Games that ended without a winner (e.g. N-6.4: nothing left to play or draw). */
  readonly drawn: number;
  readonly moves: number;
  readonly averageMoves: number;
  readonly seconds: number;
  readonly gamesPerSecond: number;
  readonly movesPerSecond: number;
  readonly seats: readonly SeatStats[];
  readonly levels: readonly LevelStats[];
  /** The first few failed games, enough to reproduce them. */
  readonly failures: readonly GameResult[];
}

export const DEFAULT_MAX_MOVES = 5000;
const MAX_FAILURES = 10;

/** Game `index`'s seed under `seed`: well mixed, so neighbouring games share nothing. */
export function gameSeed(seed: number, index: number): number {
  let h = (seed >>> 0) ^ Math.imul(Math.floor(seed / 0x100000000) >>> 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 13), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 1;
}

type Ev = { type: string; data?: unknown };

/** Who won, from the `game.ended` event of any family (`winner` or `winners`). */
export function winnersOf(events: readonly Ev[]): Seat[] | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type !== "game.ended" || typeof e.data !== "object" || e.data === null) continue;
    const data = e.data as { winner?: unknown; winners?: unknown };
    if (Array.isArray(data.winners))
      return data.winners.filter((s): s is number => typeof s === "number");
    if (typeof data.winner === "number") return [data.winner];
    return [];
  }
  return null;
}

const describe = (refusal: Refusal): string =>
  `${refusal.code}${refusal.rule ? ` (${refusal.rule})` : ""}: ${refusal.message.en}`;

/** Plays the first game of a fresh match with bots only, in decider mode. */
export function simulateGame(
  variant: AnyVariant,
  setup: {
    players: number;
    bots: readonly BotLevel[];
    options: Record<string, unknown>;
    seed: number;
    index: number;
    maxMoves: number;
    deck?: readonly CardCode[] | null;
    /** The level of each seat (default: `bots` cyclically). */
    seats?: readonly BotLevel[];
    search?: SearchBudget;
  },
): GameResult {
  const { index, seed, maxMoves } = setup;
  const result = (outcome: GameOutcome, moves: number, extra: Partial<GameResult> = {}) => ({
    index,
    seed,
    outcome,
    winners: [],
    moves,
    think,
    ...extra,
  });
  let moves = 0;
  const think = Array.from({ length: setup.players }, () => ({ moves: 0, ms: 0 }));
  try {
    const driver = GameDriver.open(
      variant,
      { players: setup.players, options: setup.options, seed },
      "decider",
    );
    if (isRefusal(driver)) return result("error", 0, { error: describe(driver) });
    // The bots' random numbers: the fast path's generator under the game's seed, so that a
    // fast policy drawing in the same order makes the same choices (`exactDeals`).
    const rng = new FastRng(seed);
    const random = () => rng.random();
    const engine: AnyEngine = driver.engine;
    for (;;) {
      const progress = driver.progress();
      if (progress.status === "gameOver" || progress.status === "matchOver") {
        const winners = winnersOf(driver.events) ?? [];
        return result(winners.length ? "won" : "drawn", moves, { winners });
      }
      if (moves >= maxMoves) return result("stuck", moves);
      const seat = progress.toAct;
      if (seat === null)
        return result("error", moves, { error: `no seat to act while ${progress.status}` });
      const level = setup.seats?.[seat] ?? setup.bots[seat % setup.bots.length]!;
      const t0 = performance.now();
      const command = driver.botMove(seat, level, random, setup.search);
      think[seat]!.ms += performance.now() - t0;
      think[seat]!.moves++;
      const outcome = driver.dispatch(command);
      moves++;
      if (!outcome.ok)
        return result("error", moves, {
          error: `seat ${seat} ${JSON.stringify(command)} refused: ${describe(outcome.refusal)}`,
        });
      if (setup.deck && !isPermutationOf(engine.cardsInPlay(driver.state), setup.deck))
        return result("error", moves, { error: `cards not conserved after move ${moves}` });
    }
  } catch (e) {
    return result("error", moves, { error: e instanceof Error ? e.message : String(e) });
  }
}

/** What every game of a simulation shares, checked once before the first game. */
export interface PreparedSimulation {
  readonly config: SimulationConfig;
  readonly options: Record<string, unknown>;
  readonly maxMoves: number;
  readonly deck: readonly CardCode[] | null;
  /** The fast path's game (dealt again for every game) and each level's policy on it. */
  readonly fast: {
    readonly game: FastGame;
    readonly policies: ReadonlyMap<BotLevel, FastPolicy>;
    /** Each game dealt by the engine from its seed (`SimulationConfig.exactDeals`). */
    readonly exact: boolean;
  } | null;
  readonly engineNote?: string;
}

/**
 * The fast path for a simulation, or why not: the engine's (a dealt first game loaded onto
 * it; reshuffles from the fast generator), and every level's fast policy.
 */
function fastPathFor(
  config: SimulationConfig,
  events: readonly { type: string }[],
): PreparedSimulation["fast"] | string {
  const engine = config.variant.engine as AnyEngine;
  if (engine.fast === null) return `the ${config.variant.id} engine has no fast path`;
  if (config.checkCards) return "--check-cards follows every card on the engine";
  const policies = new Map<BotLevel, FastPolicy>();
  for (const level of new Set(config.bots)) {
    const policy = engine.bots[level].fast;
    if (policy === undefined) return `the ${level} bot has no fast policy`;
    policies.set(level, policy);
  }
  const game = engine.fast.load(engine.replay(events));
  if (isFastUnsupported(game)) return `the fast path cannot play it: ${game.reason}`;
  return { game, policies, exact: config.exactDeals === true };
}

/** Checks the options and the player count once (a refusal when they do not hold). */
export function prepareSimulation(config: SimulationConfig): PreparedSimulation | Refusal {
  const options = config.options ?? {};
  const maxMoves = config.maxMoves ?? DEFAULT_MAX_MOVES;
  const parsed = parseOptions(config.variant, options);
  if (isRefusal(parsed)) return parsed;
  // The player range may depend on the options (custom decks): ask the engine once.
  const opened = openMatch(config.variant, {
    players: config.players,
    options,
    seed: config.seed,
  });
  if (isRefusal(opened)) return opened;
  const deck = config.checkCards ? config.variant.deckFor(parsed) : null;
  const fast = (config.engine ?? "fast") === "fast" ? fastPathFor(config, opened) : null;
  if (typeof fast === "string")
    return { config, options, maxMoves, deck, fast: null, engineNote: fast };
  return { config, options, maxMoves, deck, fast };
}

/**
 * The fast game of game `index`: a fresh deal from the fast generator under the game's seed
 * (dealer seat 0, as a match's first game), or with `exact` the engine's deal of the match
 * opened with that seed, loaded with the generator seeded as `simulateGame` seeds its bots.
 */
function dealFast(
  prepared: PreparedSimulation,
  fast: NonNullable<PreparedSimulation["fast"]>,
  seed: number,
): FastGame | string {
  if (!fast.exact) {
    fast.game.rng.reseed(seed);
    fast.game.deal(0);
    return fast.game;
  }
  const { config, options } = prepared;
  const engine = config.variant.engine as AnyEngine;
  const events = openMatch(config.variant, { players: config.players, options, seed });
  if (isRefusal(events)) return describe(events);
  const game = engine.fast!.load(engine.replay(events), { exactShuffles: true, rngSeed: seed });
  return isFastUnsupported(game) ? `the fast path cannot play it: ${game.reason}` : game;
}

/** Plays game `index` on the fast path: each seat's level's fast policy until the game ends. */
function playFastGame(
  prepared: PreparedSimulation,
  fast: NonNullable<PreparedSimulation["fast"]>,
  seats: readonly BotLevel[],
  index: number,
  seed: number,
  maxMoves: number,
): GameResult {
  const { policies } = fast;
  const policyOf = seats.map((level) => policies.get(level)!);
  const started = performance.now();
  const game = dealFast(prepared, fast, seed);
  if (typeof game === "string")
    return { index, seed, outcome: "error", winners: [], moves: 0, error: game };
  const moved = Array<number>(game.players).fill(0);
  let moves = 0;
  let outcome: GameOutcome | null = null;
  while (outcome === null) {
    const seat = game.toAct;
    if (seat === null) outcome = game.winner === null ? "drawn" : "won";
    else if (moves >= maxMoves) outcome = "stuck";
    else {
      game.apply(policyOf[seat]!(game));
      moved[seat]!++;
      moves++;
    }
  }
  // The policies answer in nanoseconds: the game's time is shared out by moves made.
  const msPerMove = moves ? (performance.now() - started) / moves : 0;
  const winner = outcome === "won" ? game.winner : null;
  const winners = winner === null ? [] : (game.winners?.slice() ?? [winner]);
  return {
    index,
    seed,
    outcome,
    winners,
    moves,
    think: moved.map((n) => ({ moves: n, ms: n * msPerMove })),
  };
}

/** The levels of game `index`'s seats (they rotate game by game). */
const seatsOf = (config: SimulationConfig, index: number): BotLevel[] =>
  Array.from({ length: config.players }, (_, s) => levelAt(config.bots, config.players, s, index));

/** Plays game `index` of a prepared simulation: the same result in any thread or order. */
export function playSimulatedGame(prepared: PreparedSimulation, index: number): GameResult {
  const { config, options, maxMoves, deck } = prepared;
  if (prepared.fast !== null)
    return playFastGame(
      prepared,
      prepared.fast,
      seatsOf(config, index),
      index,
      gameSeed(config.seed, index),
      maxMoves,
    );
  return simulateGame(config.variant, {
    players: config.players,
    bots: config.bots,
    seats: seatsOf(config, index),
    options,
    seed: gameSeed(config.seed, index),
    index,
    maxMoves,
    deck,
    ...(config.search ? { search: config.search } : {}),
  });
}

/** Runs `games` bot games and sums them up. Pure apart from the clock. */
export function simulate(config: SimulationConfig): SimulationReport | Refusal {
  const prepared = prepareSimulation(config);
  if (isRefusal(prepared)) return prepared;
  const results: GameResult[] = [];
  const started = performance.now();
  for (let index = 0; index < config.games; index++) {
    results.push(playSimulatedGame(prepared, index));
    config.onProgress?.(index + 1);
  }
  return summarise(prepared, results, (performance.now() - started) / 1000);
}

/**
 * The report of a simulation from its games' results (any order: they are sorted by index, so
 * the report does not depend on which thread played which game) and the wall time it took.
 */
export function summarise(
  prepared: PreparedSimulation,
  played: readonly GameResult[],
  seconds: number,
): SimulationReport {
  const { config, options, maxMoves } = prepared;
  const { variant, players, bots, seed } = config;
  const results = [...played].sort((a, b) => a.index - b.index);
  const wins = Array<number>(players).fill(0);
  const levelWins = new Map<BotLevel, number>();
  const levelThink = new Map<BotLevel, { moves: number; ms: number }>();
  let errors = 0;
  let stuck = 0;
  let drawn = 0;
  let moves = 0;
  const failures: GameResult[] = [];
  for (const game of results) {
    const seats = seatsOf(config, game.index);
    for (const w of game.winners)
      levelWins.set(seats[w]!, (levelWins.get(seats[w]!) ?? 0) + 1 / game.winners.length);
    game.think?.forEach((t, s) => {
      const sum = levelThink.get(seats[s]!) ?? { moves: 0, ms: 0 };
      levelThink.set(seats[s]!, { moves: sum.moves + t.moves, ms: sum.ms + t.ms });
    });
    moves += game.moves;
    if (game.outcome === "error") errors++;
    if (game.outcome === "stuck") stuck++;
    if (game.outcome === "drawn") drawn++;
    for (const w of game.winners) wins[w] = (wins[w] ?? 0) + 1 / game.winners.length;
    if ((game.outcome === "error" || game.outcome === "stuck") && failures.length < MAX_FAILURES)
      failures.push(game);
  }
  const games = results.length;
  const rate = (x: number) => (games === 0 ? 0 : x / games);
  const levelOf = (seat: Seat) => levelAt(bots, players, seat, 0);
  const seats = wins.map((w, seat) => ({ seat, bot: levelOf(seat), wins: w, winRate: rate(w) }));
  const levels = [...new Set(bots)].map((bot) => {
    const count = seats.filter((s) => s.bot === bot).length;
    const won = levelWins.get(bot) ?? 0;
    const thought = levelThink.get(bot) ?? { moves: 0, ms: 0 };
    return {
      bot,
      seats: count,
      wins: won,
      winRate: rate(won),
      winRatePerSeat: count ? rate(won) / count : 0,
      ci95: wilson(won, games * count),
      moves: thought.moves,
      msPerMove: thought.moves ? thought.ms / thought.moves : 0,
    };
  });
  return {
    variant: variant.id,
    players,
    bots: [...bots],
    seed,
    options,
    maxMoves,
    ...(config.search ? { search: config.search } : {}),
    engine: prepared.fast === null ? "decide" : "fast",
    ...(prepared.engineNote === undefined ? {} : { engineNote: prepared.engineNote }),
    games,
    errors,
    stuck,
    drawn,
    moves,
    averageMoves: rate(moves),
    seconds,
    gamesPerSecond: seconds > 0 ? games / seconds : 0,
    movesPerSecond: seconds > 0 ? moves / seconds : 0,
    seats,
    levels,
    failures,
  };
}

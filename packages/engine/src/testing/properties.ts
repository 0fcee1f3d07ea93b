import fc from "fast-check";
import { countCards, type CardCode } from "../cards/codes.js";
import { createRng } from "../cards/rng.js";
import { GameDriver, type DispatchResult } from "../core/driver.js";
import type { AnyEngine, BotLevel } from "../core/engine.js";
import { isRefusal, type Command, type Viewer } from "../core/types.js";
import type { AnyVariant } from "../core/variant.js";
import type { LeakChecks } from "./leaks/index.js";

/**
 * The family-generic property harness: random bot games of any variant, with faulty commands
 * mixed in, and after every command the engine's invariants:
 *
 * - a refused command changes nothing (state and log as before);
 * - every legal move of the seat to act is accepted by `decide`;
 * - no view shows a viewer a card it may not see (the family's `LeakChecks`), no filtered event
 *   either; cards are conserved;
 * - the fold of the log so far (`evolve` event by event from `initialState`) equals the state,
 *   and at the end `replay` of the whole log does too;
 * - on every `machineEvery`-th seed the statechart referee, sent the same commands (faulty
 *   ones included), gives the same answers and the same log.
 *
 * Every variant package's property test feeds it (its variant, its family's leak checks, the
 * options to draw from); nothing in it knows a family.
 */
export interface PropertyRun {
  readonly variant: AnyVariant;
  readonly players: number;
  readonly options?: Record<string, unknown>;
  readonly seed: number;
  /** Bot level per seat, assigned cyclically. */
  readonly levels: readonly BotLevel[];
  /** The family's leak checks (`@maumau/engine/testing/leaks`). */
  readonly leaks: LeakChecks;
  /** Play the first game (default), or the whole match (`startNextGame` after each game). */
  readonly until?: "game" | "match";
  /** Upper bound on moves; a game that needs more is "stuck". */
  readonly maxMoves?: number;
  /**
   * The rule set can loop for ever with legal moves (e.g. draw-until-playable house rules):
   * at `maxMoves` the run stops and every other invariant is still checked.
   */
  readonly mayNotEnd?: boolean;
  /** The chance that a faulty command is sent before a move (default 0.2; 0: none). */
  readonly faults?: number;
  /** Also run every command through the statechart referee and compare. */
  readonly compareMachine?: boolean;
  /**
   * A family's own check after an accepted command (e.g. heul-doch: what each event shows
   * against the public cards before and after it); a message fails the run.
   */
  readonly afterCommand?: (step: {
    readonly engine: AnyEngine;
    readonly before: unknown;
    readonly after: unknown;
    readonly events: readonly { type: string }[];
    readonly viewers: readonly Viewer[];
  }) => string | null;
}

export interface RunStats {
  /** Bot moves (faulty commands and `startNextGame` not counted). */
  moves: number;
  /** Faulty commands sent (most are refused; one that happens to be legal is played). */
  faults: number;
  /** Commands accepted, bot moves and faulty ones alike (the harness's `startNextGame` not counted). */
  accepted: number;
  events: number;
  /** Games played to their end. */
  games: number;
  ended: "gameOver" | "matchOver" | "endless";
}

const multisetEqual = (a: readonly CardCode[], b: readonly CardCode[]): boolean => {
  if (a.length !== b.length) return false;
  const ca = countCards(a);
  const cb = countCards(b);
  for (const [k, v] of ca) if (cb.get(k) !== v) return false;
  return true;
};

/**
 * Any command at all for this deck and table, legal or not: wrong seats, cards nobody holds,
 * fields of the wrong type, unknown command types.
 */
export function faultyCommand(
  random: () => number,
  deck: readonly CardCode[],
  players: number,
): Command {
  const r = (n: number) => Math.floor(random() * n);
  const pick = <T>(xs: readonly T[]): T => xs[r(xs.length)]!;
  const colours = [...new Set(deck.map((c) => c.split("/")[0]!))];
  const seat = r(players + 1);
  const kinds: (() => unknown)[] = [
    () => ({
      type: "playCard",
      seat,
      card: random() < 0.9 ? pick(deck) : "no/card",
      ...(random() < 0.4 ? { wish: random() < 0.8 ? pick(colours) : 7 } : {}),
      ...(random() < 0.3 ? { mau: random() < 0.5 } : {}),
      ...(random() < 0.2 ? { mauMau: random() < 0.5 } : {}),
      ...(random() < 0.4 ? { to: r(players + 1) } : {}),
      ...(random() < 0.3 ? { faceDown: random() < 0.5 } : {}),
      ...(random() < 0.3 ? { target: r(players + 1) } : {}),
      ...(random() < 0.3 ? { direction: pick(["left", "right", "up"]) } : {}),
    }),
    () => ({ type: "drawCard", seat }),
    () => ({ type: "pass", seat }),
    () => ({ type: "chooseColour", seat, colour: random() < 0.8 ? pick(colours) : "mauve" }),
    () => ({
      type: "cut",
      seat,
      at: r(deck.length + 2) - 1,
      ...(random() < 0.5 ? { keep: true } : {}),
    }),
    () => ({ type: "startNextGame" }),
    () => ({ type: pick(["shuffle", "toString", "constructor"]), seat }),
    () => ({ type: "playCard", seat: "0", card: pick(deck) }),
  ];
  return pick(kinds)() as Command;
}

/**
 * Plays one match of bots (the first game, or the whole match) with faulty commands mixed in
 * and checks every invariant of the harness after every command. Throws with a precise message
 * on the first violation.
 */
export function playAndCheck(run: PropertyRun): RunStats {
  const random = createRng(run.seed, 7);
  const open = { players: run.players, options: run.options ?? {}, seed: run.seed };
  const driver = GameDriver.open(run.variant, open);
  if (isRefusal(driver)) throw new Error(`cannot open: ${driver.message.en}`);
  const machine = run.compareMachine ? GameDriver.open(run.variant, open, "machine") : null;
  if (isRefusal(machine)) throw new Error(`the machine cannot open: ${machine.message.en}`);
  const engine: AnyEngine = driver.engine;
  const deck = run.variant.deckFor(run.variant.optionsSchema.parse(run.options ?? {}));
  // Two random bots can play a long game: french with 2 players passes 5,000 moves in about
  // 1 game of 1,000 (the longest of 3,000 measured: 6,521), so "stuck" means far beyond that.
  const maxMoves = run.maxMoves ?? 20_000;
  const faultRate = run.faults ?? 0.2;
  const viewers: Viewer[] = [...Array.from({ length: run.players }, (_, i) => i), "spectator"];
  const stats: RunStats = {
    moves: 0,
    faults: 0,
    accepted: 0,
    events: 0,
    games: 0,
    ended: "endless",
  };
  const fail = (what: string): never => {
    throw new Error(
      `${run.variant.id} seed ${run.seed} (${run.players} players) after ${stats.moves} moves: ${what}`,
    );
  };
  // The log folded event by event, beside the driver's state: replay = live after every command.
  let folded: unknown = driver.events.reduce<unknown>(
    (s, e) => engine.evolve(s, e),
    engine.initialState(),
  );

  const checkState = () => {
    const state = driver.state;
    if (JSON.stringify(folded) !== JSON.stringify(state))
      fail("the folded log differs from the state");
    if (!multisetEqual(engine.cardsInPlay(state), deck)) fail("cards not conserved");
    for (const viewer of viewers) {
      const leak = run.leaks.view(state, driver.view(viewer), viewer);
      if (leak) fail(`view leak for ${String(viewer)}: ${leak}`);
    }
    const seat = driver.progress().toAct;
    if (seat !== null)
      for (const move of driver.legalMoves(seat)) {
        const decided = engine.decide(state, move);
        if (isRefusal(decided))
          fail(`legal move refused: ${JSON.stringify(move)} → ${decided.code}`);
      }
  };

  /** Sends one command to both referees; checks what a refusal or an acceptance must hold. */
  const send = (command: Command): DispatchResult<{ type: string }> => {
    const before = driver.state;
    const logBefore = driver.version;
    const snapshot = JSON.stringify(before);
    const result = driver.dispatch(command);
    if (machine) {
      const other = machine.dispatch(command);
      if (JSON.stringify(other) !== JSON.stringify(result))
        fail(`the machine and decide disagree on ${JSON.stringify(command)}`);
    }
    if (!result.ok) {
      if (
        driver.version !== logBefore ||
        driver.state !== before ||
        JSON.stringify(before) !== snapshot
      )
        fail(`a refusal changed the game: ${JSON.stringify(command)} → ${result.refusal.code}`);
      return result;
    }
    for (const e of result.events) {
      folded = engine.evolve(folded, e);
      for (const viewer of viewers) {
        const leak = run.leaks.event(engine.eventFor(e, viewer), viewer);
        if (leak) fail(`event leak for ${String(viewer)} in ${e.type}: ${leak}`);
      }
    }
    const own = run.afterCommand?.({
      engine,
      before,
      after: driver.state,
      events: result.events,
      viewers,
    });
    if (own) fail(own);
    checkState();
    return result;
  };

  checkState();
  for (;;) {
    const progress = driver.progress();
    if (progress.status === "matchOver") {
      stats.games++;
      break;
    }
    if (progress.status === "gameOver") {
      stats.games++;
      if ((run.until ?? "game") === "game") break;
      if (!send({ type: "startNextGame" }).ok) fail("the next game was refused");
      continue;
    }
    if (stats.moves >= maxMoves) {
      if (run.mayNotEnd) break;
      fail("game did not end (stuck)");
    }
    if (faultRate > 0 && random() < faultRate) {
      stats.faults++;
      if (send(faultyCommand(random, deck, run.players)).ok) stats.accepted++;
      continue;
    }
    const seat = progress.toAct;
    if (seat === null) return fail("nobody to act while the game runs");
    const level = run.levels[seat % run.levels.length] ?? "random";
    const command = driver.botMove(seat, level, random);
    const result = send(command);
    if (!result.ok)
      fail(
        `bot move refused: ${JSON.stringify(command)} → ${result.refusal.code} ${result.refusal.message.en}`,
      );
    stats.moves++;
    stats.accepted++;
  }

  if (JSON.stringify(engine.replay(driver.events)) !== JSON.stringify(driver.state))
    fail("replay differs from live state");
  if (machine && JSON.stringify(machine.events) !== JSON.stringify(driver.events))
    fail("machine and decider logs differ");
  const status = driver.progress().status;
  stats.ended = status === "gameOver" || status === "matchOver" ? status : "endless";
  stats.events = driver.events.length;
  return stats;
}

export interface PropertyOptions {
  /** Random games (default 1,000). */
  readonly runs?: number;
  /** Option sets to draw from (default: the variant's defaults). */
  readonly options?: readonly Record<string, unknown>[];
  /** Rule sets that may loop for ever (see `PropertyRun.mayNotEnd`). */
  readonly mayNotEnd?: (options: Record<string, unknown>) => boolean;
  /** Moves after which a game counts as stuck (or, with `mayNotEnd`, is cut off). */
  readonly maxMoves?: number;
  /** Play the first game (default) or the whole match. */
  readonly until?: "game" | "match";
  /** Every n-th seed also runs through the statechart referee (default 10). */
  readonly machineEvery?: number;
  /** The chance of a faulty command before each move (default 0.2). */
  readonly faults?: number;
  readonly afterCommand?: PropertyRun["afterCommand"];
  /** A check of each run's figures (e.g. the exact number of moves a game takes). */
  readonly afterRun?: (stats: RunStats, run: PropertyRun) => void;
}

/**
 * fast-check over `runs` random bot games of a variant (random seat counts in its player
 * range, random and heuristic bots, faulty commands mixed in): every invariant of
 * `playAndCheck` must hold. Returns the number of runs played.
 */
export function checkProperties(
  variant: AnyVariant,
  leaks: LeakChecks,
  {
    runs = 1000,
    options = [{}],
    mayNotEnd = () => false,
    maxMoves,
    until = "game",
    machineEvery = 10,
    faults = 0.2,
    afterCommand,
    afterRun,
  }: PropertyOptions = {},
): number {
  let played = 0;
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      fc.integer({ min: 0, max: 1000 }),
      fc.constantFrom(...options),
      fc.constantFrom<BotLevel[]>(["random"], ["heuristic"], ["random", "heuristic"]),
      (seed, extra, opts, levels) => {
        const parsed = variant.optionsSchema.parse(opts) as {
          players?: { min: number; max: number };
        };
        const range = parsed.players ?? variant.players;
        const endless = mayNotEnd(opts);
        const run: PropertyRun = {
          variant,
          players: range.min + (extra % (range.max - range.min + 1)),
          options: opts,
          seed,
          levels,
          leaks,
          until,
          faults,
          compareMachine: seed % machineEvery === 0,
          ...(afterCommand ? { afterCommand } : {}),
          ...(endless ? { mayNotEnd: true, maxMoves: maxMoves ?? 2000 } : {}),
          ...(!endless && maxMoves !== undefined ? { maxMoves } : {}),
        };
        const stats = playAndCheck(run);
        afterRun?.(stats, run);
        played++;
      },
    ),
    { numRuns: runs },
  );
  return played;
}

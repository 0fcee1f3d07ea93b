import fc from "fast-check";
import { countCards, type CardCode } from "../cards/codes.js";
import { classicEventLeak, classicViewLeak } from "./leaks/classic.js";
import { createRng } from "../cards/rng.js";
import { GameDriver } from "../core/driver.js";
import type { AnyEngine, BotLevel } from "../core/engine.js";
import { isRefusal, type Command, type Seat, type Viewer } from "../core/types.js";
import type { AnyVariant } from "../core/variant.js";

export interface PropertyRun {
  readonly variant: AnyVariant;
  readonly players: number;
  readonly options?: Record<string, unknown>;
  readonly seed: number;
  /** Bot level per seat, assigned cyclically. */
  readonly levels: readonly BotLevel[];
  /** Upper bound on moves for one game; a game that needs more is "stuck". */
  readonly maxMoves?: number;
  /**
   * The rule set can loop for ever with legal moves (e.g. draw-until-playable house rules):
   * at `maxMoves` the run stops and every other invariant is still checked.
   */
  readonly mayNotEnd?: boolean;
  /** Also run the same moves through the statechart referee and compare the logs. */
  readonly compareActor?: boolean;
  /** Checks that a view shows no card the viewer may not see (family-specific). */
  readonly leaks?: (state: unknown, view: unknown, viewer: Viewer) => string | null;
  /** Checks that a filtered event carries no hidden card. */
  readonly eventLeaks?: (event: unknown, viewer: Viewer) => string | null;
}

export interface RunStats {
  moves: number;
  events: number;
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
 * Plays the first game of a match with bots and checks the engine's invariants after every
 * move: the log replays to the live state, cards are conserved, views and events hide what
 * they must, and the game ends. Throws with a precise message on the first violation.
 */
export function playAndCheck(run: PropertyRun): RunStats {
  const random = createRng(run.seed, 7);
  const open = { players: run.players, options: run.options ?? {}, seed: run.seed };
  const driver = GameDriver.open(run.variant, open);
  const commands: Command[] = [];
  if (isRefusal(driver)) throw new Error(`cannot open: ${driver.message.en}`);
  const engine: AnyEngine = driver.engine;
  const deck = run.variant.deckFor(run.variant.optionsSchema.parse(run.options ?? {}));
  // Two random bots can play a long game: french with 2 players passes 5,000 moves in about
  // 1 game of 1,000 (the longest of 3,000 measured: 6,521), so "stuck" means far beyond that.
  const maxMoves = run.maxMoves ?? 20_000;
  const viewers: Viewer[] = [...Array.from({ length: run.players }, (_, i) => i), "spectator"];
  const fail = (what: string): never => {
    throw new Error(
      `${run.variant.id} seed ${run.seed} (${run.players} players) after ${moves} moves: ${what}`,
    );
  };

  const check = () => {
    if (!multisetEqual(engine.cardsInPlay(driver.state), deck)) fail("cards not conserved");
    for (const viewer of viewers) {
      const leak = run.leaks?.(driver.state, driver.view(viewer), viewer);
      if (leak) fail(`view leak for ${String(viewer)}: ${leak}`);
    }
  };

  let moves = 0;
  check();
  for (;;) {
    const progress = driver.progress();
    if (progress.status === "gameOver" || progress.status === "matchOver") break;
    if (moves >= maxMoves) {
      if (run.mayNotEnd) break;
      fail("game did not end (stuck)");
    }
    const seat = progress.toAct;
    if (seat === null) fail("nobody to act while the game runs");
    const level = run.levels[(seat as Seat) % run.levels.length] ?? "random";
    const command = driver.botMove(seat as Seat, level, random);
    const result = driver.dispatch(command);
    commands.push(command);
    if (!result.ok)
      fail(
        `bot move refused: ${JSON.stringify(command)} → ${result.refusal.code} ${result.refusal.message.en}`,
      );
    moves++;
    check();
  }

  const replayed = engine.replay(driver.events);
  if (JSON.stringify(replayed) !== JSON.stringify(driver.state))
    fail("replay differs from live state");
  for (const viewer of viewers)
    for (const e of driver.events) {
      const leak = run.eventLeaks?.(engine.eventFor(e, viewer), viewer);
      if (leak)
        fail(`event leak for ${String(viewer)} in ${(e as { type: string }).type}: ${leak}`);
    }

  if (run.compareActor) {
    const machine = GameDriver.open(run.variant, open, "machine");
    if (isRefusal(machine)) return fail("the machine cannot open");
    for (const c of commands) {
      const r = machine.dispatch(c);
      if (!r.ok) fail(`the machine refused ${JSON.stringify(c)}: ${r.refusal.code}`);
    }
    if (JSON.stringify(machine.events) !== JSON.stringify(driver.events))
      fail("machine and decider logs differ");
    machine.stop();
  }
  return {
    moves,
    events: driver.events.length,
    ended: driver.progress().status as RunStats["ended"],
  };
}

/**
 * fast-check over `runs` random bot games of a classic-family variant (random seats counts
 * in its player range, random and heuristic bots, every tenth game also through the statechart):
 * every `playAndCheck` invariant must hold. Returns the number of games played.
 */
export function checkClassicProperties(
  variant: AnyVariant,
  {
    runs = 1000,
    options = [{}],
    mayNotEnd = () => false,
  }: {
    runs?: number;
    options?: readonly Record<string, unknown>[];
    /** Rule sets that may loop for ever (see `PropertyRun.mayNotEnd`). */
    mayNotEnd?: (options: Record<string, unknown>) => boolean;
  } = {},
): number {
  let games = 0;
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
        playAndCheck({
          variant,
          players: range.min + (extra % (range.max - range.min + 1)),
          options: opts,
          seed,
          levels,
          leaks: classicViewLeak,
          eventLeaks: classicEventLeak,
          compareActor: seed % 10 === 0,
          ...(mayNotEnd(opts) ? { mayNotEnd: true, maxMoves: 2000 } : {}),
        });
        games++;
      },
    ),
    { numRuns: runs },
  );
  return games;
}

import {
  chartOf,
  colourOf,
  COMMAND_TYPES,
  createRng,
  dottedOf,
  GameDriver,
  isRefusal,
  openMatch,
  REFUSAL_CODES,
  runtimeOf,
  type AnyEngine,
  type AnyMachineSnapshot,
  type Command,
} from "@maumau/engine";
import { faultyCommand } from "@maumau/engine/testing";
import { familyHouseRules } from "@maumau/variant-custom";
import { getShortestPaths, getSimplePaths } from "xstate/graph";
import { describe, expect, it } from "vitest";
import { findVariant } from "./index.js";

/**
 * Model-based tests (issue #8): `xstate/graph` walks each family's machine from a dealt
 * table — shortest paths to every reachable (chart state, seat on turn, hand sizes, draw
 * pile) and simple paths between chart states — and every path is replayed as a command
 * sequence against the engine's fast path, which must accept each command and end where the
 * chart says. In every chart state reached, every command the state does not accept is
 * refused with a typed refusal, the same as `decide`'s, and nothing changes.
 */
interface Case {
  readonly variant: string;
  readonly options: unknown;
  readonly players: number;
  readonly seed: number;
  /** Chart states the walk must reach from this deal. */
  readonly reach: readonly string[];
}

const CASES: readonly Case[] = [
  {
    variant: "noris",
    options: {},
    players: 2,
    seed: 3,
    reach: ["turn.awaitingPlay", "turn.underPenalty", "turn.wishInForce", "gameOver"],
  },
  {
    variant: "bavarian",
    options: {},
    players: 2,
    seed: 4,
    reach: [
      "dealing.cutting",
      "turn.awaitingPlay",
      "turn.underPenalty",
      "turn.playAgain",
      "turn.drawnCard",
      "gameOver",
    ],
  },
  {
    variant: "custom",
    options: familyHouseRules,
    players: 2,
    seed: 2,
    reach: [
      "turn.awaitingPlay",
      "turn.underPenalty",
      "turn.wishInForce",
      "turn.playAgain",
      "turn.drawnCard",
      "gameOver",
    ],
  },
  {
    variant: "heul-doch",
    options: { specials: true, games: 2 },
    players: 3,
    seed: 1,
    reach: ["turn.awaitingCard", "turn.handsRunningDown", "gameOver"],
  },
];

type Game = { version: number };

/**
 * Tables to walk from: the opening and every few moves of a bot game with this deal, so the
 * walks (a few moves deep each) start everywhere a game goes, up to its end and the next deal.
 */
function setUp(c: Case) {
  const variant = findVariant(c.variant)!;
  const engine = variant.engine as AnyEngine;
  const opened = openMatch(variant, { players: c.players, options: c.options, seed: c.seed });
  if (isRefusal(opened)) throw new Error(opened.message.en);
  const runtime = runtimeOf(engine, engine.ruleSetOf(engine.replay(opened)));
  const driver = GameDriver.replay(variant, opened, "decider");
  const random = createRng(c.seed, 9);
  const starts: { log: readonly { type: string }[]; snapshot: AnyMachineSnapshot }[] = [];
  for (let move = 0; move < 2_000; move++) {
    const { status, toAct } = driver.progress();
    if (move % 2 === 0 || status !== "playing")
      starts.push({ log: driver.events.slice(), snapshot: runtime.snapshotOf(driver.state) });
    if (status === "matchOver" || (status === "gameOver" && driver.progress().game > 1)) break;
    const command: Command =
      toAct === null ? { type: "startNextGame" } : driver.botMove(toAct, "random", random);
    if (!driver.dispatch(command).ok) throw new Error("bot move refused");
    if (engine.progress(driver.state).game > 1) break;
  }
  const gameOf = (s: AnyMachineSnapshot) => (s.context as { game: unknown }).game;
  const events = (s: AnyMachineSnapshot): Command[] => {
    const game = gameOf(s);
    const { status, toAct } = engine.progress(game);
    if (status === "gameOver") return [{ type: "startNextGame" }];
    return toAct === null ? [] : engine.legalMoves(game, toAct);
  };
  /** A table's key: the whole game (walks are short, so the tree stays small). */
  const key = (s: AnyMachineSnapshot) => JSON.stringify(gameOf(s));
  return { variant, engine, runtime, starts, events, key, gameOf };
}

/** A walk's options from one table: at most `depth` events deep. */
const walk = (setup: ReturnType<typeof setUp>, from: AnyMachineSnapshot, depth: number) => {
  const v0 = (setup.gameOf(from) as Game).version;
  return {
    fromState: from,
    events: setup.events,
    serializeState: setup.key,
    serializeEvent: (e: { type: string }) => JSON.stringify(e),
    stopWhen: (s: AnyMachineSnapshot) => (setup.gameOf(s) as Game).version - v0 >= depth,
    limit: 2_000_000,
  };
};

/** Replays a path's commands on the fast path from its table's log: each accepted, ending on the path's table. */
function replayPath(
  c: Case,
  log: readonly { type: string }[],
  path: { state: AnyMachineSnapshot; steps: readonly { event: { type: string } }[] },
) {
  const driver = GameDriver.replay(findVariant(c.variant)!, log, "decider");
  for (const { event } of path.steps) {
    if (event.type === "xstate.init") continue;
    const r = driver.dispatch(event as Command);
    if (!r.ok)
      throw new Error(
        `${c.variant}: the engine refused ${JSON.stringify(event)} on a path of the chart: ${r.refusal.message.en}`,
      );
  }
  expect(driver.engine.chartPosition(driver.state).state).toBe(dottedOf(path.state.value));
  expect(JSON.stringify(driver.state)).toBe(
    JSON.stringify((path.state.context as { game: unknown }).game),
  );
}

describe("model-based: xstate/graph paths through each family's machine, run against the engine", () => {
  for (const c of CASES) {
    it(`${c.variant}: shortest paths reach ${c.reach.join(", ")}; each is a command sequence the engine plays`, () => {
      const setup = setUp(c);
      const reached = new Set<string>();
      let replayed = 0;
      for (const start of setup.starts) {
        const paths = getShortestPaths(start.snapshot.machine, walk(setup, start.snapshot, 5));
        const seen = new Set<string>();
        for (const p of paths) {
          const state = dottedOf(p.state.value);
          reached.add(state);
          // One path to each chart state from this table, and every tenth of the others.
          if (seen.has(state) && replayed % 10 !== 0) continue;
          seen.add(state);
          replayPath(c, start.log, p);
          replayed++;
        }
      }
      for (const state of c.reach) expect(reached, `${state} not reached`).toContain(state);
      expect(replayed).toBeGreaterThan(setup.starts.length);
    }, 180_000);

    it(`${c.variant}: simple paths from tables along a game are command sequences the engine plays`, () => {
      const setup = setUp(c);
      let replayed = 0;
      for (const start of setup.starts.filter((_, i) => i % 3 === 0)) {
        const paths = getSimplePaths(start.snapshot.machine, walk(setup, start.snapshot, 3));
        for (const p of paths.slice(0, 50)) {
          replayPath(c, start.log, p);
          replayed++;
        }
      }
      expect(replayed).toBeGreaterThan(setup.starts.length / 3);
    }, 180_000);

    it(`${c.variant}: every (state, command) the chart does not accept is refused, typed, the same as decide, and changes nothing`, () => {
      const { engine, variant, runtime, starts, gameOf } = setUp(c);
      const chart = chartOf(runtime.machine);
      const accepts = (state: string, type: string): boolean => {
        for (
          let s: string | null = state;
          s !== null;
          s = chart.states.find((x) => x.id === s)?.parent ?? null
        ) {
          const node = chart.states.find((x) => x.id === s);
          if (node?.transitions.some((t) => t.event === type && t.target !== null)) return true;
        }
        return false;
      };
      const deck = variant.deckFor(variant.optionsSchema.parse(c.options));
      const colours = [...new Set(deck.flatMap((d) => colourOf(d) ?? []))];
      const random = createRng(c.seed, 5);
      const states = new Set<string>();
      let refused = 0;
      for (const { snapshot } of starts) {
        const state = dottedOf(snapshot.value);
        states.add(state);
        const game = gameOf(snapshot);
        const before = JSON.stringify(game);
        const { toAct } = engine.progress(game);
        const commands: Command[] = [];
        for (let i = 0; i < 20; i++)
          commands.push(faultyCommand(random, deck, c.players, toAct, colours));
        for (let seat = 0; seat < c.players; seat++)
          for (const type of COMMAND_TYPES)
            commands.push({
              type,
              seat,
              card: deck[0],
              colour: colours[0],
              at: 1,
            } as unknown as Command);
        for (const command of commands) {
          const step = runtime.step(snapshot, command);
          const decided = engine.decide(game, command);
          if (!accepts(state, command.type))
            expect(isRefusal(step), `${state} accepted ${JSON.stringify(command)}`).toBe(true);
          if (!isRefusal(step)) continue;
          refused++;
          expect(REFUSAL_CODES).toContain(step.code);
          expect(step.message.en.length * step.message.de.length).toBeGreaterThan(0);
          expect(decided).toEqual(step);
          expect(JSON.stringify(gameOf(snapshot))).toBe(before);
        }
      }
      expect(states.size).toBeGreaterThan(1);
      expect(refused).toBeGreaterThan(starts.length * 10);
    }, 180_000);
  }
});

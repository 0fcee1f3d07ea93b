/**
 * Engine figures (issue #11, benchmarks 1), each beside its denominator measured in the same
 * run. `tsx bench/engine.figures.ts [--quick]`; `pnpm bench` runs it with every other
 * `bench/*.figures.ts`. To add a machine path or a bot level, add one entry to
 * `MACHINE_PATHS` below; bot levels come from the engine's bot table (`classicEngine.bots`).
 */
import {
  classicEngine,
  FastClassic,
  FastHeulDoch,
  heulDochEngine,
  FastRng,
  GameDriver,
  type GameDriverMode,
  isFastUnsupported,
  isRefusal,
  legalClassicMoves,
  openMatch,
  viewClassic,
  type AnyVariant,
  type ClassicEvent,
  type ClassicState,
  type HeulDochEvent,
} from "@maumau/engine";
import { familyHouseRules } from "@maumau/variant-custom";
import { findVariant } from "../src/index.js";
import { figure, QUICK, rate, rates } from "./measure.js";
import { PlainNoris } from "./plain-noris.js";

const PLAYERS = 4;

interface Table {
  readonly name: string;
  readonly variant: AnyVariant;
  readonly options: unknown;
}

const table = (name: string, variant: string, options: unknown): Table => {
  const v = findVariant(variant);
  if (!v) throw new Error(`no variant ${variant}`);
  return { name, variant: v, options };
};

/** The classic rule sets measured on the fast path (heul-doch's is measured on its own). */
const TABLES: readonly Table[] = [
  table("noris", "noris", { games: 1 }),
  table("tabaluga", "tabaluga", { games: 1 }),
  table("french", "french", {}),
  table("bavarian", "bavarian", {}),
  table("custom-family", "custom", familyHouseRules),
];

function dealt(t: Table, seed: number): ClassicState {
  const events = openMatch(t.variant, { players: PLAYERS, seed, options: t.options });
  if (isRefusal(events)) throw new Error(events.message.en);
  let state = classicEngine.replay(events as ClassicEvent[]);
  // B-2.2: the fast path starts after the cut; the engine cuts in the middle.
  while (state.phase === "cutting") {
    const cuts = legalClassicMoves(state, state.turn);
    const cut = classicEngine.apply(state, cuts[cuts.length >> 1]!);
    if (isRefusal(cut)) throw new Error(cut.message.en);
    state = cut.state;
  }
  return state;
}

function fastGame(t: Table): FastClassic {
  const fast = FastClassic.load(dealt(t, 1), { rngSeed: 2026 });
  if (isFastUnsupported(fast)) throw new Error(`${t.name}: ${fast.reason}`);
  return fast;
}

// ---- the fast path, and the plain mutable playout beside it ----
const noris = TABLES[0]!;
{
  const fast = fastGame(noris);
  const plain = new PlainNoris(PLAYERS, new FastRng(2026));
  const [fastRate, plainRate] = rates(
    () => {
      fast.deal();
      return fast.playout();
    },
    () => plain.playout(),
  );
  figure(
    "engine.fast.noris.moves",
    fastRate,
    "moves/s",
    "≥ 3,000,000 moves/s, single core, random playouts incl. the deal",
  );
  figure(
    "engine.plain.noris.moves",
    plainRate,
    "moves/s",
    "none: the limit, a plain mutable JS playout of noris written for this benchmark",
  );
  figure("engine.fast.noris.vs-plain", fastRate / plainRate, "× plain", "≥ 0.25");
}
/** Moves per second of whole games, and games per second from the moves a game took. */
function gameRate(game: () => number): { moves: number; games: number } {
  let moves = 0;
  let games = 0;
  const perSecond = rate(() => {
    const n = game();
    moves += n;
    games++;
    return n;
  });
  return { moves: perSecond, games: perSecond / (moves / games) };
}
for (const t of TABLES) {
  const fast = fastGame(t);
  const r = gameRate(() => {
    fast.deal();
    return fast.playout();
  });
  if (t !== noris)
    figure(`engine.fast.${t.name}.moves`, r.moves, "moves/s", "none set (noris: ≥ 3,000,000)");
  figure(
    `engine.fast.${t.name}.games`,
    r.games,
    "games/s",
    `none set; ${PLAYERS} players, ${Math.round(r.moves / r.games)} moves a game`,
  );
}

// ---- Heul doch! on its fast path (fast/heulDoch.ts), the plain noris playout beside it ----
{
  const heul = table("heul-doch", "heul-doch", {});
  const events = openMatch(heul.variant, { players: PLAYERS, seed: 1, options: {} });
  if (isRefusal(events)) throw new Error(events.message.en);
  const fast = FastHeulDoch.load(heulDochEngine.replay(events as HeulDochEvent[]), {
    rngSeed: 2026,
  });
  if (isFastUnsupported(fast)) throw new Error(`heul-doch: ${fast.reason}`);
  const plain = new PlainNoris(PLAYERS, new FastRng(2026));
  const [fastRate, plainRate] = rates(
    () => {
      fast.deal();
      return fast.playout();
    },
    () => plain.playout(),
  );
  figure(
    "engine.fast.heul-doch.moves",
    fastRate,
    "moves/s",
    "≥ 1,000,000 moves/s, single core, random playouts incl. the deal",
  );
  figure(
    "engine.fast.heul-doch.vs-plain-noris",
    fastRate / plainRate,
    "× plain noris",
    "none set: the plain noris playout measured beside it",
  );
}

// ---- the engine: decide path and machine paths, random moves, one legalMoves per move ----
/** One whole game through a GameDriver; returns the moves made. */
function driverGame(t: Table, mode: GameDriverMode, seed: number, rng: FastRng): number {
  const driver = GameDriver.open(t.variant, { players: PLAYERS, seed, options: t.options }, mode);
  if (isRefusal(driver)) throw new Error(driver.message.en);
  let moves = 0;
  for (;;) {
    const { toAct, status } = driver.progress();
    // "setup" is a move too: the cut (B-2.2), the colour of a wish starter (F-2.3)
    if (toAct === null || status === "gameOver" || status === "matchOver") break;
    const legal = driver.legalMoves(toAct);
    const result = driver.dispatch(legal[rng.below(legal.length)]!);
    if (!result.ok) throw new Error(result.refusal.message.en);
    moves++;
  }
  driver.stop();
  return moves;
}

/** Machine paths to measure per move. A new machine: one more entry. */
const MACHINE_PATHS: readonly { name: string; mode: GameDriverMode }[] = [
  // the referee's path: pure transition() on the match's cached snapshot, as in the server
  { name: "transition", mode: "machine" },
];

let seed = 0;
const rng = new FastRng(7);
const decide = gameRate(() => driverGame(noris, "decider", seed++, rng));
figure(
  "engine.decide.noris.games",
  decide.games,
  "games/s",
  "none set; the denominator of the fast path and the machine path",
);
figure(
  "engine.decide.noris.move",
  1e6 / decide.moves,
  "µs/move",
  "none set; decide + evolve + legalMoves, the seed's SHA-256 deal included",
);
// the other variants on the decide path, heul-doch included (its fast path is measured above)
for (const t of [...TABLES.slice(1), table("heul-doch", "heul-doch", {})]) {
  const other = gameRate(() => driverGame(t, "decider", seed++, rng));
  figure(
    `engine.decide.${t.name}.games`,
    other.games,
    "games/s",
    `none set; ${Math.round(other.moves / other.games)} moves a game`,
  );
}
for (const m of MACHINE_PATHS) {
  const machine = gameRate(() => driverGame(noris, m.mode, seed++, rng));
  figure(
    `engine.machine.${m.name}.noris.move`,
    1e6 / machine.moves,
    "µs/move",
    "≤ 50 µs per move in the server",
  );
  figure(`engine.machine.${m.name}.noris.games`, machine.games, "games/s", "none set");
  figure(
    `engine.machine.${m.name}.noris.vs-decide`,
    decide.moves / machine.moves,
    "× the decide path's time",
    "none set",
  );
}

// ---- replay, views and bots, on stored logs of whole games ----
/** Whole noris games of random moves as logs, and the positions passed on the way. */
function logs(count: number): {
  log: ClassicEvent[][];
  positions: ClassicState[];
  /** The log up to each position (a bot level that `needsLog` is shown it). */
  logAt: ClassicEvent[][];
} {
  const log: ClassicEvent[][] = [];
  const positions: ClassicState[] = [];
  const logAt: ClassicEvent[][] = [];
  for (let g = 0; g < count; g++) {
    const events = openMatch(noris.variant, {
      players: PLAYERS,
      seed: 10_000 + g,
      options: { games: 1 },
    });
    if (isRefusal(events)) throw new Error(events.message.en);
    const all = [...(events as ClassicEvent[])];
    let state = classicEngine.replay(all);
    while (state.phase !== "gameOver" && state.phase !== "matchOver") {
      positions.push(state);
      logAt.push(all.slice());
      const legal = legalClassicMoves(state, state.turn);
      const applied = classicEngine.apply(state, legal[rng.below(legal.length)]!);
      if (isRefusal(applied)) throw new Error(applied.message.en);
      all.push(...applied.events);
      state = applied.state;
    }
    log.push(all);
  }
  return { log, positions, logAt };
}
const stored = logs(QUICK ? 20 : 100);
const text = stored.log.map((l) => JSON.stringify(l));
const eventsPerPass = stored.log.reduce((n, l) => n + l.length, 0);
const [replayRate, parseRate] = rates(
  () => {
    for (const l of stored.log) classicEngine.replay(l);
    return eventsPerPass;
  },
  () => {
    for (const t of text) JSON.parse(t);
    return eventsPerPass;
  },
);
figure(
  "engine.replay.noris.events",
  replayRate,
  "events/s",
  "none set; beside it JSON.parse of the same stored log",
);
figure(
  "engine.replay.noris.json-parse",
  parseRate,
  "events/s",
  "none: the denominator, reading the log",
);

let p = 0;
const next = () => stored.positions[p++ % stored.positions.length]!;
/** Read from every result, so that the optimiser cannot drop a call whose result is unused. */
let sink = 0;
const [viewRate, stringifyRate] = rates(
  () => {
    const s = next();
    const view = viewClassic(s, s.turn);
    sink += view.handCounts.length + (view.hand?.length ?? 0);
    return 1;
  },
  () => {
    const s = next();
    sink += JSON.stringify(viewClassic(s, s.turn)).length;
    return 1;
  },
);
figure(
  "engine.viewFor.noris",
  viewRate,
  "calls/s",
  "none set; beside it the same view also serialised as a frame",
);
figure(
  "engine.viewFor.noris.json",
  stringifyRate,
  "calls/s",
  "none: view + JSON.stringify, what a frame costs",
);

const legalRate = rate(() => {
  const s = next();
  sink += legalClassicMoves(s, s.turn).length;
  return 1;
});
figure(
  "engine.legalMoves.noris",
  1e6 / legalRate,
  "µs/call",
  "none: the denominator of bot think time",
);
// A bot that needs the match log (`search`) thinks for milliseconds: bots.figures.ts measures
// it (and every level per variant) on whole games.
for (const bot of Object.values(classicEngine.bots).filter((b) => !b.needsLog)) {
  const botRng = new FastRng(bot.level.length);
  const random = () => botRng.random();
  const calls = rate(() => {
    const i = p++ % stored.positions.length;
    const s = stored.positions[i]!;
    const log = bot.needsLog ? stored.logAt[i] : undefined;
    sink += classicEngine.botMove(s, s.turn, bot.level, random, log).type.length;
    return 1;
  });
  figure(
    `engine.bot.${bot.level}.noris.think`,
    1e6 / calls,
    "µs/move",
    bot.offEventLoop ? "≤ 300,000 µs per move" : "none set",
  );
}
if (sink === 0) throw new Error("no view, move or bot answer was read");

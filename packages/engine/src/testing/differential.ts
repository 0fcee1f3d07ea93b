import { colourOf } from "../cards/codes.js";
import { createRng } from "../cards/rng.js";
import { withBranchProbe, type BranchKey } from "../core/branches.js";
import type { AnyEngine } from "../core/engine.js";
import { transition } from "xstate";
import { decisionOf, isCommand, runtimeOf } from "../core/runtime.js";
import { COMMAND_TYPES, isRefusal, type Command, type Refusal, type Seat } from "../core/types.js";
import { openMatch, type AnyVariant } from "../core/variant.js";

/** One differential run: a match played through the machine and through `decide` side by side. */
export interface DifferentialRun {
  readonly variant: AnyVariant;
  readonly players: number;
  readonly options?: unknown;
  readonly seed: number;
  /** Share of commands that are random (mostly faulty) instead of a bot's legal move. */
  readonly faultRate?: number;
  /** Commands sent at most (legal and faulty together). */
  readonly maxCommands?: number;
  /** Games to play before stopping (the match may end earlier). */
  readonly games?: number;
  /**
   * Share of a bot's plays with a call ("mau", "Mau-Mau") sent without it: a forgotten call is
   * a legal move that costs cards (and B-5.3 takes the card back), which bots never make.
   * Default 0.2.
   */
  readonly forgetRate?: number;
}

export interface DifferentialStats {
  commands: number;
  accepted: number;
  refused: number;
  /** Games played to their end (a match's last game included). */
  games: number;
  /** Refusal codes seen, with counts. */
  codes: Record<string, number>;
  /** Chart states visited, with counts. */
  states: Record<string, number>;
  /**
   * Rule branches `decide` took (`ruleBranch("decide", id)`, core/branches.ts), with counts:
   * counted on the decide path only (the machine runs the same `carryOut`).
   */
  branches: Record<string, number>;
}

/** Stats of no command yet. */
export const emptyStats = (): DifferentialStats => ({
  commands: 0,
  accepted: 0,
  refused: 0,
  games: 0,
  codes: {},
  states: {},
  branches: {},
});

/** Adds one run's stats into a total. */
export function addStats(total: DifferentialStats, s: DifferentialStats): void {
  total.commands += s.commands;
  total.accepted += s.accepted;
  total.refused += s.refused;
  total.games += s.games;
  for (const [k, v] of Object.entries(s.codes)) total.codes[k] = (total.codes[k] ?? 0) + v;
  for (const [k, v] of Object.entries(s.states)) total.states[k] = (total.states[k] ?? 0) + v;
  for (const [k, v] of Object.entries(s.branches)) total.branches[k] = (total.branches[k] ?? 0) + v;
}

const pick = <T>(random: () => number, xs: readonly T[]): T =>
  xs[Math.floor(random() * xs.length)]!;

/**
 * A random command that is usually wrong: an unknown type, a seat out of range, a card not in
 * the deck or not in hand, a field of the wrong type, a move out of turn or out of phase.
 */
export function faultyCommand(
  random: () => number,
  deck: readonly string[],
  players: number,
  toAct: Seat | null,
  colours: readonly string[],
): Command {
  const seat =
    random() < 0.7 && toAct !== null
      ? toAct
      : pick(random, [-1, players, 0.5, "0", ...Array.from({ length: players }, (_, i) => i)]);
  const type =
    random() < 0.05 ? pick(random, ["bogus", "xstate.init", ""]) : pick(random, COMMAND_TYPES);
  const maybe = (x: unknown) => (random() < 0.5 ? undefined : x);
  const command: Record<string, unknown> = { type, seat };
  command.card = random() < 0.9 ? pick(random, deck) : pick(random, ["zz", 7, null, ""]);
  command.wish = maybe(random() < 0.8 ? pick(random, colours) : pick(random, ["purple", 3]));
  command.mau = maybe(random() < 0.9 ? random() < 0.5 : "yes");
  command.mauMau = maybe(random() < 0.9 ? random() < 0.5 : 1);
  command.to = maybe(
    pick(random, [-1, players, "1", ...Array.from({ length: players }, (_, i) => i)]),
  );
  command.faceDown = maybe(random() < 0.9 ? random() < 0.5 : "no");
  command.target = maybe(
    pick(random, [-1, players, ...Array.from({ length: players }, (_, i) => i)]),
  );
  command.direction = maybe(pick(random, ["left", "right", "up"]));
  command.colour = random() < 0.9 ? pick(random, colours) : pick(random, ["purple", 3, undefined]);
  command.at = random() < 0.9 ? Math.floor(random() * 40) - 2 : pick(random, ["3", 1.5, undefined]);
  command.keep = maybe(random() < 0.9 ? random() < 0.5 : "yes");
  for (const key of Object.keys(command)) if (command[key] === undefined) delete command[key];
  return command as unknown as Command;
}

/** A legal move with one field dropped or taken from a faulty command (a near miss). */
function mutated(random: () => number, legal: Command, faulty: Command): Command {
  const out: Record<string, unknown> = { ...legal };
  const keys = Object.keys(out).filter((k) => k !== "type");
  const key = pick(random, [...keys, ...Object.keys(faulty).filter((k) => k !== "type")]);
  if (key === undefined) return legal;
  const replacement = (faulty as unknown as Record<string, unknown>)[key];
  if (random() < 0.5 || replacement === undefined) delete out[key];
  else out[key] = replacement;
  return out as unknown as Command;
}

/** The command without its calls when `forget` (a player who forgot to say them). */
function forgetful(command: Command, forget: boolean): Command {
  if (!forget) return command;
  const calls = command as { mau?: unknown; mauMau?: unknown };
  if (calls.mau !== true && calls.mauMau !== true) return command;
  const { mau: _mau, mauMau: _mauMau, ...rest } = command as unknown as Record<string, unknown>;
  return rest as unknown as Command;
}

const sameRefusal = (a: Refusal, b: Refusal) =>
  a.code === b.code &&
  a.rule === b.rule &&
  a.message.en === b.message.en &&
  a.message.de === b.message.de;

/**
 * Plays one match with bots, mixing in random faulty commands, and sends every command both
 * to the machine (XState `transition()` on the cached snapshot, as the server runs it) and to
 * the fast `decide` path. They must give the same events or the same refusal (code, rule id,
 * message), a refusal must leave the machine's game as it was, and after every command the
 * machine's state must be the game's chart position. Throws on the first difference.
 */
export function differentialRun(run: DifferentialRun): DifferentialStats {
  const random = createRng(run.seed, 11);
  const faultRate = run.faultRate ?? 0.3;
  const forgetRate = run.forgetRate ?? 0.2;
  const maxCommands = run.maxCommands ?? 20_000;
  const games = run.games ?? 1;
  const taken = new Map<BranchKey, number>();
  const counting = { taken };
  const opened = withBranchProbe(counting, () =>
    openMatch(run.variant, { players: run.players, options: run.options ?? {}, seed: run.seed }),
  );
  if (isRefusal(opened)) throw new Error(`cannot open: ${opened.message.en}`);
  const engine = run.variant.engine as AnyEngine;
  let state = engine.replay(opened);
  const runtime = runtimeOf(engine, engine.ruleSetOf(state));
  let snapshot = runtime.snapshotOf(state);
  const deck = run.variant.deckFor(run.variant.optionsSchema.parse(run.options ?? {}));
  const colours = [...new Set(deck.flatMap((c) => colourOf(c) ?? []))];
  const stats = emptyStats();
  const fail = (what: string, command: unknown): never => {
    throw new Error(
      `${run.variant.id} seed ${run.seed} (${run.players} players), command ${stats.commands} ${JSON.stringify(command)}: ${what}`,
    );
  };
  let gamesOver = 0;
  while (stats.commands < maxCommands) {
    const progress = engine.progress(state);
    if (progress.status === "matchOver" && random() < 0.5) break;
    let command: Command;
    if (random() < faultRate || progress.status === "matchOver") {
      const legal = progress.toAct === null ? [] : engine.legalMoves(state, progress.toAct);
      command =
        legal.length > 0 && random() < 0.4
          ? mutated(
              random,
              pick(random, legal),
              faultyCommand(random, deck, run.players, progress.toAct, colours),
            )
          : faultyCommand(random, deck, run.players, progress.toAct, colours);
    } else if (progress.status === "gameOver") {
      if (++gamesOver >= games) break;
      command = { type: "startNextGame" };
    } else if (progress.toAct === null) return fail("nobody to act while the game runs", null);
    else {
      command = engine.botMove(
        state,
        progress.toAct,
        random() < 0.5 ? "random" : "heuristic",
        random,
      );
      command = forgetful(command, random() < forgetRate);
    }
    stats.commands++;
    const decided = withBranchProbe(counting, () => engine.decide(state, command));
    const stepped = runtime.step(snapshot, command);
    // Now and then: the runtime's cached actor scope gives what XState's own pure
    // `transition()` gives (same state, the same decision among its actions).
    if (stats.commands % 29 === 0 && isCommand(command)) {
      const [next, actions] = transition(runtime.machine, snapshot, command);
      const outcome = decisionOf(actions);
      const mine = isRefusal(stepped) ? stepped : stepped.events;
      if (
        JSON.stringify(outcome) !== JSON.stringify(mine) ||
        (!isRefusal(stepped) &&
          JSON.stringify(next.value) !== JSON.stringify(stepped.snapshot.value))
      )
        fail("xstate's transition() and the runtime differ", command);
    }
    if (isRefusal(decided)) {
      if (!isRefusal(stepped))
        fail(
          `decide refused (${decided.code} ${decided.message.en}) but the machine accepted`,
          command,
        );
      else if (!sameRefusal(decided, stepped))
        fail(
          `refusals differ: decide ${JSON.stringify(decided)}, machine ${JSON.stringify(stepped)}`,
          command,
        );
      stats.refused++;
      stats.codes[decided.code] = (stats.codes[decided.code] ?? 0) + 1;
      continue;
    }
    if (isRefusal(stepped))
      return fail(
        `the machine refused (${stepped.code} ${stepped.message.en}) but decide accepted`,
        command,
      );
    if (JSON.stringify(decided) !== JSON.stringify(stepped.events))
      fail(
        `events differ: decide ${JSON.stringify(decided)}, machine ${JSON.stringify(stepped.events)}`,
        command,
      );
    let folded = state;
    for (const e of decided) folded = engine.evolve(folded, e);
    const versionOf = (x: unknown) => (x as { version: number }).version;
    if (
      versionOf(folded) !== versionOf(stepped.state) ||
      (stats.accepted % 64 === 0 && JSON.stringify(folded) !== JSON.stringify(stepped.state))
    )
      fail("the machine's state is not the fold of its events", command);
    const position = engine.chartPosition(stepped.state).state;
    if (stepped.position !== position)
      fail(`the machine is in ${stepped.position}, the game at ${position}`, command);
    const derived = engine.machineEvents(state, decided, folded);
    if (JSON.stringify(derived) !== JSON.stringify(stepped.taken))
      fail(
        `the machine took ${JSON.stringify(stepped.taken)}, the events say ${JSON.stringify(derived)}`,
        command,
      );
    stats.accepted++;
    stats.states[position] = (stats.states[position] ?? 0) + 1;
    const ended = (p: string) => p === "gameOver" || p === "matchOver";
    if (ended(position) && !ended(engine.chartPosition(state).state)) stats.games++;
    state = stepped.state;
    snapshot = stepped.snapshot;
  }
  for (const [key, n] of taken)
    if (key.startsWith("decide:")) stats.branches[key.slice("decide:".length)] = n;
  return stats;
}

import { searchBotMove } from "../bots/search.js";
import { isCommandShaped, UNKNOWN_COMMAND } from "./checks.js";
import type { Applied, Bot, BotTable, Engine } from "./engine.js";
import { randomFastPolicy, type FastPath, type FastPolicy } from "./fast.js";
import { replayWith } from "./fold.js";
import type { Command, Refusal } from "./types.js";

/**
 * What a game family writes — its rules — and nothing the kernel does for every family. The
 * kernel (`familyEngine`) adds the rest of the `Engine` contract: `decide` and `apply` (a
 * command that is no command at all, then the first-refusal walk of `refusalFor`, then
 * `carryOut`), `initialState`, `replay`, the bot table and `botMove`.
 */
export interface FamilyParts<R, S, E extends { type: string }, V, EV> extends Pick<
  Engine<R, S, E, V, EV>,
  | "family"
  | "start"
  | "evolve"
  | "view"
  | "eventFor"
  | "legalMoves"
  | "progress"
  | "scriptState"
  | "cardsInPlay"
  | "machine"
  | "ruleSetOf"
  | "chartPosition"
  | "machineEvents"
  | "determinizer"
> {
  /** The first check `command` fails in `state` (`firstRefusal` over the family's table). */
  refusalFor(state: S, command: Command): Refusal | null;
  /** Carries out a command that passed every check, folding each event once (a `Tx`). */
  carryOut(state: S, command: Command): Applied<S, E>;
  /** The family's fast path, where it has one (`Engine.fast`). */
  readonly fast?: FastPath<S>;
  /** The family's bots of the view and legal moves alone. */
  readonly viewBots: { readonly random: Bot<V>; readonly heuristic: Bot<V> };
  /** The heuristic bot on the fast path, where the family has one (the same choices). */
  readonly fastHeuristic?: FastPolicy;
}

/** An engine's bot table from a family's view bots; `search` is the kernel's (bots/search.ts). */
export function botTable<V>(
  viewBots: FamilyParts<unknown, unknown, never, V, unknown>["viewBots"],
  fastHeuristic?: FastPolicy,
): BotTable<V> {
  return Object.freeze({
    random: Object.freeze({
      level: "random",
      description: {
        en: "Plays a legal move at random.",
        de: "Spielt einen zufälligen erlaubten Zug.",
      },
      strength: 1,
      needsLog: false,
      offEventLoop: false,
      fallback: null,
      fromView: viewBots.random,
      fast: randomFastPolicy,
    }),
    heuristic: Object.freeze({
      level: "heuristic",
      description: {
        en: "Plays by greedy rules of thumb from its own view.",
        de: "Spielt nach einfachen Faustregeln aus der eigenen Sicht.",
      },
      strength: 2,
      needsLog: false,
      offEventLoop: false,
      fallback: null,
      fromView: viewBots.heuristic,
      ...(fastHeuristic === undefined ? {} : { fast: fastHeuristic }),
    }),
    search: Object.freeze({
      level: "search",
      description: {
        en: "Searches: plays out many guesses of the hidden cards, consistent with what its seat has seen.",
        de: "Sucht: spielt viele Annahmen über die verdeckten Karten durch, passend zu dem, was sein Platz gesehen hat.",
      },
      strength: 3,
      needsLog: true,
      offEventLoop: true,
      fallback: "heuristic",
    }),
  });
}

/** Builds a family's `Engine` from its parts: the family kernel. */
export function familyEngine<R, S, E extends { type: string }, V, EV>(
  parts: FamilyParts<R, S, E, V, EV>,
): Engine<R, S, E, V, EV> {
  const { evolve, view, legalMoves } = parts;
  const bots = botTable(parts.viewBots, parts.fastHeuristic);
  const engine: Engine<R, S, E, V, EV> = {
    family: parts.family,
    start: (setup) => parts.start(setup),
    initialState: () => null,
    decide: (s, c) => {
      if (!isCommandShaped(c)) return UNKNOWN_COMMAND;
      return parts.refusalFor(s, c) ?? parts.carryOut(s, c).events;
    },
    apply: (s, c) => {
      if (!isCommandShaped(c)) return UNKNOWN_COMMAND;
      return parts.refusalFor(s, c) ?? parts.carryOut(s, c);
    },
    evolve,
    replay: (events) => replayWith(evolve, events),
    view,
    eventFor: parts.eventFor,
    legalMoves,
    progress: parts.progress,
    scriptState: parts.scriptState,
    cardsInPlay: parts.cardsInPlay,
    machine: parts.machine,
    ruleSetOf: parts.ruleSetOf,
    chartPosition: parts.chartPosition,
    machineEvents: parts.machineEvents,
    bots,
    botMove: (s, seat, level, random, log, budget) => {
      const bot = bots[level].fromView;
      return bot
        ? bot(view(s, seat), legalMoves(s, seat), random)
        : searchBotMove(engine, s, seat, random, log, budget);
    },
    determinizer: parts.determinizer,
    fast: parts.fast ?? null,
  };
  return engine;
}

import type { AnyStateMachine } from "xstate";
import type { CardCode } from "../cards/codes.js";
import type { Seed } from "../cards/rng.js";
import type { Command, Localized, Refusal, Seat, Viewer } from "./types.js";
import type { ChartPosition } from "./runtime.js";

/** The result of one command: events to append, or a refusal. */
export type Decision<E> = E[] | Refusal;

/** How to open a match: the variant's configured rules plus the table. */
export interface MatchSetup<R> {
  readonly variant: string;
  readonly rules: R;
  readonly players: number;
  readonly dealer?: Seat;
  readonly seed: Seed;
  /** First game's deck, top first (rule scripts); a seeded shuffle when absent. */
  readonly deck?: readonly CardCode[];
}

/** A bot sees only its own view and the moves it may make. */
export type Bot<V> = (view: V, legal: readonly Command[], random: () => number) => Command;

/** Where a game stands, in the terms every front end needs. */
export interface Progress {
  readonly status: "setup" | "playing" | "gameOver" | "matchOver";
  /** The seat expected to act, `null` when none (game or match over). */
  readonly toAct: Seat | null;
  readonly game: number;
}

/**
 * One game family's engine (the classic shedding games, or heul-doch): pure functions over
 * an event-sourced state. Front ends, the server and simulations only talk to this.
 */
export interface Engine<R, S, E extends { type: string }, V, EV = E> {
  readonly family: string;
  start(setup: MatchSetup<R>): Decision<E>;
  decide(state: S, command: Command): Decision<E>;
  /** decide, and the state after its events (optional: saves folding them a second time). */
  apply?(state: S, command: Command): { events: E[]; state: S } | Refusal;
  evolve(state: S | null, event: E): S;
  replay(events: readonly E[]): S;
  view(state: S, viewer: Viewer): V;
  /** An event as a viewer may see it (hidden cards stripped). */
  eventFor(event: E, viewer: Viewer): EV;
  legalMoves(state: S, seat: Seat): Command[];
  progress(state: S): Progress;
  /** The table as conformance/FORMAT.md prints it. */
  scriptState(state: S): Record<string, unknown>;
  /** Seat count, hands and piles must add up to the deck: the conservation invariant. */
  cardsInPlay(state: S): CardCode[];
  /** The family's statechart for these rules (XState v5); the server runs it as the referee. */
  machine(rules: R): AnyStateMachine;
  /** The rules a state was folded under (from its `match.started`). */
  rulesOf(state: S): R;
  /**
   * Where the game stands on the chart of `machine(rulesOf(state))`: a dotted state path. A
   * function of public facts only: it reveals nothing a view hides.
   */
  chartPosition(state: S): ChartPosition;
  /**
   * The machine events one command's events stand for (the command, then the events it
   * raised: `["playCard", "effect.draw"]`), from the states before and after them; empty for
   * a match's opening. Equal to what the machine took when it carried the command out.
   */
  machineEvents(before: S, events: readonly E[], after: S): string[];
  /** A bot's move for `seat`: the bot is shown only `view(state, seat)` and the legal moves. */
  botMove(state: S, seat: Seat, level: BotLevel, random: () => number): Command;
}

export type BotLevel = "random" | "heuristic";
export const BOT_LEVELS: readonly BotLevel[] = ["random", "heuristic"];

/** A type-erased engine for registries and front ends that handle any family. */
export type AnyEngine = Engine<unknown, unknown, { type: string }, unknown, unknown>;

export interface RuleText {
  readonly id: string;
  readonly text: Localized;
}

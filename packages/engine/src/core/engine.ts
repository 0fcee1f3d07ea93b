import type { AnyStateMachine } from "xstate";
import type { CardCode } from "../cards/codes.js";
import type { Seed } from "../cards/rng.js";
import type { Command, Localized, Refusal, Seat, Viewer } from "./types.js";
import type { ChartPosition } from "./runtime.js";
import type { FastPath, FastPolicy } from "./fast.js";
import type { FamilyView } from "../families.js";

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
  /** Who won the match once it is over (ties: several), else empty. */
  readonly winners: readonly Seat[];
}

/** One accepted command: the events it caused and the state folded from them. */
export interface Applied<S, E> {
  readonly events: E[];
  readonly state: S;
}

/**
 * One game family's engine (the classic shedding games, or heul-doch): pure functions over
 * an event-sourced state, in the decider shape — `initialState`, `decide`, `evolve` — plus
 * `apply`, which decides and folds in one call. Front ends, the server and simulations only
 * talk to this. A family does not write it by hand: `familyEngine` (core/family.ts) builds it
 * from the family's own parts.
 */
/** The family name a view type carries (its `family` literal). */
export type FamilyNameOf<V> = V extends { readonly family: infer F extends string } ? F : string;

export interface Engine<R, S, E extends { type: string }, V, EV = E> {
  readonly family: FamilyNameOf<V>;
  /** The events that open a match and deal its first game, or why the set-up is invalid. */
  start(setup: MatchSetup<R>): Decision<E>;
  /** The state before any event: no match yet (`null`); `match.started` folds into it. */
  initialState(): S | null;
  /** The events `command` causes in `state`, or why it is refused. Pure. */
  decide(state: S, command: Command): Decision<E>;
  /**
   * `decide`, and the state after its events: each command decided once and its events
   * folded once (while deciding). What drivers, servers and playouts call.
   */
  apply(state: S, command: Command): Applied<S, E> | Refusal;
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
  ruleSetOf(state: S): R;
  /**
   * Where the game stands on the chart of `machine(ruleSetOf(state))`: a dotted state path. A
   * function of public facts only: it reveals nothing a view hides.
   */
  chartPosition(state: S): ChartPosition;
  /**
   * The machine events one command's events stand for (the command, then the events it
   * raised: `["playCard", "effect.draw"]`), from the states before and after them; empty for
   * a match's opening. Equal to what the machine took when it carried the command out.
   */
  machineEvents(before: S, events: readonly E[], after: S): string[];
  /** The bot levels this engine offers, as data: front ends read these, not level names. */
  readonly bots: BotTable<V>;
  /**
   * A bot's move for `seat`: the bot is shown only `view(state, seat)`, the legal moves and,
   * where its entry `needsLog`, the log as the seat may see it (`eventFor(event, seat)` of
   * `log`: a missing log is an error). `search` draws its seed from `random` and thinks for
   * `budget` (default `DEFAULT_SEARCH_BUDGET`).
   */
  botMove(
    state: S,
    seat: Seat,
    level: BotLevel,
    random: () => number,
    log?: readonly E[],
    budget?: SearchBudget,
  ): Command;
  /** How a search bot rebuilds a state from what one seat has seen (bots/determinize.ts). */
  readonly determinizer: Determinizer<S, E, EV, V>;
  /**
   * The family's fast path (core/fast.ts), where it has one: simulations play the levels that
   * have a `fast` policy on it. `null`: every game runs on `apply`.
   */
  readonly fast: FastPath<S> | null;
}

/**
 * The family-specific half of sampling hidden cards (the rest is bots/determinize.ts, shared).
 * A seat's filtered log is turned back into a full log: each card the seat saw is filled in
 * from the state folded so far, each card it never saw is a placeholder from `unseen`. The
 * placeholders are later replaced by a random deal of the cards nobody showed the seat.
 */
export interface Determinizer<S, E, EV, V> {
  /**
   * `event` (as `seat` saw it) as a full event. `state` is the fold so far (`null` before the
   * first event); the returned state is that fold with each card the event reveals bound to
   * the hidden place it came from (`unseen.reveal`).
   */
  fill(
    event: EV,
    state: S | null,
    seat: Seat,
    unseen: Unseen,
    random: () => number,
  ): { event: E; state: S | null };
  /** The state with every card (hands, piles, draw pile…) passed through `f`. */
  mapCards(state: S, f: (card: CardCode) => CardCode): S;
  /**
   * The fold made to show `seat` its `view` where the log alone cannot (its hand, which its
   * log may leave behind by a card it played face down; a phase), with another seed.
   */
  settle(state: S, seat: Seat, view: V, seed: Seed): S;
  /** The seat to act without building the whole `progress` (playouts ask this every move). */
  toAct(state: S): Seat | null;
}

/** Placeholders for cards a seat has not seen where they lie (bots/determinize.ts). */
export interface Unseen {
  /** A card the seat never saw: any of the deck's cards not seen elsewhere. */
  card(): CardCode;
  /** These cards, seen, now lie hidden in an unknown order (a reshuffled discard pile). */
  among(cards: readonly CardCode[]): CardCode[];
  /** Whether `code` is a placeholder (not a card). */
  is(code: CardCode): boolean;
  /** Whether `placeholder` stands for one card of a known set (`among`), not the deck's rest. */
  ofSet(placeholder: CardCode): boolean;
  /** Whether `placeholder` may turn out to be `card`. */
  mayBe(placeholder: CardCode, card: CardCode): boolean;
  /** `placeholder` turned out to be `card` (the card was shown). */
  reveal(placeholder: CardCode, card: CardCode): void;
}

/**
 * How long a `search` bot thinks: `playouts` (deterministic under a seed) and/or `ms` (wall
 * clock, so the move then depends on the machine's speed). Whichever runs out first ends it.
 */
export interface SearchBudget {
  readonly playouts?: number;
  readonly ms?: number;
}

export type BotLevel = "random" | "heuristic" | "search";
export const BOT_LEVELS: readonly BotLevel[] = ["random", "heuristic", "search"];

/** One bot level an engine offers: what it is, and what a front end must give it. */
export interface BotEntry<V = unknown> {
  readonly level: BotLevel;
  readonly description: Localized;
  /** Its rank among the levels, 1 the weakest. */
  readonly strength: number;
  /** It is shown the match log as its seat saw it (`botMove`'s `log`); without it, it fails. */
  readonly needsLog: boolean;
  /**
   * It thinks long enough (a budget of playouts or milliseconds) that a server runs it off the
   * event loop (the worker pool); the others answer in microseconds.
   */
  readonly offEventLoop: boolean;
  /** The level that plays in its place where it cannot run (a failed worker, no log). */
  readonly fallback: BotLevel | null;
  /**
   * The level as a bot of the view and the legal moves alone, for clients that have only what
   * the server pushed to their seat; absent where the level needs more (`needsLog`).
   */
  readonly fromView?: Bot<V>;
  /** The level's policy on the engine's fast path, where it has one (the same choices). */
  readonly fast?: FastPolicy;
}

/** Every level an engine offers, by name. */
export type BotTable<V = unknown> = Readonly<Record<BotLevel, BotEntry<V>>>;

/** A type-erased engine for registries and front ends that handle any family. */
export type AnyEngine = Engine<unknown, unknown, { type: string }, FamilyView, unknown>;

export interface RuleText {
  readonly id: string;
  readonly text: Localized;
}

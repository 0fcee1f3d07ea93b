import {
  isLobbyEventType,
  type LobbyView,
  type MatchSnapshot,
  type SeatView,
  type ViewEvent,
} from "@maumau/client";
import {
  fairnessProblemDe,
  verifyFairness,
  type AnyEngine,
  type BotLevel,
  type FairnessReport,
  type FamilyView,
  type Lang,
  type Progress,
} from "@maumau/engine";
import { openTableOf } from "../families";
import type { OpenTable } from "../table/ClassicTable";
import { findVariant } from "@maumau/registry";

/** A finished match, ready to step through: the state after every event of its log. */
export interface Replay {
  readonly variant: string;
  /** The spectator's view at the match's start: its family, deck and rule ids (null before). */
  readonly board: FamilyView | null;
  readonly events: readonly ViewEvent[];
  /** `states[i]` = the engine state after the first `i` events (null before `match.started`). */
  readonly states: readonly unknown[];
  /** `progress[i]`: where the game stands after the first `i` events (null before the start). */
  readonly progress: readonly (Progress | null)[];
  /**
   * `chart[i]`: the statechart position after the first `i` events — the state, the state
   * before the command those events belong to, and the machine events that command took so
   * far (null before the start).
   */
  readonly chart: readonly ({ state: string; previous: string | null; taken: string[] } | null)[];
  /**
   * `moveOf[i]`: the step the move shown at step `i` began with — the move's first event
   * (`card.played`, `cards.drawn`, …) or a game's start (`startsMove`), so that step `i` can
   * be told as that move with what it has raised so far. A lobby or chat event is a step of
   * its own.
   */
  readonly moveOf: readonly number[];
  /**
   * The steps the stepper stops at, in order: each player's move once it is complete (what it
   * raised, up to the next turn), and each game's deal before its first move. The last stop is
   * the log's end. Any step of the log can still be shown (a link to one of its events).
   */
  readonly stops: readonly number[];
  /** `moveAt[i]`: how many players' moves (a play, a draw, a cut, a colour…) began by step `i`. */
  readonly moveAt: readonly number[];
  /** `dealOf[i]`: the game whose start (deal, cut) step `i` belongs to; null within a move. */
  readonly dealOf: readonly (number | null)[];
  /** The match's players' moves, all told: what the stepper counts ("Move 3 of 120"). */
  readonly moves: number;
  /** The engine's rule set of the match (from `match.started`), null before the start. */
  readonly rules: unknown;
  readonly fairness: FairnessReport;
  /** The state of step `i` as a spectator's view: what the table draws (null before the start). */
  readonly viewAt: (step: number) => FamilyView | null;
}

/** Events a player's move (or a game's start) begins with, whatever came before them. */
const MOVE_OPENERS: ReadonlySet<string> = new Set([
  "match.started",
  "game.started",
  "deck.cut",
  "colour.chosen",
  "card.played",
  "special.played",
]);

/**
 * Whether an event begins a move: one of `MOVE_OPENERS`, or a draw (its reshuffle first) or
 * a forgotten "Mau-Mau" taken back (B-5.3) right as a turn begins. The same events inside a
 * move are what it raised: the draw of a missed call, the card drawn after a play (H-3.6).
 */
function startsMove(e: ViewEvent, previous: ViewEvent | null): boolean {
  if (MOVE_OPENERS.has(e.type)) return true;
  const atTurn =
    previous === null || previous.type === "turn.started" || previous.type === "playAgain.required";
  return (
    atTurn && (e.type === "cards.drawn" || e.type === "pile.reshuffled" || e.type === "call.missed")
  );
}

/** The move openers that are no player's action: the match's and a game's start. */
const STARTS: ReadonlySet<string> = new Set(["match.started", "game.started"]);

const toEngine = (e: ViewEvent) => ({ type: e.type, data: e.data }) as { type: string };

/**
 * Folds a match's full log (public once the match is over, "Always true" 4) with the variant's
 * own engine, in the browser: the same `evolve` the server folds with, so step N is exactly the
 * state the server had after event N.
 */
export function buildReplay(variantId: string, events: readonly ViewEvent[]): Replay {
  const variant = findVariant(variantId);
  if (variant === undefined) throw new Error(`unknown variant ${variantId}`);
  const engine = variant.engine as AnyEngine;
  const states: unknown[] = [null];
  let state: unknown = null;
  for (const e of events) {
    if (!isLobbyEventType(e.type)) state = engine.evolve(state, toEngine(e));
    states.push(state);
  }
  // Group the engine events by command: a group starts with an event the machine names as a
  // command (`card.played` → playCard); the rest of its events are what that command raised.
  const chart: Replay["chart"][number][] = [null];
  const moveOf: number[] = [0];
  let groupStart = -1;
  let moveStart = 0;
  let lastEngine: ViewEvent | null = null;
  for (let i = 1; i < states.length; i++) {
    const before = states[i - 1] ?? null;
    const after = states[i] ?? null;
    const e = events[i - 1]!;
    if (after === null || isLobbyEventType(e.type)) {
      chart.push(chart[i - 1] ?? null);
      moveOf.push(i);
      continue;
    }
    const one = before === null ? [] : engine.machineEvents(before, [toEngine(e)], after);
    if (one.length > 0 || groupStart < 0) groupStart = i - 1;
    if (moveStart === 0 || startsMove(e, lastEngine)) moveStart = i;
    moveOf.push(moveStart);
    lastEngine = e;
    const start = states[groupStart] ?? null;
    const group = events
      .slice(groupStart, i)
      .filter((x) => !isLobbyEventType(x.type))
      .map(toEngine);
    chart.push({
      state: engine.chartPosition(after).state,
      previous: start === null ? null : engine.chartPosition(start).state,
      taken: start === null ? [] : engine.machineEvents(start, group, after),
    });
  }
  // The stops: a move group (engine events from one opener to the next) stops at its end.
  const moveAt: number[] = [0];
  const dealOf: (number | null)[] = [null];
  const opens: number[] = [];
  let game: number | null = null;
  for (let i = 1; i <= events.length; i++) {
    const e = events[i - 1]!;
    const opener = !isLobbyEventType(e.type) && moveOf[i] === i && states[i] !== null;
    if (opener) {
      opens.push(i);
      game =
        e.type === "game.started"
          ? ((e.data as { game?: number } | null)?.game ?? null)
          : e.type === "match.started"
            ? game
            : null;
    }
    moveAt.push((moveAt[i - 1] ?? 0) + (opener && !STARTS.has(e.type) ? 1 : 0));
    dealOf.push(game);
  }
  const stops = opens
    // The match's start is at once followed by its first game's: no stop of its own.
    .filter((i, n) => !(events[i - 1]!.type === "match.started" && opens[n + 1] === i + 1))
    .map((i) => {
      const next = opens.find((o) => o > i);
      return next === undefined ? events.length : next - 1;
    });
  const started = states.find((x) => x !== null) ?? null;
  const engineEvents = events.filter((e) => !isLobbyEventType(e.type));
  return {
    variant: variantId,
    board: started === null ? null : engine.view(started, "spectator"),
    events,
    states,
    progress: states.map((s) => (s === null ? null : engine.progress(s))),
    chart,
    moveOf,
    stops: stops.length > 0 ? stops : [events.length],
    moveAt,
    dealOf,
    moves: moveAt.at(-1) ?? 0,
    rules: started === null ? null : engine.ruleSetOf(started),
    fairness: verifyFairness(engine.family, engineEvents),
    viewAt: (step) => {
      const s = states[step] ?? null;
      return s === null ? null : engine.view(s, "spectator");
    },
  };
}

/** The stop after `step` (the next move, complete), or `step` itself at the last. */
export function nextStop(replay: Replay, step: number): number {
  return replay.stops.find((s) => s > step) ?? Math.max(step, replay.stops.at(-1) ?? step);
}

/** The stop before `step`, or the first stop (0 before it). */
export function previousStop(replay: Replay, step: number): number {
  const before = replay.stops.filter((s) => s < step).at(-1);
  return before ?? Math.min(step, replay.stops[0] ?? 0);
}

/** Which stop shows `step`'s move: the first at or after it (the slider's position). */
export function stopIndexOf(replay: Replay, step: number): number {
  const n = replay.stops.findIndex((s) => s >= step);
  return n < 0 ? replay.stops.length - 1 : n;
}

/**
 * The events of the move shown at `step`, from its first up to this step's own: what a caption
 * tells ("Bot 3 played green 7 — Draw penalty now 4"). Empty before the first event.
 */
export function moveSoFar(replay: Replay, step: number): readonly ViewEvent[] {
  if (step <= 0) return [];
  return replay.events.slice((replay.moveOf[step] ?? step) - 1, step);
}

/**
 * The seats as the log has them after its first `upTo` events: who sat where, bots with their
 * level. A seat given up keeps its last holder (the replay names who played it).
 */
export function seatsAt(events: readonly ViewEvent[], upTo: number): SeatView[] {
  const created = events.find((e) => e.type === "lobby.created")?.data as
    { seats?: number } | undefined;
  const seats: SeatView[] = Array.from({ length: created?.seats ?? 0 }, (_, seat) => ({
    seat,
    kind: "empty",
    name: null,
    level: null,
    away: false,
  }));
  for (const e of events.slice(0, upTo)) {
    const d = e.data as { seat?: number; name?: string; level?: BotLevel } | null;
    if (d?.seat === undefined || seats[d.seat] === undefined) continue;
    const held = seats[d.seat]!;
    if (e.type === "seat.claimed")
      seats[d.seat] = { ...held, kind: "human", name: d.name ?? null, level: null, away: false };
    else if (e.type === "bot.seated")
      seats[d.seat] = { ...held, kind: "bot", name: null, level: d.level ?? null, away: false };
    else if (e.type === "seat.botTakenOver" || e.type === "seat.returned")
      seats[d.seat] = { ...held, away: e.type === "seat.botTakenOver" };
  }
  return seats;
}

/**
 * The table at step `step`, as the live table draws it: a spectator's snapshot of the state
 * (no legal moves: a replay is read-only) and the log up to that step.
 */
export function snapshotAt(
  replay: Replay,
  matchId: string,
  step: number,
): {
  readonly snapshot: MatchSnapshot;
  readonly view: FamilyView;
  readonly log: readonly ViewEvent[];
  readonly open: OpenTable;
} | null {
  const view = replay.viewAt(step);
  const state = replay.states[step] ?? null;
  if (view === null || state === null) return null;
  const log = replay.events.slice(0, step);
  const last = log.at(-1);
  const version = last?.version ?? 0;
  const at = last?.at ?? new Date(0).toISOString();
  const lobby: LobbyView = {
    matchId,
    variant: replay.variant,
    options: null,
    ruleSet: null,
    status: "over",
    seats: seatsAt(replay.events, step),
    turnTimerMs: null,
    rematchOf: null,
    continuedFrom: null,
    rematch: null,
    rematchBy: null,
    spectatorsReadOnly: true,
    version,
    createdAt: replay.events[0]?.at ?? at,
    updatedAt: at,
  };
  return {
    snapshot: {
      matchId,
      version,
      viewer: "spectator",
      lobby,
      view,
      progress: replay.progress[step] ?? null,
      legal: [],
      machine: null,
    },
    view,
    log,
    // The log is public once the match is over ("Always true" 4): every hand, every pile.
    open: openTableOf(view, state),
  };
}

/**
 * The fairness check's problems in the page's language: the engine says them in English, and
 * in German with its own words for them (`fairnessProblemDe`, which `maumau verify` uses too).
 */
export function fairnessProblems(report: FairnessReport, lang: Lang): readonly string[] {
  return lang === "de" ? report.problems.map(fairnessProblemDe) : report.problems;
}

import { isRefusal, type BotLevel, type Command, type Seat, type Viewer } from "@maumau/engine";
import type { Logger } from "pino";
import type { BotThinker } from "../bots/thinker.js";
import type { NewEvent } from "../store/EventStore.js";
import { decideLobby, lobby, toNewEvent } from "./lobbyDecider.js";
import type { Match } from "./Match.js";
import { logFailure, type MatchRepository } from "./MatchRepository.js";

/** Whether anyone (seat or spectator) watches the match from another process. */
export type WatchProbe = (matchId: string, viewers: readonly Viewer[]) => Promise<boolean>;

export interface SchedulerOptions {
  readonly repository: MatchRepository;
  readonly logger: Logger;
  /** Delay before a bot acts (0 in tests). */
  readonly botDelayMs: number;
  /** Bots stop after this long with no human at the table and nobody watching or asking. */
  readonly unwatchedMs: number;
  /**
   * A lobby nobody joined, left, watched or asked about for this long closes (`lobby.closed`,
   * reason `idle`).
   */
  readonly lobbyIdleMs: number;
  /** Random numbers for bots. */
  readonly random: () => number;
  /** Runs each time a match's timer is planned (the facade watches for absent owners there). */
  readonly onSchedule: (match: Match) => void;
  /** Computes the move of a level that thinks off the event loop (bots/thinker.ts). */
  readonly think?: BotThinker;
  /** A bot chose a move in `seconds` (`maumau_bot_think_seconds`). */
  readonly onThought?: (level: BotLevel, seconds: number) => void;
}

type Action =
  | {
      readonly kind: "bot";
      readonly seat: Seat;
      readonly level: BotLevel;
      readonly timedOut: boolean;
    }
  /** `timedOut`: a human is at the table, and the turn timer (not a bot table) starts it. */
  | { readonly kind: "nextGame"; readonly timedOut: boolean };

/**
 * Bots and timers: each match has one timer (a bot's move, a turn timeout, the next game of a
 * bot table, or the closing of a lobby left idle), and the audience rule stops bots that nobody
 * watches.
 */
export class Scheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** The `playVersion` each timer was planned at: table talk does not re-plan (or extend) it. */
  private readonly plannedAt = new Map<string, number>();
  /** Matches whose search bot is thinking (in the worker pool). */
  private readonly thinking = new Set<string>();
  /** Sockets of this process watching a match (seats and spectators). */
  private readonly watchers = new Map<string, number>();
  /** When someone last watched, asked about or acted in a match (performance.now()). */
  private readonly lastSeen = new Map<string, number>();
  private watchedElsewhere: WatchProbe | null = null;
  private closing = false;

  constructor(private readonly options: SchedulerOptions) {}

  /** How to ask whether anyone watches a match from another process (scale-out). */
  setWatchProbe(probe: WatchProbe): void {
    this.watchedElsewhere = probe;
  }

  /** Someone looked at or acted in the match just now: a match that waited for them goes on. */
  touch(matchId: string): void {
    this.lastSeen.set(matchId, performance.now());
    const match = this.options.repository.peek(matchId);
    if (match !== undefined && !this.timers.has(matchId)) this.schedule(match);
  }

  /** The match entered this process's cache: it counts as seen from then on. */
  cached(match: Match): void {
    if (!this.lastSeen.has(match.id)) this.lastSeen.set(match.id, performance.now());
  }

  /** The match left the cache: forget it, and its timer. */
  evicted(match: Match): void {
    this.lastSeen.delete(match.id);
    clearTimeout(this.timers.get(match.id));
    this.timers.delete(match.id);
    this.plannedAt.delete(match.id);
  }

  /**
   * Something here needs the cached match: a watcher, or a timer of a running match. A lobby's
   * idle timer does not hold it: dropped, the lobby is read again when asked for (and its timer
   * planned anew), and `MatchService` stops counting it once it was dropped for `lobbyIdleMs`.
   */
  holds(match: Match): boolean {
    if ((this.watchers.get(match.id) ?? 0) > 0 || this.thinking.has(match.id)) return true;
    return match.status === "running" && this.timers.has(match.id);
  }

  /** Stops every timer; no new ones start. */
  close(): void {
    this.closing = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** A socket of this process watches the match (as a seat or a spectator). */
  watchStarted(matchId: string): void {
    this.watchers.set(matchId, (this.watchers.get(matchId) ?? 0) + 1);
    this.lastSeen.set(matchId, performance.now());
    // A match that waited for an audience goes on.
    const match = this.options.repository.peek(matchId);
    if (match !== undefined && !this.timers.has(matchId)) this.schedule(match);
  }

  watchEnded(matchId: string): void {
    this.lastSeen.set(matchId, performance.now());
    const left = (this.watchers.get(matchId) ?? 1) - 1;
    if (left > 0) this.watchers.set(matchId, left);
    else this.watchers.delete(matchId);
  }

  /**
   * Bots play on only while somebody is there: a human at the table, anyone watching, or anyone
   * who watched, asked or acted within `unwatchedMs`. A match of bots (and absent owners) that
   * nobody has looked at for that long waits, so that abandoned matches burn no CPU; the first
   * watcher (`watchStarted`, in whichever process) or a seat's request (`touch`) wakes it up.
   *
   * A turn timer's step (a timed-out move, the next game) is for a human who waits: a seat whose
   * owner is not away yet (inside the grace period, maybe gone for good) is not enough there, or
   * a table of such seats would time out move after move for ever, each a stored commit. So it
   * needs a watcher, or a request within `unwatchedMs`: a present human waiting on an absent one
   * watches (or asks), and gets the timeout.
   */
  private hasAudience(match: Match, action: Action): boolean {
    if ((this.watchers.get(match.id) ?? 0) > 0) return true;
    const seen = this.lastSeen.get(match.id);
    if (seen !== undefined && performance.now() - seen < this.options.unwatchedMs) return true;
    return !action.timedOut && match.hasPresentHuman();
  }

  /** Arms the match's one timer: a bot's move, a turn timeout, or the next game of a bot table. */
  schedule(match: Match): void {
    // Only chat since the plan: the bot's move and the turn timer stand as they are.
    if (this.timers.has(match.id) && this.plannedAt.get(match.id) === match.playVersion) return;
    clearTimeout(this.timers.get(match.id));
    this.timers.delete(match.id);
    if (this.closing) return;
    this.options.onSchedule(match);
    const progress = match.progress();
    if (progress === null) return this.planClosing(match, this.options.lobbyIdleMs);
    if (progress.status === "matchOver") return;
    const botDelay = this.options.botDelayMs;
    let action: Action | null = null;
    let delay = 0;
    if (progress.status === "gameOver") {
      if (!match.hasPresentHuman())
        [action, delay] = [{ kind: "nextGame", timedOut: false }, botDelay];
      else if (match.turnTimerMs !== null)
        [action, delay] = [{ kind: "nextGame", timedOut: true }, match.turnTimerMs];
    } else if (progress.toAct !== null) {
      const seat = progress.toAct;
      const controller = match.controllerOf(seat);
      if (controller.kind === "bot") {
        [action, delay] = [
          { kind: "bot", seat, level: controller.level, timedOut: false },
          botDelay,
        ];
      } else if (match.turnTimerMs !== null) {
        [action, delay] = [
          { kind: "bot", seat, level: "heuristic", timedOut: true },
          match.turnTimerMs,
        ];
      }
    }
    if (action === null) return;
    // Nobody here for it: wait, unless someone watches in another process.
    const unwatched = !this.hasAudience(match, action);
    if (unwatched && this.watchedElsewhere === null) return;
    const playVersion = match.playVersion;
    const planned = action;
    const timer = setTimeout(() => {
      this.timers.delete(match.id);
      // A timer does not wait for the step it starts: the step's failures are logged here.
      this.runPlanned(match, playVersion, planned, unwatched).catch((error: unknown) =>
        logFailure(this.options.logger, error, match.id, "bot step failed"),
      );
    }, delay);
    this.timers.set(match.id, timer);
    this.plannedAt.set(match.id, playVersion);
  }

  /**
   * A lobby's timer: it closes once nobody joined, left, watched or asked about it for
   * `lobbyIdleMs` (every lobby commit plans it anew).
   */
  private planClosing(match: Match, delay: number): void {
    // Planned anew meanwhile (a commit while the watch probe was asked), or shutting down.
    if (match.closed || this.closing || this.timers.has(match.id)) return;
    const playVersion = match.playVersion;
    const timer = setTimeout(() => {
      this.timers.delete(match.id);
      this.closeIfIdle(match, playVersion).catch((error: unknown) =>
        logFailure(this.options.logger, error, match.id, "closing an idle lobby failed"),
      );
    }, delay);
    this.timers.set(match.id, timer);
    this.plannedAt.set(match.id, playVersion);
  }

  /** The lobby's timer ran out: close it, unless someone watched or asked meanwhile. */
  private async closeIfIdle(match: Match, playVersion: number): Promise<void> {
    const idleMs = this.options.lobbyIdleMs;
    if ((this.watchers.get(match.id) ?? 0) > 0) return this.planClosing(match, idleMs);
    const seen = this.lastSeen.get(match.id);
    const since = seen === undefined ? Infinity : performance.now() - seen;
    if (since < idleMs) return this.planClosing(match, idleMs - since);
    if (this.watchedElsewhere !== null) {
      const viewers: Viewer[] = [...match.seats.keys(), "spectator"];
      const watched = await this.watchedElsewhere(match.id, viewers).catch(() => true);
      if (watched) return this.planClosing(match, idleMs);
    }
    // Another process may have changed the lobby meanwhile: decided on a fresh read, and only
    // if nothing but talk happened since the plan.
    await this.options.repository.commit(
      match.id,
      (m) => (m.playVersion === playVersion ? decideLobby(m, { type: "closeIdle" }) : null),
      { fresh: true },
    );
  }

  /** The step planned above, once its timer fires. */
  private async runPlanned(
    match: Match,
    playVersion: number,
    planned: Action,
    unwatched: boolean,
  ): Promise<void> {
    if (unwatched) {
      const viewers: Viewer[] = [...match.seats.keys(), "spectator"];
      const watched = await this.watchedElsewhere!(match.id, viewers).catch(() => true);
      if (!watched) return;
    }
    // A level that thinks off the event loop does so in the worker pool; the move is applied
    // below like any other.
    const thought = await this.thinkAhead(match, playVersion, planned);
    if (thought === "stale") return;
    // Another process may have moved (or run this very step) meanwhile: read, then act only
    // if the match is still where the plan was made (table talk since then does not count);
    // the expected version settles a race.
    await this.options.repository.commit(
      match.id,
      (m) => (m.playVersion === playVersion ? this.act(m, planned, thought) : null),
      { fresh: true },
    );
  }

  /**
   * The move of a level the engine's bot table marks `offEventLoop` (`search`), thought in the
   * worker pool while the event loop serves the other matches; `null` when the level thinks on
   * the spot (or the thought failed: logged, and its `fallback` plays instead); "stale" when
   * the match moved on meanwhile.
   */
  private async thinkAhead(
    match: Match,
    playVersion: number,
    action: Action,
  ): Promise<Command | null | "stale"> {
    const think = this.options.think;
    if (action.kind !== "bot" || think === undefined) return null;
    if (!match.engine.bots[action.level].offEventLoop) return null;
    if (match.playVersion !== playVersion) return "stale";
    this.thinking.add(match.id);
    try {
      const log = await this.options.repository.engineLog(match, match.version);
      if (match.playVersion !== playVersion) return "stale";
      const started = performance.now();
      const move = await think(match, action.seat, action.level, log);
      this.options.onThought?.(action.level, (performance.now() - started) / 1000);
      return move;
    } catch (error) {
      if (this.closing) return "stale";
      const { fallback } = match.engine.bots[action.level];
      logFailure(
        this.options.logger,
        error,
        match.id,
        `${action.level} bot failed; ${fallback} plays`,
      );
      return null;
    } finally {
      this.thinking.delete(match.id);
    }
  }

  /**
   * Applies a bot's decision: `thought` (computed apart, from the seat's view and log), or one
   * made here (`engine.botMove`), by the level itself where it thinks on the spot, else by its
   * `fallback` (the off-loop thought failed or was not asked for).
   */
  private levelHere(match: Match, level: BotLevel): BotLevel {
    const entry = match.engine.bots[level];
    return entry.offEventLoop ? (entry.fallback ?? level) : level;
  }

  /** A bot's move chosen on the event loop (microseconds for the levels that do so). */
  private moveHere(match: Match, seat: Seat, level: BotLevel): Command {
    const started = performance.now();
    const move = match.engine.botMove(match.state, seat, level, this.options.random);
    this.options.onThought?.(level, (performance.now() - started) / 1000);
    return move;
  }

  private act(match: Match, action: Action, thought: Command | null): NewEvent[] | null {
    const command: Command =
      action.kind === "nextGame"
        ? { type: "startNextGame" }
        : (thought ?? this.moveHere(match, action.seat, this.levelHere(match, action.level)));
    const decision = match.decide(command);
    if (isRefusal(decision)) {
      this.options.logger.error(
        { matchId: match.id, command, refusal: decision },
        "bot move refused",
      );
      return null;
    }
    const events = decision.map(toNewEvent);
    return action.kind === "bot" && action.timedOut
      ? [lobby({ type: "seat.timedOut", data: { seat: action.seat } }), ...events]
      : events;
  }
}

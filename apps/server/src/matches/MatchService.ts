import { randomInt } from "node:crypto";
import { isRefusal, type BotLevel, type Command, type Seat, type Viewer } from "@maumau/engine";
import type { CommandResult, HistoryResult, MatchFrame, SeatTicket } from "@maumau/client";
import type { Logger } from "pino";
import { ServiceError } from "../errors/ServiceError.js";
import type { RuleSetRef } from "../ruleSets/ruleSetEvents.js";
import { RULE_SET_VARIANT, RuleSetService } from "../ruleSets/RuleSetService.js";
import {
  ConcurrencyError,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from "../store/EventStore.js";
import { commandFor, type ClientCommand } from "./commandSchema.js";
import { MatchRepository, type Listener } from "./MatchRepository.js";
import { decideLobby, lobby, seatOf, toNewEvent } from "./lobbyDecider.js";
import {
  Match,
  matchIdOf,
  streamIdOf,
  type LobbyView,
  type MatchSnapshot,
  type MatchStatus,
} from "./Match.js";
import { hashToken, newMatchId, newMatchSeed, newSeatToken, rematchIdOf } from "./tokens.js";

export interface MatchServiceOptions {
  readonly store: EventStore;
  readonly logger: Logger;
  /** Delay before a bot acts (0 in tests). */
  readonly botDelayMs: number;
  /** How long a disconnected seat is held before a bot plays it. */
  readonly graceMs: number;
  /** Further behind than this, a catch-up gets a full snapshot instead of the events. */
  readonly catchUpLimit: number;
  /** Random numbers for bots; node:crypto by default. */
  readonly random?: () => number;
  /**
   * Other processes append to the same store (scale-out): every decision is made on a freshly
   * read match, not only after a ConcurrencyError. Timers always read first.
   */
  readonly shared?: boolean;
  /** Saved rule sets; by default on the same store. */
  readonly ruleSets?: RuleSetService;
  /** Caps that keep one client (or all of them) from exhausting the server. */
  readonly limits?: Partial<MatchLimits>;
}

export interface MatchLimits {
  /** Matches not yet over that one client may have created (in this process). */
  readonly openMatchesPerClient: number;
  /** Matches not yet over, in all (as far as this process holds them). */
  readonly openMatches: number;
  /** Matches kept in memory; beyond it the least recently used idle ones are dropped. */
  readonly cacheSize: number;
  /** Bots stop after this long with no human at the table and nobody watching or asking. */
  readonly unwatchedMs: number;
}

const DEFAULT_LIMITS: MatchLimits = {
  openMatchesPerClient: 20,
  openMatches: 5_000,
  cacheSize: 2_000,
  unwatchedMs: 60_000,
};

/** Whether a seat has a socket in another process (the socket.io adapter knows). */
export type PresenceProbe = (matchId: string, seat: Seat) => Promise<boolean>;

/** Whether anyone (seat or spectator) watches the match from another process. */
export type WatchProbe = (matchId: string, viewers: readonly Viewer[]) => Promise<boolean>;

/** A match of `variant` with `options`, or a `custom` match of a saved rule set (not both). */
export interface CreateInput {
  readonly variant?: string | undefined;
  readonly options?: unknown;
  /** The saved rule set's document becomes the options; without `version` the latest. */
  readonly ruleSet?: { readonly name: string; readonly version?: number | undefined } | undefined;
  readonly seats: number;
  readonly turnTimerMs?: number | null;
  /** When given, the creator takes seat 0 under this name. */
  readonly name?: string;
}

export type { CommandResult, HistoryResult, MatchFrame, SeatTicket };

type Action =
  | {
      readonly kind: "bot";
      readonly seat: Seat;
      readonly level: BotLevel;
      readonly timedOut: boolean;
    }
  | { readonly kind: "nextGame" };

const cryptoRandom = (): number => randomInt(0, 2 ** 32) / 2 ** 32;

/**
 * The matches: lobby, commands, bots, timers and presence. Every change is decided on the
 * cached match, appended with the expected version (and the client's command id), and only
 * then acknowledged and announced to the listeners. Commands of one match run one at a time.
 */
export class MatchService {
  private readonly store: EventStore;
  private readonly logger: Logger;
  private readonly random: () => number;
  private readonly repository: MatchRepository;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly graceTimers = new Map<string, NodeJS.Timeout>();
  private readonly presence = new Map<string, number>();
  /** Sockets of this process watching a match (seats and spectators). */
  private readonly watchers = new Map<string, number>();
  /** When someone last watched, asked about or acted in a match (performance.now()). */
  private readonly lastSeen = new Map<string, number>();
  /** Matches a client created, by match id (the per-client cap counts those not over). */
  private readonly creators = new Map<string, string>();
  private readonly limits: MatchLimits;
  private watchedElsewhere: WatchProbe | null = null;
  private presentElsewhere: PresenceProbe = () => Promise.resolve(false);
  private closing = false;
  readonly ruleSets: RuleSetService;

  constructor(private readonly options: MatchServiceOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.store = options.store;
    this.logger = options.logger;
    this.random = options.random ?? cryptoRandom;
    this.ruleSets = options.ruleSets ?? new RuleSetService(options.store);
    this.repository = new MatchRepository({
      store: options.store,
      logger: options.logger,
      cacheSize: this.limits.cacheSize,
      shared: options.shared === true,
      hooks: {
        changed: (match) => this.schedule(match),
        cached: (match) => {
          if (!this.lastSeen.has(match.id)) this.lastSeen.set(match.id, performance.now());
        },
        pinned: (match) => this.pinned(match),
        evicted: (match) => {
          this.lastSeen.delete(match.id);
          if (match.status === "over") this.creators.delete(match.id);
          clearTimeout(this.timers.get(match.id));
          this.timers.delete(match.id);
        },
      },
    });
  }

  /**
   * How to ask whether a seat has a socket in another process. Before a bot takes a seat over
   * after the grace period, the owner may have moved to another process behind the balancer.
   */
  setPresenceProbe(probe: PresenceProbe): void {
    this.presentElsewhere = probe;
  }

  /** How to ask whether anyone watches a match from another process (scale-out). */
  setWatchProbe(probe: WatchProbe): void {
    this.watchedElsewhere = probe;
  }

  /** Called after every commit of this process, in commit order, before the command is answered. */
  onCommit(listener: Listener): () => void {
    return this.repository.onCommit(listener);
  }

  // ---- lobby ------------------------------------------------------------------------------

  async create(
    input: CreateInput,
    client = "local",
  ): Promise<{ matchId: string; lobby: LobbyView; ticket: SeatTicket | null }> {
    this.repository.assertOpen();
    this.assertRoomFor(client);
    const { variantId, rawOptions, ruleSet } = await this.sourceOf(input);
    const owner =
      input.name === undefined ? undefined : { name: input.name, token: newSeatToken() };
    const events = decideLobby(null, {
      type: "create",
      variant: variantId,
      options: rawOptions,
      ruleSet,
      seats: input.seats,
      turnTimerMs: input.turnTimerMs ?? null,
      owner,
    });
    const matchId = newMatchId();
    const ticket: SeatTicket | null =
      owner === undefined ? null : { matchId, seat: 0, token: owner.token };
    const result = await this.store.append(streamIdOf(matchId), 0, events);
    const match = Match.fromEvents(matchId, result.events);
    this.repository.remember(match);
    this.creators.set(matchId, client);
    this.logger.info(
      { matchId, variant: match.variant.id, seats: input.seats, ruleSet },
      "match created",
    );
    return { matchId, lobby: match.lobby(), ticket };
  }

  /** Where a new match's options come from: the request, or a saved rule set (C-2.2). */
  private async sourceOf(
    input: CreateInput,
  ): Promise<{ variantId: string; rawOptions: unknown; ruleSet: RuleSetRef | null }> {
    if (input.ruleSet === undefined) {
      if (input.variant === undefined) throw variantOrRuleSet();
      return { variantId: input.variant, rawOptions: input.options, ruleSet: null };
    }
    if (input.variant !== undefined || input.options !== undefined) throw variantOrRuleSet();
    const saved = await this.ruleSets.get(input.ruleSet);
    return {
      variantId: RULE_SET_VARIANT,
      rawOptions: saved.document,
      ruleSet: { name: saved.name, version: saved.version },
    };
  }

  async list(status: readonly MatchStatus[], limit: number): Promise<LobbyView[]> {
    const streams = await this.store.listStreams("match-", Math.max(limit * 4, 50));
    const out: LobbyView[] = [];
    for (const info of streams) {
      if (out.length >= limit) break;
      const id = matchIdOf(info.streamId);
      try {
        let match = await this.repository.load(id);
        if (match.version < info.version)
          match = await this.repository.run(id, () => this.repository.refresh(match));
        if (status.includes(match.status)) out.push(match.lobby());
      } catch (error) {
        this.logger.warn({ err: error, matchId: id }, "cannot list match");
      }
    }
    return out;
  }

  async join(input: {
    matchId: string;
    name: string;
    seat?: Seat | undefined;
  }): Promise<SeatTicket> {
    const token = newSeatToken();
    const { events } = await this.repository.commit(input.matchId, (m) =>
      decideLobby(m, { type: "join", name: input.name, token, seat: input.seat }),
    );
    const seat = (events[0]?.data as { seat: Seat }).seat;
    return { matchId: input.matchId, seat, token };
  }

  async leave(input: {
    matchId: string;
    token: string;
  }): Promise<{ matchId: string; version: number }> {
    const { match } = await this.repository.commit(input.matchId, (m) =>
      decideLobby(m, { type: "leave", token: input.token }),
    );
    return { matchId: input.matchId, version: match.version };
  }

  async addBots(input: {
    matchId: string;
    token: string;
    level: BotLevel;
    count?: number | undefined;
  }): Promise<LobbyView> {
    const { match } = await this.repository.commit(input.matchId, (m) =>
      decideLobby(m, {
        type: "addBots",
        token: input.token,
        level: input.level,
        count: input.count,
      }),
    );
    return match.lobby();
  }

  async start(input: { matchId: string; token: string }): Promise<MatchSnapshot> {
    let seat: Seat = 0;
    const { match } = await this.repository.commit(input.matchId, (m) => {
      seat = seatOf(m, input.token);
      return decideLobby(m, { type: "start", token: input.token, seed: newMatchSeed() });
    });
    this.logger.info({ matchId: input.matchId }, "match started");
    return match.snapshot(seat);
  }

  /** A new match with the same seats (same tokens) and options, once this one is over. */
  async rematch(input: { matchId: string; token: string }): Promise<{ matchId: string }> {
    const old = await this.repository.run(input.matchId, async () =>
      this.repository.refresh(await this.repository.load(input.matchId)),
    );
    const events = decideLobby(old, { type: "rematch", token: input.token });
    if (events.length === 0 && old.rematch !== null) return { matchId: old.rematch };
    const matchId = rematchIdOf(old.id);
    try {
      await this.store.append(streamIdOf(matchId), 0, events);
    } catch (error) {
      // Another request (or process) created it first: the same rematch.
      if (!(error instanceof ConcurrencyError)) throw error;
    }
    await this.repository.commit(input.matchId, (m) =>
      decideLobby(m, { type: "rematched", matchId }),
    );
    return { matchId };
  }

  // ---- game --------------------------------------------------------------------------------

  async command(input: {
    matchId: string;
    token: string;
    commandId: string;
    command: ClientCommand;
  }): Promise<CommandResult> {
    let seat: Seat = -1;
    const storeCommandId = (m: Match): string => {
      seat = seatOf(m, input.token);
      return `${seat}:${input.commandId}`;
    };
    const { match, events, duplicate } = await this.repository.commit(
      input.matchId,
      (m) => {
        seat = seatOf(m, input.token);
        if (m.status === "open") {
          throw ServiceError.of(
            "NOT_STARTED",
            "The match has not started.",
            "Die Partie hat noch nicht begonnen.",
          );
        }
        if (
          "seat" in input.command &&
          input.command.seat !== undefined &&
          input.command.seat !== seat
        ) {
          throw new ServiceError({
            code: "INVALID_COMMAND",
            message: {
              en: `The command names seat ${input.command.seat}, but the token holds seat ${seat}.`,
              de: `Der Befehl nennt Platz ${input.command.seat}, das Token gehört aber zu Platz ${seat}.`,
            },
          });
        }
        const command = commandFor(input.command, seat);
        const decision = m.engine.decide(m.state, command);
        if (isRefusal(decision)) throw new ServiceError(decision);
        const holder = m.seats[seat];
        const back: NewEvent[] =
          holder?.kind === "human" && holder.away
            ? [lobby({ type: "seat.returned", data: { seat } })]
            : [];
        return [...back, ...decision.map(toNewEvent)];
      },
      { commandIdOf: storeCommandId },
    );
    this.seen(match, seat);
    return {
      matchId: input.matchId,
      version: events.at(-1)?.version ?? match.version,
      duplicate,
      events: events.map((e) => match.eventFor(e, seat)),
    };
  }

  async snapshot(input: { matchId: string; token?: string | undefined }): Promise<MatchSnapshot> {
    return this.repository.run(input.matchId, async () => {
      const match = await this.repository.refresh(await this.repository.load(input.matchId));
      const viewer = this.viewerOf(match, input.token);
      if (viewer !== "spectator") this.seen(match, viewer);
      return match.snapshot(viewer);
    });
  }

  /** The log so far: per-viewer filtered while the match runs, in full once it is over. */
  async history(input: {
    matchId: string;
    token?: string | undefined;
    afterVersion?: number | undefined;
  }): Promise<HistoryResult> {
    return this.repository.run(input.matchId, async () => {
      const match = await this.repository.refresh(await this.repository.load(input.matchId));
      const viewer = this.viewerOf(match, input.token);
      const full = match.status === "over";
      const events = match.events
        .slice(input.afterVersion ?? 0)
        .map((e) => (full ? match.publicFullEvent(e) : match.eventFor(e, viewer)));
      return { matchId: match.id, version: match.version, full, events };
    });
  }

  /**
   * Catch-up for a viewer that has seen `afterVersion`: the missed events in order, or a full
   * snapshot when it is too far behind (or has seen nothing). `deliver` runs inside the match's
   * queue, so nothing committed later can overtake the frame it is given.
   */
  async catchUp(
    input: { matchId: string; token?: string | undefined; afterVersion?: number | undefined },
    deliver?: (viewer: Viewer, frame: MatchFrame) => void,
  ): Promise<MatchFrame> {
    return this.repository.run(input.matchId, async () => {
      const match = await this.repository.refresh(await this.repository.load(input.matchId));
      const viewer = this.viewerOf(match, input.token);
      const frame = this.catchUpFrame(match, viewer, input.afterVersion);
      deliver?.(viewer, frame);
      return frame;
    });
  }

  private catchUpFrame(match: Match, viewer: Viewer, afterVersion: number | undefined): MatchFrame {
    const version = match.version;
    const behind = afterVersion === undefined ? Infinity : version - afterVersion;
    if (afterVersion === undefined || behind < 0 || behind > this.options.catchUpLimit) {
      return { kind: "snapshot", matchId: match.id, version, snapshot: match.snapshot(viewer) };
    }
    return {
      kind: "events",
      matchId: match.id,
      version,
      events: match.events.slice(afterVersion).map((e) => match.eventFor(e, viewer)),
      snapshot: match.snapshot(viewer),
    };
  }

  /** The frame a viewer gets for events this process just committed. */
  static commitFrame(match: Match, viewer: Viewer, events: readonly StoredEvent[]): MatchFrame {
    return {
      kind: "events",
      matchId: match.id,
      version: match.version,
      events: events.map((e) => match.eventFor(e, viewer)),
      snapshot: match.snapshot(viewer),
    };
  }

  /** The seat a token holds in a match, or a BAD_TOKEN refusal. */
  async seatFor(matchId: string, token: string): Promise<Seat> {
    const match = await this.repository.load(matchId);
    const seat = match.seatOfTokenHash(hashToken(token));
    if (seat !== null) return seat;
    // The seat may have been claimed through another process.
    return this.repository.run(matchId, async () =>
      seatOf(await this.repository.refresh(match), token),
    );
  }

  // ---- presence: a seat's sockets in this process --------------------------------------------

  seatConnected(matchId: string, seat: Seat): void {
    const key = `${matchId}:${seat}`;
    this.presence.set(key, (this.presence.get(key) ?? 0) + 1);
    clearTimeout(this.graceTimers.get(key));
    this.graceTimers.delete(key);
    if (this.closing) return;
    this.repository
      .commit(matchId, (m) => {
        const h = m.seats[seat];
        return h?.kind === "human" && h.away && m.status === "running"
          ? [lobby({ type: "seat.returned", data: { seat } })]
          : null;
      })
      .catch((error: unknown) => this.logFailure(error, matchId, "return failed"));
  }

  seatDisconnected(matchId: string, seat: Seat): void {
    const key = `${matchId}:${seat}`;
    const left = (this.presence.get(key) ?? 1) - 1;
    if (left > 0) {
      this.presence.set(key, left);
      return;
    }
    this.presence.delete(key);
    this.armGrace(matchId, seat);
  }

  /** After the grace period a bot takes the seat over; in the lobby the wait starts again. */
  private armGrace(matchId: string, seat: Seat): void {
    const key = `${matchId}:${seat}`;
    if (this.closing) return;
    clearTimeout(this.graceTimers.get(key));
    const timer = setTimeout(() => {
      this.graceTimers.delete(key);
      if ((this.presence.get(key) ?? 0) > 0) return;
      let inLobby = false;
      this.presentElsewhere(matchId, seat)
        .catch((error: unknown) => {
          this.logger.warn({ err: error, matchId, seat }, "presence probe failed");
          return false;
        })
        .then((elsewhere) => {
          // Present in another process: that one holds the seat, and arms its own grace.
          if (elsewhere || (this.presence.get(key) ?? 0) > 0) return;
          return this.repository
            .commit(
              matchId,
              (m) => {
                const h = m.seats[seat];
                if (h?.kind !== "human" || h.away) return null;
                if (m.status === "open") inLobby = true;
                return m.status === "running"
                  ? [lobby({ type: "seat.botTakenOver", data: { seat } })]
                  : null;
              },
              { fresh: true },
            )
            .then(() => {
              if (inLobby) this.armGrace(matchId, seat);
            });
        })
        .catch((error: unknown) => this.logFailure(error, matchId, "takeover failed"));
    }, this.options.graceMs);
    timer.unref();
    this.graceTimers.set(key, timer);
  }

  /**
   * Every human seat of a running match that has no socket here is on a grace clock: after a
   * restart, in every process of a scaled-out server, and for an owner who only ever used HTTP
   * (`seen` restarts the clock). When it runs out the seat is handed to a bot, once: the
   * takeover is decided on a fresh read with the expected version, and a process where the
   * owner is connected (or any other, through the presence probe) holds the seat.
   */
  private watchForAbsentOwners(match: Match): void {
    if (match.status !== "running") return;
    match.seats.forEach((holder, seat) => {
      if (holder.kind !== "human" || holder.away) return;
      const key = `${match.id}:${seat}`;
      if ((this.presence.get(key) ?? 0) > 0 || this.graceTimers.has(key)) return;
      this.armGrace(match.id, seat);
    });
  }

  /** The seat's owner acted or looked without a socket here (HTTP): their grace starts anew. */
  private seen(match: Match, seat: Seat): void {
    this.lastSeen.set(match.id, performance.now());
    const key = `${match.id}:${seat}`;
    if ((this.presence.get(key) ?? 0) > 0 || match.status !== "running") return;
    this.armGrace(match.id, seat);
  }

  // ---- watchers: who looks at a match from this process --------------------------------------

  /** A socket of this process watches the match (as a seat or a spectator). */
  watchStarted(matchId: string): void {
    this.watchers.set(matchId, (this.watchers.get(matchId) ?? 0) + 1);
    this.lastSeen.set(matchId, performance.now());
    // A match that waited for an audience goes on.
    const match = this.repository.peek(matchId);
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
   * watcher wakes it up (`watchStarted`), in whichever process.
   */
  private hasAudience(match: Match): boolean {
    if (match.hasPresentHuman() || (this.watchers.get(match.id) ?? 0) > 0) return true;
    const seen = this.lastSeen.get(match.id);
    return seen !== undefined && performance.now() - seen < this.limits.unwatchedMs;
  }

  // ---- limits ------------------------------------------------------------------------------------

  private assertRoomFor(client: string): void {
    let mine = 0;
    let all = 0;
    for (const [id, creator] of this.creators) {
      const match = this.repository.peek(id);
      if (match?.status === "over") {
        this.creators.delete(id);
        continue;
      }
      // Dropped from memory while idle, it still counts: it is not over.
      if (match === undefined) all++;
      if (creator === client) mine++;
    }
    for (const match of this.repository.cached()) if (match.status !== "over") all++;
    if (mine >= this.limits.openMatchesPerClient) {
      throw ServiceError.of(
        "LIMIT",
        `At most ${this.limits.openMatchesPerClient} matches that are not over per client.`,
        `Höchstens ${this.limits.openMatchesPerClient} laufende oder offene Partien pro Client.`,
      );
    }
    if (all >= this.limits.openMatches) {
      throw ServiceError.of(
        "LIMIT",
        "The server hosts as many matches as it can; try again later.",
        "Der Server hat so viele Partien, wie er tragen kann; bitte später erneut versuchen.",
      );
    }
  }

  /** Something of this process depends on the cached copy: watchers, a timer, a seat's sockets. */
  private pinned(match: Match): boolean {
    if ((this.watchers.get(match.id) ?? 0) > 0) return true;
    if (match.status === "over") return false;
    if (this.timers.has(match.id)) return true;
    return match.seats.some((_, seat) => {
      const key = `${match.id}:${seat}`;
      return this.graceTimers.has(key) || (this.presence.get(key) ?? 0) > 0;
    });
  }

  // ---- life cycle ------------------------------------------------------------------------------

  /** Loads the most recently active matches so that their bots and timers go on after a restart. */
  async resume(limit = 200): Promise<number> {
    const streams = await this.store.listStreams("match-", limit);
    let running = 0;
    for (const info of streams) {
      try {
        const match = await this.repository.load(matchIdOf(info.streamId));
        if (match.status === "running") running++;
      } catch (error) {
        this.logger.warn({ err: error, streamId: info.streamId }, "cannot resume match");
      }
    }
    return running;
  }

  /** Stops timers and new work, and waits for every command in flight. */
  async close(): Promise<void> {
    this.closing = true;
    for (const timer of [...this.timers.values(), ...this.graceTimers.values()])
      clearTimeout(timer);
    this.timers.clear();
    this.graceTimers.clear();
    await this.repository.close();
  }

  /** Matches held in memory (the cache is bounded by `limits.cacheSize`). */
  get cachedMatches(): number {
    return this.repository.size;
  }

  get busy(): boolean {
    return this.repository.busy;
  }

  /** The cached match (tests and the transport layer; never stale within this process). */
  async match(matchId: string): Promise<Match> {
    return this.repository.load(matchId);
  }

  // ---- internals ---------------------------------------------------------------------------

  private viewerOf(match: Match, token: string | undefined): Viewer {
    return token === undefined ? "spectator" : seatOf(match, token);
  }

  /** Arms the match's one timer: a bot's move, a turn timeout, or the next game of a bot table. */
  private schedule(match: Match): void {
    clearTimeout(this.timers.get(match.id));
    this.timers.delete(match.id);
    if (this.closing) return;
    this.watchForAbsentOwners(match);
    const progress = match.progress();
    if (progress === null || progress.status === "matchOver") return;
    const botDelay = this.options.botDelayMs;
    let action: Action | null = null;
    let delay = 0;
    if (progress.status === "gameOver") {
      if (!match.hasPresentHuman()) [action, delay] = [{ kind: "nextGame" }, botDelay];
      else if (match.turnTimerMs !== null)
        [action, delay] = [{ kind: "nextGame" }, match.turnTimerMs];
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
    // Bots alone with nobody watching here: wait, unless someone watches in another process.
    const unwatched = !(action.kind === "bot" && action.timedOut) && !this.hasAudience(match);
    if (unwatched && this.watchedElsewhere === null) return;
    const version = match.version;
    const planned = action;
    const timer = setTimeout(async () => {
      this.timers.delete(match.id);
      if (unwatched) {
        const viewers: Viewer[] = [...match.seats.keys(), "spectator"];
        const watched = await this.watchedElsewhere!(match.id, viewers).catch(() => true);
        if (!watched) return;
      }
      // Another process may have moved (or run this very step) meanwhile: read, then act only
      // if the match is still where the plan was made; the expected version settles a race.
      this.repository
        .commit(match.id, (m) => (m.version === version ? this.act(m, planned) : null), {
          fresh: true,
        })
        .catch((error: unknown) => this.logFailure(error, match.id, "bot step failed"));
    }, delay);
    this.timers.set(match.id, timer);
  }

  /** A bot's decision: it is shown only its seat's view and legal moves (`engine.botMove`). */
  private act(match: Match, action: Action): NewEvent[] | null {
    const command: Command =
      action.kind === "nextGame"
        ? { type: "startNextGame" }
        : match.engine.botMove(match.state, action.seat, action.level, this.random);
    const decision = match.engine.decide(match.state, command);
    if (isRefusal(decision)) {
      this.logger.error({ matchId: match.id, command, refusal: decision }, "bot move refused");
      return null;
    }
    const events = decision.map(toNewEvent);
    return action.kind === "bot" && action.timedOut
      ? [lobby({ type: "seat.timedOut", data: { seat: action.seat } }), ...events]
      : events;
  }

  private logFailure(error: unknown, matchId: string, what: string): void {
    if (error instanceof ServiceError && error.refusal.code === "SHUTTING_DOWN") return;
    this.logger.error({ err: error, matchId }, what);
  }
}

const variantOrRuleSet = () =>
  ServiceError.of(
    "INVALID_INPUT",
    "Give either a variant (with options) or a saved rule set.",
    "Entweder eine Variante (mit Optionen) oder ein gespeichertes Regelwerk angeben.",
  );

import { randomInt } from "node:crypto";
import {
  DEFAULT_SEARCH_BUDGET,
  isRefusal,
  type BotLevel,
  type SearchBudget,
  type Seat,
  type Viewer,
} from "@maumau/engine";
import { BotPool } from "../bots/BotPool.js";
import { botThinker } from "../bots/thinker.js";
import type {
  CommandResult,
  HistoryResult,
  MatchFrame,
  PresenceFrame,
  SeatTicket,
} from "@maumau/client";
import type { Logger } from "pino";
import { ServiceError } from "../errors/ServiceError.js";
import type { Metrics } from "../metrics.js";
import type { RuleSetRef } from "../ruleSets/ruleSetEvents.js";
import {
  RULE_SET_VARIANT,
  RuleSetService,
  type RuleSetLimits,
} from "../ruleSets/RuleSetService.js";
import { ConcurrencyError, type EventStore, type NewEvent } from "../store/EventStore.js";
import { commandFor, type ClientCommand } from "./commandSchema.js";
import { MatchRepository, type Listener } from "./MatchRepository.js";
import { Presence, type OwnerElsewhere, type PresenceProbe } from "./Presence.js";
import { Scheduler, type WatchProbe } from "./Scheduler.js";
import { ListCache, LIST_CACHE_MS } from "./ListCache.js";
import { CHAT_RATE, decideChat, type ChatAuthor } from "./chatDecider.js";
import { SpectatorChatTimes } from "./SpectatorChatTimes.js";
import { decideLobby, lobby, seatOf, seatOfHash, toNewEvent } from "./lobbyDecider.js";
import { changesTheList } from "./lobbyEvents.js";
import { summaryOf, type MatchSummary } from "./summary.js";
import {
  type Match,
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
  /** Saved rule sets; by default on the same store, with `ruleSetLimits`. */
  readonly ruleSets?: RuleSetService;
  /** Caps on saved rule sets (default `DEFAULT_RULE_SET_LIMITS`). */
  readonly ruleSetLimits?: Partial<RuleSetLimits>;
  /** Caps that keep one client (or all of them) from exhausting the server. */
  readonly limits?: Partial<MatchLimits>;
  /**
   * Committed events a cached match keeps in memory besides its state (default
   * `RETAINED_EVENTS`); catch-ups, histories and repeated commands reaching further back read
   * the store.
   */
  readonly retainedEvents?: number;
  /** Search bots: worker threads and think budget (default 1 thread, `DEFAULT_SEARCH_BUDGET`). */
  readonly search?: { readonly threads?: number; readonly budget?: SearchBudget };
  /** How long a `list` answer is served from memory (default `LIST_CACHE_MS`). */
  readonly listCacheMs?: number;
  /** Commands, refusals and bots' think time are counted here (`/metrics`). */
  readonly metrics?: Metrics;
}

export interface MatchLimits {
  /**
   * Matches not yet over (nor closed in the lobby) that one client may have created (in this
   * process).
   */
  readonly openMatchesPerClient: number;
  /** Matches not yet over (nor closed in the lobby), in all (as far as this process holds them). */
  readonly openMatches: number;
  /** Matches kept in memory; beyond it the least recently used idle ones are dropped. */
  readonly cacheSize: number;
  /** Bots stop after this long with no human at the table and nobody watching or asking. */
  readonly unwatchedMs: number;
  /**
   * A lobby (not started) that nobody joined, left, watched or asked about for this long closes
   * (`lobby.closed`, reason `idle`).
   */
  readonly lobbyIdleMs: number;
}

const DEFAULT_LIMITS: MatchLimits = {
  openMatchesPerClient: 20,
  openMatches: 5_000,
  cacheSize: 2_000,
  unwatchedMs: 60_000,
  lobbyIdleMs: 30 * 60_000,
};

export type { OwnerElsewhere, PresenceProbe, WatchProbe };

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
  /** Spectators may read the table talk but not write. */
  readonly spectatorsReadOnly?: boolean | undefined;
}

export type { CommandResult, HistoryResult, MatchFrame, SeatTicket };

/**
 * Finished matches' summaries `list` keeps (each well under a kilobyte): the most streams one
 * list reads is 800 (a limit of 200, four streams read per match listed).
 */
const FINISHED_SUMMARIES = 1_000;

/**
 * How often `lobby.create` counts every match not over (`MAX_OPEN_MATCHES`) at the most; in
 * between, the matches created since are added to the last count, and one that ended since
 * still counts until the next.
 */
export const OPEN_RECOUNT_MS = 250;

const cryptoRandom = (): number => randomInt(0, 2 ** 32) / 2 ** 32;

/**
 * The matches, as the routers, the socket gateway and the tests see them: lobby decisions
 * (`lobbyDecider`), the cache and commits (`MatchRepository`), bots and timers (`Scheduler`)
 * and seats' sockets (`Presence`) behind one facade, with the per-client limits.
 */
export class MatchService {
  private readonly store: EventStore;
  private readonly logger: Logger;
  private readonly repository: MatchRepository;
  private readonly scheduler: Scheduler;
  /** Worker threads for search bots, started with the first search move. */
  private botPool: BotPool | null = null;
  private readonly presence: Presence;
  /** Matches a client created, by match id (the per-client cap counts those not over). */
  private readonly creators = new Map<string, string>();
  /** The ids of `creators` by client: a client's count walks its own matches only. */
  private readonly createdBy = new Map<string, Set<string>>();
  /**
   * The last count of all matches not over (`assertRoomFor`), with the creations since added:
   * the full count walks every cached match and every creator, so it is made at most every
   * `OPEN_RECOUNT_MS`.
   */
  private openCount: { at: number; all: number } | null = null;
  /**
   * Lobbies of `creators` (not started, not closed) dropped from the cache, and when: their idle
   * timer went with them. Nothing here asked for one since (that would have read it again), so
   * one dropped for `lobbyIdleMs` stood idle that long and no longer counts.
   */
  private readonly droppedLobbies = new Map<string, number>();
  private readonly limits: MatchLimits;
  /** When each spectator's client wrote in each match lately (its chat budget, `CHAT_RATE`). */
  private readonly spectatorChat = new SpectatorChatTimes(CHAT_RATE.windowMs);
  /** `list` answers by status set and limit (`ListCache`), dropped when the list changes here. */
  private readonly lists: ListCache<readonly MatchSummary[]>;
  /**
   * Summaries of finished matches as `list` last made them, by match id (each carries its
   * version): a list uses one while the cache does not hold the match and its stream has not
   * moved, instead of reading and folding the match again. The cache keeps few idle finished
   * matches (`finishedKept`), and the replays page lists 100 of them (400 streams read).
   */
  private readonly finishedSummaries = new Map<string, MatchSummary>();
  readonly ruleSets: RuleSetService;
  /** Where the service and its transports count (`/metrics`), when served. */
  readonly metrics: Metrics | undefined;

  constructor(private readonly options: MatchServiceOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.metrics = options.metrics;
    this.store = options.store;
    this.logger = options.logger;
    this.ruleSets = options.ruleSets ?? new RuleSetService(options.store, options.ruleSetLimits);
    this.repository = new MatchRepository({
      store: options.store,
      logger: options.logger,
      cacheSize: this.limits.cacheSize,
      shared: options.shared === true,
      ...(options.retainedEvents === undefined ? {} : { retainedEvents: options.retainedEvents }),
      hooks: {
        changed: (match) => this.scheduler.schedule(match),
        cached: (match) => this.scheduler.cached(match),
        pinned: (match) => this.scheduler.holds(match) || this.presence.holds(match),
        evicted: (match) => {
          if (!stillOpen(match)) this.forgetCreator(match.id);
          else if (match.status === "open" && this.creators.has(match.id))
            this.droppedLobbies.set(match.id, performance.now());
          this.scheduler.evicted(match);
        },
      },
    });
    this.lists = new ListCache(options.listCacheMs ?? LIST_CACHE_MS);
    this.repository.onCommit((_match, events) => {
      if (changesTheList(events)) this.lists.clear();
    });
    this.presence = new Presence({
      repository: this.repository,
      logger: options.logger,
      graceMs: options.graceMs,
    });
    this.scheduler = new Scheduler({
      repository: this.repository,
      logger: options.logger,
      botDelayMs: options.botDelayMs,
      unwatchedMs: this.limits.unwatchedMs,
      lobbyIdleMs: this.limits.lobbyIdleMs,
      random: options.random ?? cryptoRandom,
      onSchedule: (match) => this.presence.watchForAbsentOwners(match),
      onThought: (level, seconds) => options.metrics?.botThinkSeconds.observe({ level }, seconds),
      think: botThinker({
        pool: () => (this.botPool ??= new BotPool(options.search?.threads ?? 1)),
        budget: options.search?.budget ?? DEFAULT_SEARCH_BUDGET,
        random: options.random ?? cryptoRandom,
      }),
    });
  }

  /**
   * How to ask whether a seat has a socket in another process. Before a bot takes a seat over
   * after the grace period, the owner may have moved to another process behind the balancer.
   */
  setPresenceProbe(probe: PresenceProbe): void {
    this.presence.setProbe(probe);
  }

  /** What this process knows of a seat's owner (a socket here, the last HTTP request served). */
  ownerHere(matchId: string, seat: Seat): OwnerElsewhere {
    return this.presence.ownerHere(matchId, seat);
  }

  /** How to ask whether anyone watches a match from another process (scale-out). */
  setWatchProbe(probe: WatchProbe): void {
    this.scheduler.setWatchProbe(probe);
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
      spectatorsReadOnly: input.spectatorsReadOnly,
      owner,
    });
    const matchId = newMatchId();
    const ticket: SeatTicket | null =
      owner === undefined ? null : { matchId, seat: 0, token: owner.token };
    const result = await this.store.append(streamIdOf(matchId), 0, events);
    const match = this.repository.fold(matchId, result.events);
    this.repository.created(match, result.events);
    this.rememberCreator(matchId, client);
    // The lobby's timer: it closes if nobody comes for `lobbyIdleMs`.
    this.scheduler.schedule(match);
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

  /**
   * The most recently active matches of the given statuses, at most `limit`. Answers are cached
   * per (status set, limit) for `LIST_CACHE_MS` and dropped by any commit of this process that
   * changes the list; concurrent callers of one key share one load. The answer is frozen (the
   * array, each summary and its seats): every caller gets the same one. Summaries carry no
   * options (issue #18); `lobby` gives one match's full view.
   */
  list(status: readonly MatchStatus[], limit: number): Promise<readonly MatchSummary[]> {
    const statuses = [...new Set(status)].sort();
    return this.lists.get(`${statuses.join(",")}/${limit}`, () => this.loadList(statuses, limit));
  }

  /** Keeps a finished match's summary, the newest `FINISHED_SUMMARIES` of them. */
  private rememberSummary(id: string, summary: MatchSummary): void {
    this.finishedSummaries.delete(id);
    this.finishedSummaries.set(id, summary);
    if (this.finishedSummaries.size <= FINISHED_SUMMARIES) return;
    const oldest = this.finishedSummaries.keys().next();
    if (oldest.done !== true) this.finishedSummaries.delete(oldest.value);
  }

  /**
   * Another process committed a change of the list (scale-out): cached answers are dropped, as
   * for a change of this process.
   */
  listChangedElsewhere(): void {
    this.lists.clear();
  }

  /**
   * A `list` answer read from the store: the newest `limit × 4` streams (at least 50), each
   * brought up to date if another process appended to it.
   */
  private async loadList(
    status: readonly MatchStatus[],
    limit: number,
  ): Promise<readonly MatchSummary[]> {
    const streams = await this.store.listStreams("match-", Math.max(limit * 4, 50));
    const out: MatchSummary[] = [];
    for (const info of streams) {
      if (out.length >= limit) break;
      const id = matchIdOf(info.streamId);
      const known =
        this.repository.peek(id) === undefined ? this.finishedSummaries.get(id) : undefined;
      if (known !== undefined && known.version === info.version) {
        if (status.includes(known.status)) out.push(known);
        continue;
      }
      try {
        let match = await this.repository.load(id);
        if (match.version < info.version)
          match = await this.repository.run(id, () => this.repository.refresh(match));
        // A lobby closed before the start is listed nowhere (its status stays `open`).
        if (match.closed) continue;
        const wanted = status.includes(match.status);
        if (!wanted && !match.over) continue;
        const summary = summaryOf(frozenLobby(match.lobby()));
        if (match.over) this.rememberSummary(id, summary);
        if (wanted) out.push(summary);
      } catch (error) {
        this.logger.warn({ err: error, matchId: id }, "cannot list match");
      }
    }
    return Object.freeze(out);
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

  /** The host seats a bot of `level` on one free seat. */
  async seatBot(input: {
    matchId: string;
    token: string;
    seat: Seat;
    level: BotLevel;
  }): Promise<LobbyView> {
    const { match } = await this.repository.commit(input.matchId, (m) =>
      decideLobby(m, { type: "seatBot", ...input }),
    );
    return match.lobby();
  }

  /**
   * The host frees a seat: a bot's, or a player's who left (no socket in this process nor,
   * asked through the presence probe, in any other).
   */
  async freeSeat(input: { matchId: string; token: string; seat: Seat }): Promise<LobbyView> {
    const present = await this.presence.present(input.matchId, input.seat);
    const { match } = await this.repository.commit(input.matchId, (m) =>
      decideLobby(m, { type: "freeSeat", ...input, present }),
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

  /**
   * A new match with the same seats (same tokens) and options, once this one is over. The
   * client that asks for it first creates it: it counts under that client's cap, as a lobby it
   * created would; asking for a rematch that exists creates nothing and counts nothing.
   */
  async rematch(
    input: { matchId: string; token: string },
    client = "local",
  ): Promise<{ matchId: string }> {
    const old = await this.repository.run(input.matchId, async () =>
      this.repository.refresh(await this.repository.load(input.matchId)),
    );
    const events = decideLobby(old, { type: "rematch", token: input.token });
    if (events.length === 0 && old.rematch !== null) return { matchId: old.rematch };
    const by = seatOf(old, input.token);
    const matchId = rematchIdOf(old.id);
    this.repository.assertOpen();
    this.assertRoomFor(client);
    try {
      const result = await this.store.append(streamIdOf(matchId), 0, events);
      const match = this.repository.fold(matchId, result.events);
      this.repository.created(match, result.events);
      this.rememberCreator(matchId, client);
      // The lobby's timer: it closes if nobody comes for `lobbyIdleMs`.
      this.scheduler.schedule(match);
    } catch (error) {
      // Another request (or process) created it first: the same rematch.
      if (!(error instanceof ConcurrencyError)) throw error;
    }
    await this.repository.commit(input.matchId, (m) =>
      decideLobby(m, { type: "rematched", matchId, by }),
    );
    return { matchId };
  }

  /**
   * "Continue from here": a new practice match from a position of a finished match's replay,
   * the caller at one seat (the seat to act by default) and bots of `level` at the others.
   */
  async continueFrom(
    input: { matchId: string; at: number; name: string; level: BotLevel; seat?: Seat | undefined },
    client = "local",
  ): Promise<{ matchId: string; ticket: SeatTicket }> {
    this.repository.assertOpen();
    this.assertRoomFor(client);
    // The replay's position needs every event up to it: a copy with the whole log if needed.
    const source = await this.repository.run(input.matchId, async () =>
      this.repository.whole(
        await this.repository.refresh(await this.repository.load(input.matchId)),
      ),
    );
    const token = newSeatToken();
    const events = decideLobby(source, {
      type: "continueFrom",
      at: input.at,
      name: input.name,
      token,
      level: input.level,
      seat: input.seat,
    });
    const matchId = newMatchId();
    const result = await this.store.append(streamIdOf(matchId), 0, events);
    const match = this.repository.fold(matchId, result.events);
    this.repository.created(match, result.events);
    this.rememberCreator(matchId, client);
    this.scheduler.schedule(match);
    const seat = match.seatOfTokenHash(hashToken(token));
    this.logger.info({ matchId, from: input.matchId, at: input.at }, "practice match continued");
    return { matchId, ticket: { matchId, seat: seat ?? 0, token } };
  }

  // ---- game --------------------------------------------------------------------------------

  /** A seat's move (`game.command`, over the socket or HTTP): counted, timed and logged. */
  async command(input: {
    matchId: string;
    token: string;
    commandId: string;
    command: ClientCommand;
  }): Promise<CommandResult> {
    const started = performance.now();
    // The command's logger is made when something is logged (see `CommitOptions.logger`).
    let child: Logger | undefined;
    const log = (): Logger =>
      (child ??= this.logger.child({ matchId: input.matchId, commandId: input.commandId }));
    const type = input.command.type;
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const result = await this.decideCommand(input, log);
      this.options.metrics?.command(type, result.duplicate ? "duplicate" : "accepted", seconds());
      if (this.logger.isLevelEnabled("debug")) {
        log().debug(
          { type, version: result.version, duplicate: result.duplicate },
          "command accepted",
        );
      }
      return result;
    } catch (error) {
      if (error instanceof ServiceError) {
        this.options.metrics?.command(type, "refused", seconds(), error.refusal.code);
        if (this.logger.isLevelEnabled("debug")) {
          log().debug({ type, code: error.refusal.code }, "command refused");
        }
      } else {
        this.options.metrics?.command(type, "failed", seconds());
      }
      throw error;
    }
  }

  private async decideCommand(
    input: { matchId: string; token: string; commandId: string; command: ClientCommand },
    log: () => Logger,
  ): Promise<CommandResult> {
    let seat: Seat = -1;
    // Hashed once: the command id and the decision both need the token's seat.
    const tokenHash = hashToken(input.token);
    const storeCommandId = (m: Match): string => {
      seat = seatOfHash(m, tokenHash);
      return `${seat}:${input.commandId}`;
    };
    const { match, events, duplicate } = await this.repository.commit(
      input.matchId,
      (m) => {
        seat = seatOfHash(m, tokenHash);
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
        const decision = m.decide(command);
        if (isRefusal(decision)) throw new ServiceError(decision);
        const holder = m.seats[seat];
        const back: NewEvent[] =
          holder?.kind === "human" && holder.away
            ? [lobby({ type: "seat.returned", data: { seat } })]
            : [];
        return [...back, ...decision.map(toNewEvent)];
      },
      { commandIdOf: storeCommandId, logger: log },
    );
    // A repeated id answers with what the command did, as its seat saw it: only to the player
    // who sent it. One sent before this token claimed the seat was another's; its answer would
    // show the new owner the old owner's cards (as `history` does not).
    if (duplicate && (events[0]?.version ?? Infinity) < match.ownedSince(seat)) {
      throw new ServiceError({
        code: "INVALID_COMMAND",
        message: {
          en: "This command id was used at this seat before you took it: send the command with a new id.",
          de: "Diese Befehls-ID wurde an diesem Platz schon benutzt, bevor du ihn übernommen hast: schick den Befehl mit einer neuen ID.",
        },
      });
    }
    this.seen(match, seat);
    return {
      matchId: input.matchId,
      version: events.at(-1)?.version ?? match.version,
      duplicate,
      events: events.map((e) => match.eventFor(e, seat)),
    };
  }

  // ---- table talk --------------------------------------------------------------------------

  /**
   * A chat line of a seat (token) or a spectator (a name): a `chat.said` in the match stream,
   * public to every viewer; no move, so no turn and no timer changes. A spectator's lines count
   * against its `client`'s budget (`CHAT_RATE`), whatever name it writes under.
   */
  async say(
    input: {
      matchId: string;
      token?: string | undefined;
      name?: string | undefined;
      text: string;
    },
    client = "local",
  ): Promise<{ matchId: string; version: number }> {
    const author = authorOf(input);
    return this.talk(input.matchId, author, client, (m, now, clientTimes) =>
      decideChat(m, { type: "say", author, text: input.text, now, clientTimes }),
    );
  }

  /** A quick reaction (an id of `REACTIONS`), shown at the sender's seat for a moment. */
  async react(
    input: {
      matchId: string;
      token?: string | undefined;
      name?: string | undefined;
      reaction: string;
    },
    client = "local",
  ): Promise<{ matchId: string; version: number }> {
    const author = authorOf(input);
    return this.talk(input.matchId, author, client, (m, now, clientTimes) =>
      decideChat(m, { type: "react", author, reaction: input.reaction, now, clientTimes }),
    );
  }

  /**
   * Commits a chat command. A spectator's line takes its place in its client's budget when it is
   * decided (inside the match's queue, so that two lines of one client are judged one after the
   * other) and gives it back when it is not stored; a decision made again on a fresh read (a
   * concurrent append) is not judged by the rate twice.
   */
  private async talk(
    matchId: string,
    author: ChatAuthor,
    client: string,
    decide: (match: Match, now: number, clientTimes: readonly number[]) => NewEvent[],
  ): Promise<{ matchId: string; version: number }> {
    const spectator = "spectator" in author;
    const now = Date.now();
    let held = false;
    try {
      const { match } = await this.repository.commit(matchId, (m) => {
        const times = spectator && !held ? this.spectatorChat.of(matchId, client) : [];
        const events = decide(m, now, times);
        if (spectator && !held) {
          this.spectatorChat.add(matchId, client, now);
          held = true;
        }
        return events;
      });
      return { matchId, version: match.version };
    } catch (error) {
      if (held) this.spectatorChat.remove(matchId, client, now);
      throw error;
    }
  }

  /** One match's lobby view, options included (what `list` leaves out), brought up to date. */
  async lobby(matchId: string): Promise<LobbyView> {
    return this.repository.run(matchId, async () =>
      (await this.repository.refresh(await this.repository.load(matchId))).lobby(),
    );
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
      // A seat taken over mid-match: what the seat was shown before this token claimed it is
      // shown as a spectator sees it.
      const since = match.ownedSince(viewer);
      const events = (await this.repository.eventsAfter(match, input.afterVersion ?? 0)).map((e) =>
        full
          ? match.publicFullEvent(e)
          : match.eventFor(e, e.version < since ? "spectator" : viewer),
      );
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
      const frame = await this.catchUpFrame(match, viewer, input.afterVersion);
      deliver?.(viewer, frame);
      return frame;
    });
  }

  private async catchUpFrame(
    match: Match,
    viewer: Viewer,
    afterVersion: number | undefined,
  ): Promise<MatchFrame> {
    const version = match.version;
    const behind = afterVersion === undefined ? Infinity : version - afterVersion;
    // Events from before the token claimed the seat are not its to see: a snapshot instead.
    const beforeClaim = afterVersion !== undefined && afterVersion + 1 < match.ownedSince(viewer);
    if (
      afterVersion === undefined ||
      behind < 0 ||
      behind > this.options.catchUpLimit ||
      beforeClaim
    ) {
      return { kind: "snapshot", matchId: match.id, version, snapshot: match.snapshot(viewer) };
    }
    return {
      kind: "events",
      matchId: match.id,
      version,
      events: (await this.repository.eventsAfter(match, afterVersion)).map((e) =>
        match.eventFor(e, viewer),
      ),
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

  /** Who is at the table of a match held here (null when it is not in memory). */
  presenceOf(matchId: string): PresenceFrame | null {
    const match = this.repository.peek(matchId);
    return match === undefined ? null : { matchId, seats: this.presence.seatsOf(match) };
  }

  /** Called when a seat's owner connects or leaves in this process, or a grace clock starts. */
  onPresenceChange(listener: (matchId: string) => void): () => void {
    return this.presence.onChange(listener);
  }

  seatConnected(matchId: string, seat: Seat): void {
    this.presence.seatConnected(matchId, seat);
  }

  seatDisconnected(matchId: string, seat: Seat): void {
    this.presence.seatDisconnected(matchId, seat);
  }

  /** The seat's owner acted or looked without a socket here (HTTP): their grace starts anew. */
  private seen(match: Match, seat: Seat): void {
    this.scheduler.touch(match.id);
    this.presence.seen(match, seat);
  }

  // ---- watchers: who looks at a match from this process --------------------------------------

  /** A socket of this process watches the match (as a seat or a spectator). */
  watchStarted(matchId: string): void {
    this.scheduler.watchStarted(matchId);
  }

  watchEnded(matchId: string): void {
    this.scheduler.watchEnded(matchId);
  }

  // ---- limits ------------------------------------------------------------------------------------

  /**
   * The caps count matches still open: not over and not closed in the lobby (`lobby.closed`:
   * the last human left, or it stood idle for `lobbyIdleMs`).
   */
  private assertRoomFor(client: string): void {
    const now = performance.now();
    let mine = 0;
    for (const id of this.createdBy.get(client) ?? []) if (this.stillCounts(id, now)) mine++;
    if (this.openCount === null || now - this.openCount.at >= OPEN_RECOUNT_MS) {
      // Each match's `over` and `closed`, kept by its last fold.
      let all = 0;
      for (const id of this.creators.keys()) {
        // Dropped from memory while idle, it still counts: it is not over (a lobby: until it
        // was dropped for `lobbyIdleMs`).
        if (this.stillCounts(id, now) && this.repository.peek(id) === undefined) all++;
      }
      for (const match of this.repository.cached()) if (stillOpen(match)) all++;
      this.openCount = { at: now, all };
    }
    const all = this.openCount.all;
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

  /** A match a client created (or asked to be created: a rematch), counted under the caps. */
  private rememberCreator(matchId: string, client: string): void {
    this.creators.set(matchId, client);
    let mine = this.createdBy.get(client);
    if (mine === undefined) this.createdBy.set(client, (mine = new Set()));
    mine.add(matchId);
    if (this.openCount !== null) this.openCount.all++;
  }

  private forgetCreator(matchId: string): void {
    const client = this.creators.get(matchId);
    this.creators.delete(matchId);
    this.droppedLobbies.delete(matchId);
    if (client === undefined) return;
    const mine = this.createdBy.get(client);
    mine?.delete(matchId);
    if (mine?.size === 0) this.createdBy.delete(client);
  }

  /**
   * Whether a created match still counts under the caps: not over and not closed as its cache
   * last folded it, or (dropped from memory) not a lobby dropped `lobbyIdleMs` ago. One that no
   * longer counts is forgotten.
   */
  private stillCounts(matchId: string, now: number): boolean {
    const match = this.repository.peek(matchId);
    const dropped = match === undefined ? this.droppedLobbies.get(matchId) : undefined;
    if (match !== undefined) this.droppedLobbies.delete(matchId);
    if (
      (match !== undefined && !stillOpen(match)) ||
      (dropped !== undefined && now - dropped >= this.limits.lobbyIdleMs)
    ) {
      this.forgetCreator(matchId);
      return false;
    }
    return true;
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
    this.scheduler.close();
    await this.botPool?.close();
    this.presence.close();
    await this.repository.close();
  }

  /**
   * Matches held in memory by status (`maumau_matches`): a lobby closed before the start
   * (`lobby.closed`) is `closed`, not `open`, as the lobby shows it (it takes no one and is not
   * listed).
   */
  matchesByStatus(): Record<MatchStatus | "closed", number> {
    const counts: Record<MatchStatus | "closed", number> = {
      open: 0,
      running: 0,
      over: 0,
      closed: 0,
    };
    for (const match of this.repository.cached()) counts[match.closed ? "closed" : match.status]++;
    return counts;
  }

  /** Seats whose owner has no socket here, on the clock before a bot takes over (`maumau_grace_clocks`). */
  get graceClocks(): number {
    return this.presence.graceClocks;
  }

  /** Matches held in memory (the cache is bounded by `limits.cacheSize`). */
  get cachedMatches(): number {
    return this.repository.size;
  }

  get busy(): boolean {
    return this.repository.busy;
  }

  /** The match if this process holds it in memory, without loading it. */
  cachedMatch(matchId: string): Match | undefined {
    return this.repository.peek(matchId);
  }

  /** The cached match (tests and the transport layer; never stale within this process). */
  async match(matchId: string): Promise<Match> {
    return this.repository.load(matchId);
  }

  // ---- internals ---------------------------------------------------------------------------

  private viewerOf(match: Match, token: string | undefined): Viewer {
    return token === undefined ? "spectator" : seatOf(match, token);
  }
}

/** A seat's token, else a spectator's name. */
function authorOf(input: { token?: string | undefined; name?: string | undefined }): ChatAuthor {
  if (input.token !== undefined) return { token: input.token };
  if (input.name !== undefined) return { spectator: input.name };
  throw ServiceError.of(
    "INVALID_INPUT",
    "A chat message needs a seat token or, from a spectator, a name.",
    "Eine Chat-Nachricht braucht ein Platz-Token oder, von Zuschauern, einen Namen.",
  );
}

/** Not over, and not closed in the lobby: what the open-match caps count. */
const stillOpen = (match: Match): boolean => !match.over && !match.closed;

/** A lobby view shared by many answers: the view, its seats and each seat frozen. */
function frozenLobby(view: LobbyView): LobbyView {
  for (const seat of view.seats) Object.freeze(seat);
  Object.freeze(view.seats);
  return Object.freeze(view);
}

const variantOrRuleSet = () =>
  ServiceError.of(
    "INVALID_INPUT",
    "Give either a variant (with options) or a saved rule set.",
    "Entweder eine Variante (mit Optionen) oder ein gespeichertes Regelwerk angeben.",
  );

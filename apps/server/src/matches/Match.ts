import {
  isRefusal,
  type AnyMachineSnapshot,
  runtimeOf,
  type AnyEngine,
  type AnyVariant,
  type BotLevel,
  type Command,
  type FamilyView,
  type MachineRuntime,
  type Progress,
  type Refusal,
  type Seat,
  type Viewer,
} from "@maumau/engine";
import type {
  ChatSender,
  DeltaFrame,
  LobbyView,
  MachinePosition,
  MatchSnapshot,
  MatchStatus,
  PrivateFrame,
  RuleSetRef,
  SeatView,
  ViewEvent,
  ViewPatch,
} from "@maumau/client";
import { findVariant } from "@maumau/registry";
import type { StoredEvent } from "../store/EventStore.js";
import { isChatEvent, isLobbyEvent, publicLobbyEvent, type LobbyEvent } from "./lobbyEvents.js";
import { sameJson } from "./sameJson.js";

export type { LobbyView, MachinePosition, MatchSnapshot, MatchStatus, SeatView, ViewEvent };

export type SeatHolder =
  | { readonly kind: "empty" }
  | {
      readonly kind: "human";
      readonly name: string;
      readonly tokenHash: string;
      /** Gone past the grace period: a bot plays for them until they return. */
      readonly away: boolean;
      /**
       * The version of the `seat.claimed` that gave the token the seat: what the seat was shown
       * before (another owner's, or a bot's in a running match) is not this token's to see.
       */
      readonly claimedAt: number;
    }
  | { readonly kind: "bot"; readonly level: BotLevel };

export const streamIdOf = (matchId: string): string => `match-${matchId}`;

/**
 * Committed events a cached match keeps besides its folded state (catch-ups of a few moves and
 * repeated command ids are answered from memory); older ones are read from the store. Four to
 * eight rounds of a four-seat table. Each event kept costs about 260 bytes of heap (its object,
 * its data, its time and command id): with 64 kept, and up to twice that before a trim, the
 * retained events of 250 busy matches were 25,000 objects, a seventh of the live heap.
 */
export const RETAINED_EVENTS = 32;
export const matchIdOf = (streamId: string): string => streamId.slice("match-".length);

/**
 * One match in memory: a cache folded from its stream, never the truth. It is rebuilt from the
 * store after a restart and brought up to date when another process appended.
 */
export class Match {
  /** The match's stream (`streamIdOf(id)`), one string for every append and read. */
  readonly streamId: string;
  readonly variant: AnyVariant;
  readonly engine: AnyEngine;
  readonly options: unknown;
  readonly ruleSet: RuleSetRef | null;
  readonly turnTimerMs: number | null;
  readonly rematchOf: string | null;
  readonly continuedFrom: { readonly matchId: string; readonly version: number } | null;
  readonly spectatorsReadOnly: boolean;
  readonly createdAt: string;
  private holders: SeatHolder[];
  /** The newest committed events (versions `base + 1`…`version`); older ones are in the store. */
  private tail: StoredEvent[] = [];
  private base = 0;
  private lastAt: string;
  private gameState: unknown = null;
  private started = false;
  private rematchId: string | null = null;
  private rematchById: Seat | null = null;
  /** A `lobby.closed` was folded: the lobby takes no one (`closed`). */
  private closedBefore = false;
  /** The last version of each command id in `tail`. */
  private readonly commandEnds = new Map<string, number>();
  /** The version of the first engine event (0: not started): the rules are fixed from there. */
  private startedAt = 0;
  /** The last version at which the lobby view changed beyond its version (a lobby event, a new status). */
  private lobbyChangedAt = 0;
  private lastStatus: MatchStatus = "open";
  /** The referee: the family's machine (`runtimeOf`: one per rule set). */
  private runtime: MachineRuntime | null = null;
  /** The machine's snapshot of the folded game: made from it when needed, dropped by a fold. */
  private machineSnapshot: AnyMachineSnapshot | null = null;
  /** Where the game stands on its chart: made when asked, dropped by a fold. */
  private position: MachinePosition | null = null;
  /**
   * The engine's progress of the folded game: made when asked, dropped by a fold. A commit asks
   * for it several times (the fold's status, the frames, the timers, presence, the cache).
   */
  private progressOfGame: Progress | null = null;
  /**
   * The last command's engine events (one append: one command id and one commit time) and the
   * game before them, for the machine events it took (`engine.machineEvents`).
   */
  private lastCommand: {
    readonly commandId: string | null;
    readonly at: string;
    readonly before: unknown;
    readonly events: { type: string }[];
  } | null = null;
  /** The version of the last event that is not table talk: bots and timers plan on it. */
  private playedAt = 0;
  /**
   * When each seat wrote lately (ms), oldest first, for the chat rate. A spectator's lines are
   * not counted here: a name is no identity; the service counts them by client.
   */
  private readonly chatTimes = new Map<Seat, number[]>();
  /**
   * The views the last commit's frames were built from (`commitFrames`), at that version: the
   * next commit's frames send what changed from them (`ViewPatch`).
   */
  private framed: Framed | null = null;

  private constructor(
    readonly id: string,
    created: Extract<LobbyEvent, { type: "lobby.created" }>,
    first: StoredEvent,
    /** Events kept in `tail` at least; a match with a search bot keeps its whole log. */
    private readonly retain: number,
  ) {
    const variant = findVariant(created.data.variant);
    if (variant === undefined)
      throw new Error(`match ${id}: unknown variant ${created.data.variant}`);
    this.streamId = streamIdOf(id);
    this.variant = variant;
    this.engine = variant.engine;
    this.options = created.data.options;
    this.ruleSet = created.data.ruleSet ?? null;
    this.turnTimerMs = created.data.turnTimerMs;
    this.rematchOf = created.data.rematchOf;
    this.continuedFrom = created.data.continuedFrom ?? null;
    this.spectatorsReadOnly = created.data.spectatorsReadOnly ?? false;
    this.createdAt = first.at;
    this.lastAt = first.at;
    this.holders = Array.from({ length: created.data.seats }, () => ({ kind: "empty" }) as const);
  }

  /**
   * Folds a stream that starts with `lobby.created`, keeping the newest `retain` events (at
   * least) in memory; `Infinity` keeps the whole log (`holdsWholeLog`).
   */
  static fromEvents(
    id: string,
    events: readonly StoredEvent[],
    retain: number = RETAINED_EVENTS,
  ): Match {
    const first = events[0];
    if (first === undefined || first.type !== "lobby.created" || first.version !== 1) {
      throw new Error(`stream ${streamIdOf(id)} does not start with lobby.created`);
    }
    const match = new Match(
      id,
      first as unknown as Extract<LobbyEvent, { type: "lobby.created" }>,
      first,
      retain,
    );
    match.apply(events);
    return match;
  }

  get version(): number {
    return this.base + this.tail.length;
  }
  /**
   * The version of the last event that is not table talk. A chat line takes a version in the
   * stream but is no move: bots and turn timers plan on this one, so talk cannot stall them.
   */
  get playVersion(): number {
    return this.playedAt;
  }
  /** When a seat wrote lately (ms since the epoch), oldest first. */
  chatTimesOf(seat: Seat): readonly number[] {
    return this.chatTimes.get(seat) ?? [];
  }
  /** True when every event since version 1 is in memory (`eventsAfter(0)` answers). */
  get holdsWholeLog(): boolean {
    return this.base === 0;
  }
  /**
   * The events after `afterVersion` from memory, or null when some of them are only in the
   * store (older than the events this match keeps).
   */
  eventsAfter(afterVersion: number): readonly StoredEvent[] | null {
    if (afterVersion < this.base) return null;
    return this.tail.slice(Math.min(afterVersion - this.base, this.tail.length));
  }
  get seats(): readonly SeatHolder[] {
    return this.holders;
  }
  get state(): unknown {
    return this.gameState;
  }
  get rematch(): string | null {
    return this.rematchId;
  }

  /**
   * Adds committed events; those already folded are skipped, a gap is an error. Every event is
   * folded here, one by one, the same way whoever decided it: this process (`decide` keeps
   * nothing), another process, or a load from the store. The log is the truth.
   */
  apply(events: readonly StoredEvent[]): StoredEvent[] {
    const added: StoredEvent[] = [];
    for (const e of events) {
      if (e.version <= this.version) continue;
      if (e.version !== this.version + 1) {
        throw new Error(`match ${this.id}: event ${e.version} after ${this.version}`);
      }
      this.fold(e);
      this.tail.push(e);
      if (e.commandId !== null) this.commandEnds.set(e.commandId, e.version);
      if (isChatEvent(e)) {
        this.heard(e);
        added.push(e);
        continue;
      }
      // Talk leaves `updatedAt` alone: clients count the turn timer from it.
      this.lastAt = e.at;
      this.playedAt = e.version;
      if (isLobbyEvent(e)) this.lobbyChangedAt = e.version;
      else if (this.startedAt === 0) this.startedAt = e.version;
      added.push(e);
    }
    if (added.length > 0) {
      const status = this.status;
      if (status !== this.lastStatus) {
        this.lastStatus = status;
        this.lobbyChangedAt = this.version;
      }
      this.trim();
    }
    return added;
  }

  /**
   * Drops the oldest events beyond one and a half times `retain` (down to `retain`: one copy of
   * the kept events per `retain / 2` new ones), and their command ids: the store has them. A
   * seated search bot needs the whole log (bots/thinker.ts reads it from the store when it must,
   * but a match it plays in keeps it at hand).
   */
  private trim(): void {
    if (this.tail.length <= this.retain + Math.ceil(this.retain / 2)) return;
    if (this.holders.some((h) => h.kind === "bot" && h.level === "search")) return;
    const drop = this.tail.length - this.retain;
    this.tail = this.tail.slice(drop);
    this.base += drop;
    for (const [id, end] of this.commandEnds) if (end <= this.base) this.commandEnds.delete(id);
  }

  /**
   * Folds one engine event into the game (`engine.evolve`), whoever decided it. The events of
   * one append (one command id, one commit time) make up one command: the last one's are kept
   * for the machine events it took. The machine's snapshot and position are made again from
   * the game when next asked.
   */
  private evolve(e: StoredEvent): void {
    const event = toEngineEvent(e);
    const last = this.lastCommand;
    if (last !== null && last.commandId === e.commandId && last.at === e.at)
      last.events.push(event);
    else
      this.lastCommand = {
        commandId: e.commandId,
        at: e.at,
        before: this.gameState,
        events: [event],
      };
    this.gameState = this.engine.evolve(this.gameState, event);
    this.started = true;
    this.machineSnapshot = null;
    this.position = null;
    this.progressOfGame = null;
  }

  /**
   * The referee's decision on a command: the events the machine emits in its pure
   * `transition()` from the snapshot of the folded game. Nothing is kept: the events are folded
   * when they come back committed (`apply`), as events decided elsewhere are. A refusal
   * changes nothing.
   */
  decide(command: Command): { type: string }[] | Refusal {
    if (!this.started) return this.engine.decide(this.gameState, command);
    this.runtime ??= runtimeOf(this.engine, this.engine.ruleSetOf(this.gameState));
    this.machineSnapshot ??= this.runtime.snapshotOf(this.gameState);
    const step = this.runtime.step(this.machineSnapshot, command);
    return isRefusal(step) ? step : step.events;
  }

  /** Where the game stands on its chart and what the last command took; null before the start. */
  machinePosition(): MachinePosition | null {
    if (!this.started) return null;
    if (this.position === null) {
      const last = this.lastCommand;
      // The match's opening (from nothing to the first game state) took no machine event.
      const taken =
        last === null || last.before === null
          ? []
          : this.engine.machineEvents(last.before, last.events, this.gameState);
      this.position = { state: this.engine.chartPosition(this.gameState).state, taken };
    }
    return { state: this.position.state, taken: this.position.taken.slice() };
  }

  /**
   * The first version a viewer may see as that viewer: the claim of the seat's current owner
   * (1 for a spectator, and for a seat nobody owns).
   */
  ownedSince(viewer: Viewer): number {
    if (viewer === "spectator") return 1;
    const h = this.holders[viewer];
    return h?.kind === "human" ? h.claimedAt : 1;
  }

  /** Remembers when a seat wrote, as far back as the chat rate looks. */
  private heard(e: StoredEvent): void {
    const from = (e.data as { from: ChatSender }).from;
    if ("spectator" in from) return;
    const at = Date.parse(e.at);
    this.chatTimes.set(from.seat, [...this.chatTimesOf(from.seat), at].slice(-CHAT_TIMES_KEPT));
  }

  /** Folds one committed event: a lobby event into the seats, an engine event into the game. */
  private fold(e: StoredEvent): void {
    if (!isLobbyEvent(e)) return this.evolve(e);
    const ev = { type: e.type, data: e.data } as LobbyEvent;
    const set = (seat: Seat, holder: SeatHolder) => {
      this.holders = this.holders.map((h, i) => (i === seat ? holder : h));
    };
    switch (ev.type) {
      case "lobby.created":
      case "seat.timedOut":
      case "chat.said":
      case "chat.reacted":
        return;
      case "seat.claimed":
        return set(ev.data.seat, {
          kind: "human",
          name: ev.data.name,
          tokenHash: ev.data.tokenHash,
          away: false,
          claimedAt: e.version,
        });
      case "seat.released":
        return set(ev.data.seat, { kind: "empty" });
      case "bot.seated":
        return set(ev.data.seat, { kind: "bot", level: ev.data.level });
      case "seat.botTakenOver":
      case "seat.returned": {
        const h = this.holders[ev.data.seat];
        if (h?.kind === "human") set(ev.data.seat, { ...h, away: ev.type === "seat.botTakenOver" });
        return;
      }
      case "lobby.rematched":
        this.rematchId = ev.data.matchId;
        this.rematchById = ev.data.by ?? null;
        return;
      case "lobby.closed":
        this.closedBefore = true;
        return;
    }
  }

  /**
   * The engine events of this match up to version `upTo`, as the engine stores them. Only for a
   * match that holds its whole log (`holdsWholeLog`; `MatchRepository.whole` gives one).
   */
  engineEvents(upTo = this.version): { type: string }[] {
    if (!this.holdsWholeLog) {
      throw new Error(`match ${this.id}: the events before ${this.base + 1} are in the store`);
    }
    return engineEventsOf(this.tail.slice(0, upTo));
  }

  /**
   * The events a command id produced (idempotency), or null when this match does not remember
   * it (never seen, or older than the events kept: the store knows, `findCommand`).
   */
  commandResult(storeCommandId: string): StoredEvent[] | null {
    const end = this.commandEnds.get(storeCommandId);
    if (end === undefined) return null;
    let start = end;
    while (start > this.base + 1 && this.tail[start - 2 - this.base]?.commandId === storeCommandId)
      start--;
    if (start === this.base + 1 && this.base > 0) return null;
    return this.tail.slice(start - 1 - this.base, end - this.base);
  }

  /**
   * The lobby closed before the start (`lobby.closed`): nobody may join, it is not listed, and
   * it counts against no limit. Its status stays `open` (it never started).
   */
  get closed(): boolean {
    return this.closedBefore;
  }

  /** Whether the match is over, as of its last fold (kept by `apply`). */
  get over(): boolean {
    return this.lastStatus === "over";
  }

  get status(): MatchStatus {
    const progress = this.progress();
    if (progress === null) return "open";
    return progress.status === "matchOver" ? "over" : "running";
  }

  progress(): Progress | null {
    if (!this.started) return null;
    return (this.progressOfGame ??= this.engine.progress(this.gameState));
  }

  seatOfTokenHash(hash: string): Seat | null {
    const seat = this.holders.findIndex((h) => h.kind === "human" && h.tokenHash === hash);
    return seat < 0 ? null : seat;
  }

  /** Who moves for a seat now: its human, or a bot (bot seats, away owners, empty seats). */
  controllerOf(seat: Seat): { kind: "human" } | { kind: "bot"; level: BotLevel } {
    const h = this.holders[seat];
    if (h?.kind === "bot") return { kind: "bot", level: h.level };
    if (h?.kind === "human" && !h.away) return { kind: "human" };
    return { kind: "bot", level: "heuristic" };
  }

  /** True when a human is present at some seat (not away). */
  hasPresentHuman(): boolean {
    return this.holders.some((h) => h.kind === "human" && !h.away);
  }

  lobby(): LobbyView {
    return {
      matchId: this.id,
      variant: this.variant.id,
      options: this.options,
      ruleSet: this.ruleSet,
      status: this.status,
      seats: this.holders.map((h, seat) => ({
        seat,
        kind: h.kind,
        name: h.kind === "human" ? h.name : null,
        level: h.kind === "bot" ? h.level : null,
        away: h.kind === "human" && h.away,
      })),
      turnTimerMs: this.turnTimerMs,
      rematchOf: this.rematchOf,
      continuedFrom: this.continuedFrom,
      rematch: this.rematchId,
      rematchBy: this.rematchById,
      spectatorsReadOnly: this.spectatorsReadOnly,
      ...(this.closedBefore ? { closed: true } : {}),
      version: this.version,
      createdAt: this.createdAt,
      updatedAt: this.lastAt,
    };
  }

  snapshot(viewer: Viewer): MatchSnapshot {
    const progress = this.progress();
    return {
      matchId: this.id,
      version: this.version,
      viewer,
      lobby: this.lobby(),
      view: this.started ? this.engine.view(this.gameState, viewer) : null,
      progress,
      legal:
        this.started && viewer !== "spectator" && progress?.toAct === viewer
          ? this.engine.legalMoves(this.gameState, viewer)
          : [],
      machine: this.machinePosition(),
    };
  }

  /**
   * The wire frame of `events` (just folded, the newest of the log) for one viewer: the events
   * as it may see them and its view, progress and legal moves, without what its last snapshot
   * holds unchanged (`DeltaFrame`). `progress` is the match's, computed once for all viewers.
   */
  deltaFrame(
    viewer: Viewer,
    events: readonly StoredEvent[],
    progress: Progress | null,
    /** The viewer's view, when the caller has it already. */
    fullView: FamilyView | null = this.started ? this.engine.view(this.gameState, viewer) : null,
    /** The viewer's view of the version before the commit: the frame sends what changed. */
    before: FamilyView | null = null,
  ): DeltaFrame {
    const from = events[0]?.version ?? this.version;
    const view =
      before !== null && isRecord(fullView)
        ? { viewPatch: viewPatchOf(before, fullView) }
        : { view: this.wholeView(fullView, from) };
    return {
      kind: "delta",
      matchId: this.id,
      version: this.version,
      viewer,
      events: events.map((e) => this.eventFor(e, viewer)),
      ...(this.lobbyChangedAt >= from ? { lobby: this.lobby() } : {}),
      ...view,
      progress,
      legal: this.legalFor(viewer, progress),
      machine: this.machinePosition(),
    };
  }

  /**
   * A commit's frames in two parts (`PrivateFrame`): `shared`, the spectator's delta, built
   * once for every watcher of the match; `privateFor(seat)`, what the seat's own delta holds
   * beyond it (its versions of the events and the keys of its view that differ, its legal
   * moves), with `shared`. Joined (`joinParts`), they are `deltaFrame(seat, …)`.
   */
  commitFrames(
    events: readonly StoredEvent[],
    progress: Progress | null,
  ): { readonly shared: DeltaFrame; privateFor(seat: Seat): PrivateFrame } {
    const publicView: FamilyView | null = this.started
      ? this.engine.view(this.gameState, "spectator")
      : null;
    const from = events[0]?.version ?? this.version;
    // The views of the version before the commit, when the last frames were built on it.
    const before = this.framed?.version === from - 1 ? this.framed : null;
    const shared = this.deltaFrame("spectator", events, progress, publicView, before?.public);
    const framed: Framed = { version: this.version, public: publicView, seats: new Map() };
    this.framed = framed;
    return {
      shared,
      privateFor: (seat: Seat): PrivateFrame => {
        let own: ViewEvent[] | undefined;
        events.forEach((e, i) => {
          // Lobby events and table talk are the same for every viewer.
          if (isLobbyEvent(e)) return;
          const mine = this.eventFor(e, seat);
          if (!sameJson(mine.data, shared.events[i]!.data) || mine.type !== shared.events[i]!.type)
            (own ??= []).push(mine);
        });
        const seatView = this.started ? this.engine.view(this.gameState, seat) : null;
        if (seatView !== null) framed.seats.set(seat, seatView);
        return {
          kind: "private",
          matchId: this.id,
          version: this.version,
          viewer: seat,
          ...(own === undefined ? {} : { events: own }),
          ...this.ownView(shared, seatView, publicView, before?.seats.get(seat) ?? null, from),
          legal: this.legalFor(seat, progress),
          // Last: the socket encoder appends its JSON text, made once (`encodeOnce`).
          shared,
        };
      },
    };
  }

  /** A whole view on the wire: its `rules` left out when the match started before `from`. */
  private wholeView(view: FamilyView | null, from: number): object | null {
    if (view === null || !(this.startedAt > 0 && this.startedAt < from)) return view;
    const { rules: _fixed, ...rest } = view;
    return rest;
  }

  /** A seat's view in its private part, in the three ways `PrivateFrame` describes. */
  private ownView(
    shared: DeltaFrame,
    seatView: FamilyView | null,
    publicView: FamilyView | null,
    before: FamilyView | null,
    from: number,
  ): Pick<PrivateFrame, "view" | "viewPatch"> {
    if (shared.viewPatch === undefined) {
      if (!isRecord(publicView) || !isRecord(seatView)) return { view: null };
      // The keys whose values differ from the public view's.
      const view: Record<string, unknown> = {};
      for (const key of Object.keys(seatView)) {
        if (!sameJson(seatView[key], publicView[key])) view[key] = seatView[key];
      }
      return { view };
    }
    if (before === null || !isRecord(seatView)) {
      return { view: this.wholeView(seatView, from) as Record<string, unknown> | null };
    }
    // What the seat's view of the version before needs beyond the public patch.
    // Per seat and commit: `for … in` over the views' own keys (plain objects from the
    // engine), no key arrays or sets made.
    const { set, drop } = shared.viewPatch;
    const old = before as unknown as Record<string, unknown>;
    const expected = (key: string): unknown =>
      Object.hasOwn(set, key) ? set[key] : drop?.includes(key) ? undefined : old[key];
    let ownSet: Record<string, unknown> | undefined;
    let ownDrop: string[] | undefined;
    for (const key in seatView) {
      const value = seatView[key];
      if (value !== undefined && !sameJson(value, expected(key))) (ownSet ??= {})[key] = value;
    }
    const dropped = (key: string) => seatView[key] === undefined && expected(key) !== undefined;
    for (const key in old) if (dropped(key)) (ownDrop ??= []).push(key);
    for (const key in set) if (!Object.hasOwn(old, key) && dropped(key)) (ownDrop ??= []).push(key);
    if (ownSet === undefined && ownDrop === undefined) return {};
    return {
      viewPatch:
        ownDrop === undefined ? { set: ownSet ?? {} } : { set: ownSet ?? {}, drop: ownDrop },
    };
  }

  private legalFor(viewer: Viewer, progress: Progress | null): Command[] {
    return this.started && viewer !== "spectator" && progress?.toAct === viewer
      ? this.engine.legalMoves(this.gameState, viewer)
      : [];
  }

  /** A stored event as a viewer may see it (`engine.eventFor`; no token hashes). */
  eventFor(e: StoredEvent, viewer: Viewer): ViewEvent {
    const shown = isLobbyEvent(e)
      ? publicLobbyEvent({ type: e.type, data: e.data } as LobbyEvent)
      : (this.engine.eventFor(toEngineEvent(e), viewer) as { type: string; data?: unknown });
    return { version: e.version, type: shown.type, data: shown.data ?? null, at: e.at };
  }

  /** The full log, every secret included but token hashes ("Always true" 4, once the match is over). */
  publicFullEvent(e: StoredEvent): ViewEvent {
    const shown = isLobbyEvent(e)
      ? publicLobbyEvent({ type: e.type, data: e.data } as LobbyEvent)
      : e;
    return { version: e.version, type: shown.type, data: shown.data, at: e.at };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The views a commit's frames were built from, at the commit's version (`Match.framed`). */
interface Framed {
  readonly version: number;
  readonly public: FamilyView | null;
  readonly seats: Map<Seat, FamilyView>;
}

/** What changed from one view to the next (`ViewPatch`); a key valued undefined is absent. */
function viewPatchOf(before: object, after: Record<string, unknown>): ViewPatch {
  const old = before as Record<string, unknown>;
  const set: Record<string, unknown> = {};
  for (const key in after) {
    const value = after[key];
    if (value !== undefined && !sameJson(value, old[key])) set[key] = value;
  }
  let drop: string[] | undefined;
  for (const key in old)
    if (old[key] !== undefined && after[key] === undefined) (drop ??= []).push(key);
  return drop === undefined ? { set } : { set, drop };
}

/** How many chat times a match keeps per seat: enough for the rate's window. */
const CHAT_TIMES_KEPT = 32;

/** The engine events among stored events, as the engine stores them. */
export function engineEventsOf(events: readonly StoredEvent[]): { type: string }[] {
  return events.filter((e) => !isLobbyEvent(e)).map((e) => toEngineEvent(e));
}

/** Engine events are stored as `{type, data}`; the engine's own shape is the same. */
function toEngineEvent(e: StoredEvent): { type: string } {
  return { type: e.type, data: e.data } as { type: string };
}

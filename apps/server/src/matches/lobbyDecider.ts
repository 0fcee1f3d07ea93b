import {
  isRefusal,
  openMatch,
  parseOptions,
  type AnyVariant,
  type BotLevel,
  type Refusal,
  type Seat,
} from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { hostOf, TURN_TIMER_MAX_MS, TURN_TIMER_MIN_MS } from "@maumau/client";
import { ServiceError } from "../errors/ServiceError.js";
import type { RuleSetRef } from "../ruleSets/ruleSetEvents.js";
import type { NewEvent } from "../store/EventStore.js";
import type { LobbyEvent } from "./lobbyEvents.js";
import type { Match } from "./Match.js";
import { hashToken } from "./tokens.js";

/**
 * The lobby's commands. Every random value (a seat token, the match seed, a new match id) comes
 * in the command, so that deciding is a pure function of the folded match and the command.
 */
export type LobbyCommand =
  | {
      readonly type: "create";
      readonly variant: string;
      readonly options: unknown;
      readonly ruleSet: RuleSetRef | null;
      readonly seats: number;
      readonly turnTimerMs: number | null;
      /** Spectators may read the table talk but not write. */
      readonly spectatorsReadOnly?: boolean | undefined;
      /** The creator takes seat 0 with this token. */
      readonly owner?: { readonly name: string; readonly token: string } | undefined;
    }
  | {
      readonly type: "join";
      readonly name: string;
      readonly token: string;
      readonly seat?: Seat | undefined;
    }
  | { readonly type: "leave"; readonly token: string }
  /**
   * Nobody was at or watched the lobby for `LOBBY_IDLE_MS` (the scheduler found out before
   * deciding): it closes, unless it started or closed meanwhile.
   */
  | { readonly type: "closeIdle" }
  | {
      readonly type: "addBots";
      readonly token: string;
      readonly level: BotLevel;
      readonly count?: number | undefined;
    }
  /** The host seats a bot on one free seat. */
  | {
      readonly type: "seatBot";
      readonly token: string;
      readonly seat: Seat;
      readonly level: BotLevel;
    }
  /**
   * The host frees a seat: a bot's, or one whose owner left (`present`: the owner has a socket
   * in some process, as the service found out before deciding).
   */
  | {
      readonly type: "freeSeat";
      readonly token: string;
      readonly seat: Seat;
      readonly present: boolean;
    }
  | { readonly type: "start"; readonly token: string; readonly seed: string }
  /** The first events of the rematch's own stream; none when the rematch exists already. */
  | { readonly type: "rematch"; readonly token: string }
  | {
      readonly type: "continueFrom";
      /** The version of the finished match's log to continue after. */
      readonly at: number;
      readonly name: string;
      readonly token: string;
      readonly level: BotLevel;
      /** The seat to play; the seat to act at that point when absent. */
      readonly seat?: Seat | undefined;
    }
  | { readonly type: "rematched"; readonly matchId: string; readonly by: Seat };

/**
 * Decides a lobby command on the match folded so far (`Match` is the evolve; null = no stream
 * yet): the events to append, or a thrown `ServiceError`. An empty list means nothing to do.
 */
export function decideLobby(match: Match | null, command: LobbyCommand): NewEvent[] {
  if (command.type === "create") {
    if (match !== null) throw new Error(`match ${match.id} exists already`);
    return create(command);
  }
  if (match === null) throw new Error(`${command.type} needs a match`);
  switch (command.type) {
    case "join":
      return join(match, command);
    case "leave":
      return leave(match, command.token);
    case "closeIdle":
      return match.status === "open" && !match.closed
        ? [lobby({ type: "lobby.closed", data: { reason: "idle" } })]
        : [];
    case "addBots":
      return addBots(match, command);
    case "seatBot":
      return seatBot(match, command);
    case "freeSeat":
      return freeSeat(match, command);
    case "start":
      return start(match, command);
    case "rematch":
      return rematch(match, command.token);
    case "continueFrom":
      return continueFrom(match, command);
    case "rematched":
      return match.rematch === null
        ? [lobby({ type: "lobby.rematched", data: { matchId: command.matchId, by: command.by } })]
        : [];
  }
}

/** A well-formed seed for `create`'s check of the set-up; no match is dealt with it. */
const SET_UP_CHECK_SEED = "A".repeat(43);

/** How many set-up checks `setUpRefusal` keeps (most tables are made with a few settings). */
const SET_UP_CHECKS_KEPT = 256;
const setUpChecks = new Map<string, Refusal | null>();

/**
 * What the engine would refuse to set up at this table (a starting seat beyond its seats, a
 * deck too small for its hands), or null. A pure function of the variant, the seats and the
 * parsed options (the seed only deals the check's cards, dropped with them), so its answers are
 * kept: dealing a table costs more than the rest of a `create`.
 */
function setUpRefusal(variant: AnyVariant, seats: number, options: unknown): Refusal | null {
  const key = `${variant.id}/${seats}/${JSON.stringify(options)}`;
  let refusal = setUpChecks.get(key);
  if (refusal === undefined) {
    const setUp = openMatch(variant, { players: seats, options, seed: SET_UP_CHECK_SEED });
    refusal = isRefusal(setUp) ? setUp : null;
    if (setUpChecks.size >= SET_UP_CHECKS_KEPT) setUpChecks.clear();
    setUpChecks.set(key, refusal);
  }
  return refusal;
}

function create(command: Extract<LobbyCommand, { type: "create" }>): NewEvent[] {
  const { ruleSet } = command;
  const variant = findVariant(command.variant);
  if (variant === undefined) {
    throw ServiceError.of(
      "UNKNOWN_VARIANT",
      `There is no variant "${command.variant}".`,
      `Es gibt keine Variante „${command.variant}“.`,
    );
  }
  checkTurnTimer(command.turnTimerMs);
  // Named as other refusals of input are ("at most 10 at handSize"): `parseOptions`.
  const options = parseOptions(variant, command.options ?? {});
  if (isRefusal(options)) throw new ServiceError({ ...options, code: "INVALID_OPTIONS" });
  const { min, max } = playerRange(variant, options);
  if (!Number.isInteger(command.seats) || command.seats < min || command.seats > max) {
    const what =
      ruleSet === null ? variant.id : `Rule set "${ruleSet.name}" (version ${ruleSet.version})`;
    const was =
      ruleSet === null
        ? `${variant.id} spielen`
        : `Regelwerk „${ruleSet.name}“ (Version ${ruleSet.version}) spielen`;
    throw ServiceError.of(
      "INVALID_OPTIONS",
      `${what} is played by ${min} to ${max} players.`,
      `${was} ${min} bis ${max} Personen.`,
    );
  }
  // What the engine would refuse to set up at this table is refused now, before a waiting room
  // is made that could never start.
  const setUp = setUpRefusal(variant, command.seats, options);
  if (setUp !== null) throw new ServiceError({ ...setUp, code: "INVALID_OPTIONS" });
  const events: NewEvent[] = [
    lobby({
      type: "lobby.created",
      data: {
        variant: variant.id,
        options,
        seats: command.seats,
        turnTimerMs: command.turnTimerMs,
        rematchOf: null,
        ruleSet,
        ...(command.spectatorsReadOnly === true ? { spectatorsReadOnly: true } : {}),
      },
    }),
  ];
  if (command.owner !== undefined) {
    events.push(
      lobby({
        type: "seat.claimed",
        data: { seat: 0, name: command.owner.name, tokenHash: hashToken(command.owner.token) },
      }),
    );
  }
  return events;
}

/**
 * The token's seat is freed. When it was the last human's in a lobby that has not started, the
 * lobby closes with it (bots alone cannot start it): it is no longer listed and counts against
 * no one's limit.
 */
function leave(match: Match, token: string): NewEvent[] {
  const seat = seatOf(match, token);
  const released = lobby({ type: "seat.released", data: { seat } });
  const lastHuman = match.seats.every((h, i) => i === seat || h.kind !== "human");
  if (match.status !== "open" || match.closed || !lastHuman) return [released];
  return [released, lobby({ type: "lobby.closed", data: { reason: "left" } })];
}

/**
 * A turn timer is off (null) or whole milliseconds from `TURN_TIMER_MIN_MS` (5 s) to
 * `TURN_TIMER_MAX_MS`: each timeout is a stored move, so a shorter one made a stream of events.
 */
function checkTurnTimer(ms: number | null): void {
  if (ms === null) return;
  if (!Number.isInteger(ms) || ms < TURN_TIMER_MIN_MS || ms > TURN_TIMER_MAX_MS) {
    const [from, to] = [TURN_TIMER_MIN_MS / 1000, TURN_TIMER_MAX_MS / 1000];
    throw ServiceError.of(
      "INVALID_INPUT",
      `A turn timer is off or from ${from} to ${to} seconds (${ms} ms given).`,
      `Ein Zugtimer ist aus oder ${from} bis ${to} Sekunden lang (${ms} ms angegeben).`,
    );
  }
}

function join(match: Match, command: Extract<LobbyCommand, { type: "join" }>): NewEvent[] {
  if (match.status === "over") throw notInLobby();
  if (match.closed) throw lobbyClosed();
  const free = freeSeats(match);
  let seat: Seat;
  if (command.seat !== undefined) {
    if (command.seat < 0 || command.seat >= match.seats.length) {
      throw ServiceError.of(
        "INVALID_INPUT",
        `There is no seat ${command.seat}.`,
        `Es gibt keinen Platz ${command.seat}.`,
      );
    }
    if (!free.includes(command.seat)) {
      throw ServiceError.of(
        "SEAT_TAKEN",
        `Seat ${command.seat} is taken.`,
        `Platz ${command.seat} ist besetzt.`,
      );
    }
    seat = command.seat;
  } else {
    const first = free[0];
    if (first === undefined) throw noFreeSeat();
    seat = first;
  }
  const tokenHash = hashToken(command.token);
  return [lobby({ type: "seat.claimed", data: { seat, name: command.name, tokenHash } })];
}

function addBots(match: Match, command: Extract<LobbyCommand, { type: "addBots" }>): NewEvent[] {
  assertHost(match, seatOf(match, command.token));
  assertInLobby(match);
  const free = freeSeats(match);
  const seats = free.slice(0, command.count ?? free.length);
  if (seats.length === 0) throw noFreeSeat();
  return seats.map((seat) => lobby({ type: "bot.seated", data: { seat, level: command.level } }));
}

function seatBot(match: Match, command: Extract<LobbyCommand, { type: "seatBot" }>): NewEvent[] {
  hostCommand(match, command.token, command.seat);
  if (match.seats[command.seat]?.kind !== "empty") {
    throw ServiceError.of(
      "SEAT_TAKEN",
      `Seat ${command.seat + 1} is taken.`,
      `Platz ${command.seat + 1} ist besetzt.`,
    );
  }
  return [lobby({ type: "bot.seated", data: { seat: command.seat, level: command.level } })];
}

function freeSeat(match: Match, command: Extract<LobbyCommand, { type: "freeSeat" }>): NewEvent[] {
  const host = hostCommand(match, command.token, command.seat);
  const holder = match.seats[command.seat];
  if (holder?.kind === "empty") {
    throw ServiceError.of(
      "SEAT_EMPTY",
      `Seat ${command.seat + 1} is free already.`,
      `Platz ${command.seat + 1} ist schon frei.`,
    );
  }
  if (command.seat === host) {
    throw ServiceError.of(
      "INVALID_INPUT",
      "That is your own seat: leave the match to free it.",
      "Das ist dein eigener Platz: verlass die Partie, um ihn freizugeben.",
    );
  }
  if (holder?.kind === "human" && command.present) {
    throw ServiceError.of(
      "PLAYER_PRESENT",
      `The player at seat ${command.seat + 1} is here: only a seat whose player left can be freed.`,
      `Wer auf Platz ${command.seat + 1} sitzt, ist da: frei wird nur ein Platz, dessen Person gegangen ist.`,
    );
  }
  return [lobby({ type: "seat.released", data: { seat: command.seat } })];
}

/** Refuses (NOT_HOST) unless `seat` is the host's (`hostOf`: the first player seated). */
function assertHost(match: Match, seat: Seat): void {
  if (hostOf(match.seats) !== seat) {
    throw ServiceError.of(
      "NOT_HOST",
      "Only the host (the first player seated) may do this.",
      "Das darf nur, wer die Partie leitet (die erste Person am Tisch).",
    );
  }
}

/**
 * The checks every host command makes: the token holds the host's seat (`hostOf`), the match
 * is in the lobby and the seat exists. Returns the host's seat.
 */
function hostCommand(match: Match, token: string, seat: Seat): Seat {
  const mine = seatOf(match, token);
  assertHost(match, mine);
  assertInLobby(match);
  if (!Number.isInteger(seat) || seat < 0 || seat >= match.seats.length) {
    throw ServiceError.of(
      "INVALID_INPUT",
      `There is no seat ${seat + 1}.`,
      `Es gibt keinen Platz ${seat + 1}.`,
    );
  }
  return mine;
}

/**
 * B-2.1/B-2.2 ("seat 0 deals unless chosen"): a player who starts a match against bots alone
 * cuts game 1, so the dealer is their left neighbour; otherwise seat 0 deals.
 */
function dealerFor(match: Match, starter: Seat): Seat | undefined {
  if (!match.seats.every((s, i) => i === starter || s.kind === "bot")) return undefined;
  const options = parseOptions(match.variant, match.options);
  if (isRefusal(options)) return undefined;
  const rules = match.variant.ruleSetFor(options) as { cut?: { enabled?: boolean } } | null;
  return rules?.cut?.enabled === true ? (starter + 1) % match.seats.length : undefined;
}

function start(match: Match, command: Extract<LobbyCommand, { type: "start" }>): NewEvent[] {
  const starter = seatOf(match, command.token);
  // The host starts: a stranger who took a seat from the lobby's list must not start (with
  // bots) before the host's friends arrive. A rematch seats the same table again, and
  // whoever of them comes first starts it.
  if (match.rematchOf === null) assertHost(match, starter);
  assertInLobby(match);
  if (match.seats.some((h) => h.kind === "empty")) {
    throw ServiceError.of(
      "SEATS_NOT_FILLED",
      "Every seat needs a player or a bot before the start.",
      "Vor dem Start braucht jeder Platz eine Person oder einen Bot.",
    );
  }
  const dealer = dealerFor(match, starter);
  const events = openMatch(match.variant, {
    players: match.seats.length,
    options: match.options,
    seed: command.seed,
    ...(dealer === undefined ? {} : { dealer }),
  });
  if (isRefusal(events)) throw new ServiceError(events);
  return events.map(toNewEvent);
}

function rematch(old: Match, token: string): NewEvent[] {
  seatOf(old, token);
  if (old.rematch !== null) return [];
  if (old.status !== "over") {
    throw ServiceError.of("NOT_OVER", "The match is not over yet.", "Die Partie läuft noch.");
  }
  const events: NewEvent[] = [
    lobby({
      type: "lobby.created",
      data: {
        variant: old.variant.id,
        options: old.options,
        seats: old.seats.length,
        // A match from before the minimum keeps its timer; its rematch gets at least the minimum.
        turnTimerMs: old.turnTimerMs === null ? null : Math.max(old.turnTimerMs, TURN_TIMER_MIN_MS),
        rematchOf: old.id,
        ruleSet: old.ruleSet,
        ...(old.spectatorsReadOnly ? { spectatorsReadOnly: true } : {}),
      },
    }),
  ];
  old.seats.forEach((h, seat) => {
    if (h.kind === "human") {
      events.push(
        lobby({ type: "seat.claimed", data: { seat, name: h.name, tokenHash: h.tokenHash } }),
      );
    } else if (h.kind === "bot") {
      events.push(lobby({ type: "bot.seated", data: { seat, level: h.level } }));
    }
  });
  return events;
}

/**
 * A practice match from any position of a finished match (its replay is public): the same
 * variant, options and rule set, the caller at one seat and bots at the others, and the finished
 * match's engine events up to `at` copied after the lobby events. The copied `match.started`
 * keeps the source's seed, public since that match ended, so the deals that follow are known to
 * anyone who read that replay: a practice match, not a fair one (the lobby shows where it came
 * from).
 */
function continueFrom(
  source: Match,
  command: Extract<LobbyCommand, { type: "continueFrom" }>,
): NewEvent[] {
  if (source.status !== "over") {
    throw ServiceError.of(
      "NOT_OVER",
      "Only a finished match can be continued from its replay.",
      "Nur eine beendete Partie lässt sich aus ihrer Wiederholung fortsetzen.",
    );
  }
  if (!Number.isInteger(command.at) || command.at < 1 || command.at > source.version) {
    throw ServiceError.of(
      "INVALID_INPUT",
      `The match has no position ${command.at} (1–${source.version}).`,
      `Die Partie hat keine Stelle ${command.at} (1–${source.version}).`,
    );
  }
  const copied = source.engineEvents(command.at);
  if (copied.length === 0) {
    throw ServiceError.of(
      "NOT_STARTED",
      "The match had not started at that point.",
      "An dieser Stelle hatte die Partie noch nicht begonnen.",
    );
  }
  const progress = source.engine.progress(source.engine.replay(copied));
  if (progress.status === "matchOver") {
    throw ServiceError.of(
      "INVALID_INPUT",
      "The match is over at that point: choose an earlier move.",
      "An dieser Stelle ist die Partie vorbei: wähle einen früheren Zug.",
    );
  }
  const seats = source.seats.length;
  const seat = command.seat ?? progress.toAct ?? 0;
  if (!Number.isInteger(seat) || seat < 0 || seat >= seats) {
    throw ServiceError.of(
      "INVALID_INPUT",
      `There is no seat ${seat}.`,
      `Es gibt keinen Platz ${seat}.`,
    );
  }
  const events: NewEvent[] = [
    lobby({
      type: "lobby.created",
      data: {
        variant: source.variant.id,
        options: source.options,
        seats,
        turnTimerMs: null,
        rematchOf: null,
        ruleSet: source.ruleSet,
        continuedFrom: { matchId: source.id, version: command.at },
      },
    }),
  ];
  for (let s = 0; s < seats; s++) {
    events.push(
      s === seat
        ? lobby({
            type: "seat.claimed",
            data: { seat: s, name: command.name, tokenHash: hashToken(command.token) },
          })
        : lobby({ type: "bot.seated", data: { seat: s, level: command.level } }),
    );
  }
  return [...events, ...copied.map(toNewEvent)];
}

/** The seat a token holds in a match, or a BAD_TOKEN refusal. */
export function seatOf(match: Match, token: string): Seat {
  return seatOfHash(match, hashToken(token));
}

/** The seat a token of this hash (`hashToken`) holds in a match, or a BAD_TOKEN refusal. */
export function seatOfHash(match: Match, tokenHash: string): Seat {
  const seat = match.seatOfTokenHash(tokenHash);
  if (seat === null) {
    throw ServiceError.of(
      "BAD_TOKEN",
      "This seat token does not hold a seat in this match.",
      "Dieses Platz-Token gehört zu keinem Platz dieser Partie.",
    );
  }
  return seat;
}

export const lobby = (event: LobbyEvent): NewEvent => event;

export const toNewEvent = (e: { type: string }): NewEvent => ({
  type: e.type,
  data: (e as { data?: unknown }).data ?? null,
});

const freeSeats = (match: Match): Seat[] =>
  match.seats.map((h, i) => (h.kind === "empty" ? i : -1)).filter((i) => i >= 0);

/**
 * The seats a match may have: the variant's range, narrowed by the rules its options make
 * (a custom rule set names its own `players` range).
 */
function playerRange(variant: AnyVariant, options: unknown): { min: number; max: number } {
  const own = (variant.ruleSetFor(options) as { players?: { min?: unknown; max?: unknown } } | null)
    ?.players;
  if (typeof own?.min !== "number" || typeof own.max !== "number") return variant.players;
  return {
    min: Math.max(variant.players.min, own.min),
    max: Math.min(variant.players.max, own.max),
  };
}

/** The match waits in the lobby: not started, not closed. */
function assertInLobby(match: Match): void {
  if (match.status !== "open") throw notInLobby();
  if (match.closed) throw lobbyClosed();
}

/** NOT_IN_LOBBY, saying why: the lobby closed before the start (`lobby.closed`). */
const lobbyClosed = () =>
  ServiceError.of(
    "NOT_IN_LOBBY",
    "The match was closed before it started: everyone left, or nobody was there for a long time.",
    "Die Partie wurde vor dem Start geschlossen: alle sind gegangen, oder lange war niemand da.",
  );

const notInLobby = () =>
  ServiceError.of(
    "NOT_IN_LOBBY",
    "The match is no longer in the lobby.",
    "Die Partie ist nicht mehr in der Lobby.",
  );

const noFreeSeat = () =>
  ServiceError.of("NO_FREE_SEAT", "Every seat is taken.", "Alle Plätze sind besetzt.");

export const matchNotFound = (matchId: string) =>
  ServiceError.of(
    "MATCH_NOT_FOUND",
    `There is no match ${matchId}.`,
    `Es gibt keine Partie ${matchId}.`,
  );

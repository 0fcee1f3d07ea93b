import type { SeatPresence } from "@maumau/client";
import type { Seat } from "@maumau/engine";
import type { Logger } from "pino";
import { lobby } from "./lobbyDecider.js";
import type { Match } from "./Match.js";
import { logFailure, type MatchRepository } from "./MatchRepository.js";

/** What the other processes know of a seat's owner. */
export interface OwnerElsewhere {
  /** The owner has a socket in another process. */
  readonly connected: boolean;
  /** Milliseconds since another process last served the owner over HTTP (the least), or null. */
  readonly seenMsAgo: number | null;
}

/** Asks every other process about a seat's owner (the socket.io adapter carries the question). */
export type PresenceProbe = (matchId: string, seat: Seat) => Promise<OwnerElsewhere>;

const NOWHERE: OwnerElsewhere = { connected: false, seenMsAgo: null };

export interface PresenceOptions {
  readonly repository: MatchRepository;
  readonly logger: Logger;
  /** How long a disconnected seat is held before a bot plays it. */
  readonly graceMs: number;
}

/**
 * Who sits at a table from this process: each seat's sockets, the grace clock of every owner
 * without one, and the takeover by a bot when it runs out (asking the other processes first).
 */
export class Presence {
  /** Sockets of this process per seat (`<matchId>:<seat>`). */
  private readonly sockets = new Map<string, number>();
  private readonly graceTimers = new Map<string, NodeJS.Timeout>();
  /** When each running grace clock runs out (`performance.now()`). */
  private readonly graceEnds = new Map<string, number>();
  private readonly changeListeners = new Set<(matchId: string) => void>();
  /** When this process last served a seat's owner over HTTP (`performance.now()`). */
  private readonly lastSeen = new Map<string, number>();
  private presentElsewhere: PresenceProbe = () => Promise.resolve(NOWHERE);
  private closing = false;

  constructor(private readonly options: PresenceOptions) {
    // Nobody is taken over after the end: a match's last commit stops its seats' clocks.
    options.repository.onCommit((match) => {
      if (match.over) this.ended(match);
    });
  }

  /** Grace clocks running: seats of unfinished matches whose owner has no socket here. */
  get graceClocks(): number {
    return this.graceTimers.size;
  }

  /** Stops the grace clocks of a finished match's seats and forgets their sightings. */
  private ended(match: Match): void {
    for (let seat = 0; seat < match.seats.length; seat++) {
      const key = `${match.id}:${seat}`;
      this.stopClock(key);
      this.lastSeen.delete(key);
    }
  }

  /** Stops a seat's grace clock, if one runs. */
  private stopClock(key: string): void {
    clearTimeout(this.graceTimers.get(key));
    this.graceTimers.delete(key);
    this.graceEnds.delete(key);
  }

  private get repository(): MatchRepository {
    return this.options.repository;
  }

  /**
   * How to ask whether a seat has a socket in another process. Before a bot takes a seat over
   * after the grace period, the owner may have moved to another process behind the balancer.
   */
  setProbe(probe: PresenceProbe): void {
    this.presentElsewhere = probe;
  }

  /** Called when a seat's owner connects or leaves here, or a grace clock starts. */
  onChange(listener: (matchId: string) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private changed(matchId: string): void {
    for (const listener of this.changeListeners) listener(matchId);
  }

  /**
   * Who is at the table as this process sees it: each human seat's owner connected here, or
   * gone, with the time left before a bot takes the seat over (running matches only).
   */
  seatsOf(match: Match): SeatPresence[] {
    const now = performance.now();
    const out: SeatPresence[] = [];
    match.seats.forEach((holder, seat) => {
      if (holder.kind !== "human") return;
      const key = `${match.id}:${seat}`;
      const end = this.graceEnds.get(key);
      const connected = this.socketsOf(key) > 0;
      out.push({
        seat,
        connected,
        graceLeftMs:
          connected || holder.away || end === undefined || match.status !== "running"
            ? null
            : Math.max(0, Math.round(end - now)),
      });
    });
    return out;
  }

  seatConnected(matchId: string, seat: Seat): void {
    const key = `${matchId}:${seat}`;
    this.sockets.set(key, (this.sockets.get(key) ?? 0) + 1);
    this.stopClock(key);
    this.changed(matchId);
    if (this.closing) return;
    this.repository
      .commit(matchId, (m) => {
        const h = m.seats[seat];
        return h?.kind === "human" && h.away && m.status === "running"
          ? [lobby({ type: "seat.returned", data: { seat } })]
          : null;
      })
      .catch((error: unknown) => logFailure(this.options.logger, error, matchId, "return failed"));
  }

  seatDisconnected(matchId: string, seat: Seat): void {
    const key = `${matchId}:${seat}`;
    const left = (this.sockets.get(key) ?? 1) - 1;
    if (left > 0) {
      this.sockets.set(key, left);
      return;
    }
    this.sockets.delete(key);
    // A seat left after the match's end needs no clock (one that is not in memory may: the
    // clock's end looks at it again).
    if (this.repository.peek(matchId)?.over !== true) this.armGrace(matchId, seat);
    this.changed(matchId);
  }

  /**
   * After the grace period a bot takes the seat over, unless the owner is here or elsewhere
   * (a socket in any process, or an HTTP request served by any process within the grace
   * period): then the clock starts again, so that this process still acts if the one that
   * holds the owner dies. In the lobby the wait starts again too.
   */
  private armGrace(matchId: string, seat: Seat, ms = this.options.graceMs): void {
    const key = `${matchId}:${seat}`;
    if (this.closing) return;
    clearTimeout(this.graceTimers.get(key));
    const timer = setTimeout(() => {
      this.graceTimers.delete(key);
      this.graceEnds.delete(key);
      this.graceOver(matchId, seat).catch((error: unknown) =>
        logFailure(this.options.logger, error, matchId, "takeover failed"),
      );
    }, ms);
    timer.unref();
    this.graceTimers.set(key, timer);
    this.graceEnds.set(key, performance.now() + ms);
  }

  private async graceOver(matchId: string, seat: Seat): Promise<void> {
    const key = `${matchId}:${seat}`;
    const { graceMs } = this.options;
    if (this.socketsOf(key) > 0) return;
    const elsewhere = await this.presentElsewhere(matchId, seat).catch((error: unknown) => {
      this.options.logger.warn({ err: error, matchId, seat }, "presence probe failed");
      return NOWHERE;
    });
    if (this.socketsOf(key) > 0 || this.closing) return;
    const seenMsAgo = Math.min(this.seenMsAgo(key) ?? Infinity, elsewhere.seenMsAgo ?? Infinity);
    // Present somewhere: look again after a grace period (or when this sighting runs out).
    const present = elsewhere.connected
      ? graceMs
      : seenMsAgo < graceMs
        ? graceMs - seenMsAgo
        : null;
    let again: number | null = null;
    await this.repository.commit(
      matchId,
      (m) => {
        const h = m.seats[seat];
        if (h?.kind !== "human" || h.away || m.status === "over") return null;
        if (m.status === "open" || present !== null) {
          again = present ?? graceMs;
          return null;
        }
        return [lobby({ type: "seat.botTakenOver", data: { seat } })];
      },
      { fresh: true },
    );
    if (again !== null) this.armGrace(matchId, seat, again);
    else this.lastSeen.delete(key);
  }

  private socketsOf(key: string): number {
    return this.sockets.get(key) ?? 0;
  }

  private seenMsAgo(key: string): number | null {
    const at = this.lastSeen.get(key);
    return at === undefined ? null : performance.now() - at;
  }

  /** Whether a seat's owner has a socket here or in another process (asked through the probe). */
  async present(matchId: string, seat: Seat): Promise<boolean> {
    if (this.socketsOf(`${matchId}:${seat}`) > 0) return true;
    const elsewhere = await this.presentElsewhere(matchId, seat).catch(() => NOWHERE);
    return elsewhere.connected;
  }

  /** What this process knows of a seat's owner, for another process that asks. */
  ownerHere(matchId: string, seat: Seat): OwnerElsewhere {
    const key = `${matchId}:${seat}`;
    return { connected: this.socketsOf(key) > 0, seenMsAgo: this.seenMsAgo(key) };
  }

  /**
   * Every human seat of a running match that has no socket here is on a grace clock: after a
   * restart, in every process of a scaled-out server, and for an owner who only ever used HTTP
   * (`seen` restarts the clock). When it runs out the seat is handed to a bot, once: the
   * takeover is decided on a fresh read with the expected version, and a process where the
   * owner is connected (or any other, through the presence probe) holds the seat.
   */
  watchForAbsentOwners(match: Match): void {
    if (match.status !== "running") return;
    let armed = false;
    match.seats.forEach((holder, seat) => {
      if (holder.kind !== "human" || holder.away) return;
      const key = `${match.id}:${seat}`;
      if ((this.sockets.get(key) ?? 0) > 0 || this.graceTimers.has(key)) return;
      this.armGrace(match.id, seat);
      armed = true;
    });
    if (armed) this.changed(match.id);
  }

  /** The seat's owner acted or looked without a socket here (HTTP): their grace starts anew. */
  seen(match: Match, seat: Seat): void {
    const key = `${match.id}:${seat}`;
    if (this.socketsOf(key) > 0 || match.status !== "running") return;
    // Other processes ask for this when their own clock for the seat runs out.
    this.lastSeen.set(key, performance.now());
    this.armGrace(match.id, seat);
  }

  /** A seat of the match has a socket here or a grace clock running. */
  holds(match: Match): boolean {
    if (match.status === "over") return false;
    return match.seats.some((_, seat) => {
      const key = `${match.id}:${seat}`;
      return this.graceTimers.has(key) || (this.sockets.get(key) ?? 0) > 0;
    });
  }

  /** Stops every grace clock; no new ones start. */
  close(): void {
    this.closing = true;
    for (const timer of this.graceTimers.values()) clearTimeout(timer);
    this.graceTimers.clear();
    this.graceEnds.clear();
    this.changeListeners.clear();
    this.lastSeen.clear();
  }
}

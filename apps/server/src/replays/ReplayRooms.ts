import { randomBytes } from "node:crypto";
import type {
  ReplayRoomFrame,
  ReplayRoomLine,
  ReplayRoomMember,
  ReplayRoomTicket,
} from "@maumau/client";
import { ServiceError } from "../errors/ServiceError.js";
import type { MatchService } from "../matches/MatchService.js";
import { hashToken, newSeatToken } from "../matches/tokens.js";
import { TokenBucket } from "../security/TokenBucket.js";

export interface ReplayRoomLimits {
  /** Rooms this process holds at once. */
  readonly rooms: number;
  /** Rooms opened by one client (address) that this process holds at once. */
  readonly roomsPerClient: number;
  /** Members of one room (online or not). */
  readonly members: number;
  /** A room nobody watches and nobody used for this long is dropped. */
  readonly idleMs: number;
  /** A leader without a socket for this long hands the lead to the longest-present online member. */
  readonly leadGraceMs: number;
  /** Chat lines per member: this many at once, refilled at `chatPerSecond`. */
  readonly chatBurst: number;
  readonly chatPerSecond: number;
}

export const REPLAY_ROOM_LIMITS: ReplayRoomLimits = {
  rooms: 500,
  roomsPerClient: 10,
  members: 32,
  idleMs: 30 * 60_000,
  leadGraceMs: 30_000,
  chatBurst: 5,
  chatPerSecond: 0.5,
};

/** Chat lines a room keeps (and sends in every frame). */
const CHAT_KEPT = 100;

export interface ReplayRoomsOptions {
  /**
   * The number of events of a finished match's log; throws MATCH_NOT_FOUND for an unknown
   * match and NOT_OVER for one still being played (its log is not public yet).
   */
  readonly finishedLength: (matchId: string) => Promise<number>;
  readonly limits?: Partial<ReplayRoomLimits>;
  /** Milliseconds, for expiry and the chat rate (tests pass their own clock). */
  readonly now?: () => number;
}

interface Member {
  readonly id: string;
  readonly name: string;
  readonly tokenHash: string;
  readonly chat: TokenBucket;
  sockets: number;
}

interface Room {
  readonly id: string;
  readonly matchId: string;
  /** Who opened it (their address), for the per-client limit. */
  readonly client: string;
  readonly last: number;
  readonly members: Map<string, Member>;
  readonly chat: ReplayRoomLine[];
  at: number;
  leader: string;
  version: number;
  nextMember: number;
  nextLine: number;
  usedAt: number;
  leadTimer: NodeJS.Timeout | null;
}

type Listener = (frame: ReplayRoomFrame) => void;

/** `finishedLength` from the match service: the full log's length once the match is over. */
export const finishedLengthIn =
  (service: MatchService) =>
  async (matchId: string): Promise<number> => {
    const history = await service.history({ matchId });
    if (!history.full) {
      throw ServiceError.of(
        "NOT_OVER",
        "A match is watched together once it is over (its log is public then).",
        "Eine Partie wird gemeinsam angesehen, wenn sie vorbei ist (dann ist ihr Protokoll öffentlich).",
      );
    }
    return history.events.length;
  };

/**
 * The shared replay rooms of this process, in memory: who is in each, who leads, the leader's
 * position and the chat. A room lives in the process that opened it (its members' sockets and
 * calls must reach that process); its frames go out through socket.io rooms, which the Redis
 * adapter carries to sockets of other processes. Nothing is stored: a restart closes every room.
 */
export class ReplayRooms {
  private readonly rooms = new Map<string, Room>();
  private readonly listeners = new Set<Listener>();
  private readonly limits: ReplayRoomLimits;
  private readonly now: () => number;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: ReplayRoomsOptions) {
    this.limits = { ...REPLAY_ROOM_LIMITS, ...options.limits };
    this.now = options.now ?? (() => Date.now());
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  /** Called with the whole room after every change. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.rooms.size;
  }

  /** A new room on a finished match, its opener the first member and the leader. */
  async open(input: {
    matchId: string;
    name: string;
    at?: number | undefined;
    client?: string | undefined;
  }): Promise<ReplayRoomTicket> {
    const last = await this.options.finishedLength(input.matchId);
    this.sweep();
    if (this.rooms.size >= this.limits.rooms) {
      throw ServiceError.of(
        "LIMIT",
        `This server holds at most ${this.limits.rooms} shared replays at once; try again later.`,
        `Dieser Server hält höchstens ${this.limits.rooms} gemeinsame Wiederholungen gleichzeitig; versuch es später noch einmal.`,
      );
    }
    const client = input.client ?? "";
    const mine = [...this.rooms.values()].filter((r) => r.client === client).length;
    if (mine >= this.limits.roomsPerClient) {
      throw ServiceError.of(
        "LIMIT",
        `At most ${this.limits.roomsPerClient} shared replays opened by one client at once.`,
        `Höchstens ${this.limits.roomsPerClient} gemeinsame Wiederholungen von einem Client gleichzeitig.`,
      );
    }
    const room: Room = {
      id: randomBytes(12).toString("base64url"),
      matchId: input.matchId,
      client,
      last,
      members: new Map(),
      chat: [],
      at: Math.min(input.at ?? 0, last),
      leader: "",
      version: 0,
      nextMember: 1,
      nextLine: 1,
      usedAt: this.now(),
      leadTimer: null,
    };
    this.rooms.set(room.id, room);
    const ticket = this.addMember(room, input.name);
    room.leader = ticket.memberId;
    return ticket;
  }

  join(input: { roomId: string; name: string }): ReplayRoomTicket {
    const room = this.room(input.roomId);
    const ticket = this.addMember(room, input.name);
    this.changed(room);
    return ticket;
  }

  /** The leader moves: everyone who follows sees move `at`. */
  seek(input: { roomId: string; token: string; at: number }): ReplayRoomFrame {
    const { room } = this.leaderOf(input.roomId, input.token);
    if (input.at > room.last) {
      throw ServiceError.of(
        "INVALID_INPUT",
        `This replay has ${room.last} moves: at is 0 to ${room.last}.`,
        `Diese Wiederholung hat ${room.last} Züge: at ist 0 bis ${room.last}.`,
      );
    }
    if (room.at === input.at) return this.frameOf(room);
    room.at = input.at;
    return this.changed(room);
  }

  /** The leader passes the lead to another member. */
  handOver(input: { roomId: string; token: string; to: string }): ReplayRoomFrame {
    const { room } = this.leaderOf(input.roomId, input.token);
    if (!room.members.has(input.to)) {
      throw ServiceError.of(
        "INVALID_INPUT",
        "The lead goes to a member of this room.",
        "Die Führung geht an ein Mitglied dieses Raums.",
      );
    }
    this.lead(room, input.to);
    return this.changed(room);
  }

  /** A chat line beside the replay (its text checked by the procedure's schema). */
  say(input: { roomId: string; token: string; text: string }): ReplayRoomFrame {
    const { room, member } = this.memberOf(input.roomId, input.token);
    if (!member.chat.take()) {
      throw ServiceError.of(
        "RATE_LIMITED",
        `Not so fast: at most ${this.limits.chatBurst} lines in a row, then one every ${1 / this.limits.chatPerSecond} seconds.`,
        `Nicht so schnell: höchstens ${this.limits.chatBurst} Zeilen am Stück, dann eine alle ${1 / this.limits.chatPerSecond} Sekunden.`,
      );
    }
    room.chat.push({
      id: room.nextLine++,
      from: member.id,
      name: member.name,
      text: input.text,
      at: new Date(this.now()).toISOString(),
    });
    if (room.chat.length > CHAT_KEPT) room.chat.splice(0, room.chat.length - CHAT_KEPT);
    return this.changed(room);
  }

  /** A member leaves for good; a leaving leader hands the lead on first. */
  leave(input: { roomId: string; token: string }): { roomId: string } {
    const { room, member } = this.memberOf(input.roomId, input.token);
    room.members.delete(member.id);
    if (room.members.size === 0) {
      this.drop(room);
      return { roomId: room.id };
    }
    if (room.leader === member.id) this.lead(room, this.successor(room) ?? first(room));
    this.changed(room);
    return { roomId: room.id };
  }

  /** A socket of the token's member watches the room: its member id and the room as it is. */
  connected(roomId: string, token: string): { memberId: string; frame: ReplayRoomFrame } {
    const { room, member } = this.memberOf(roomId, token);
    member.sockets++;
    if (member.id === room.leader && room.leadTimer !== null) {
      clearTimeout(room.leadTimer);
      room.leadTimer = null;
    }
    return {
      memberId: member.id,
      frame: member.sockets === 1 ? this.changed(room) : this.frameOf(room),
    };
  }

  /** That socket stopped watching (or is gone). */
  disconnected(roomId: string, memberId: string): void {
    const room = this.rooms.get(roomId);
    const member = room?.members.get(memberId);
    if (room === undefined || member === undefined || member.sockets === 0) return;
    member.sockets--;
    room.usedAt = this.now();
    if (member.sockets > 0) return;
    if (member.id === room.leader && room.leadTimer === null) {
      room.leadTimer = setTimeout(() => {
        room.leadTimer = null;
        const next = this.rooms.get(room.id) === room ? this.successor(room) : null;
        if (next !== null && room.members.get(room.leader)?.sockets === 0) {
          this.lead(room, next);
          this.changed(room);
        }
      }, this.limits.leadGraceMs);
      room.leadTimer.unref();
    }
    this.changed(room);
  }

  frame(roomId: string): ReplayRoomFrame {
    return this.frameOf(this.room(roomId));
  }

  /** Drops the rooms nobody watches that were not used for `idleMs`. */
  sweep(): void {
    const now = this.now();
    for (const room of this.rooms.values()) {
      const watched = [...room.members.values()].some((m) => m.sockets > 0);
      if (!watched && now - room.usedAt >= this.limits.idleMs) this.drop(room);
    }
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const room of [...this.rooms.values()]) this.drop(room);
  }

  private addMember(room: Room, name: string): ReplayRoomTicket {
    if (room.members.size >= this.limits.members) {
      throw ServiceError.of(
        "LIMIT",
        `A shared replay has at most ${this.limits.members} members.`,
        `Eine gemeinsame Wiederholung hat höchstens ${this.limits.members} Mitglieder.`,
      );
    }
    const token = newSeatToken();
    const member: Member = {
      id: `m${room.nextMember++}`,
      name,
      tokenHash: hashToken(token),
      chat: new TokenBucket(this.limits.chatPerSecond, this.limits.chatBurst, this.now),
      sockets: 0,
    };
    room.members.set(member.id, member);
    return { roomId: room.id, matchId: room.matchId, memberId: member.id, token };
  }

  private room(roomId: string): Room {
    const room = this.rooms.get(roomId);
    if (room === undefined) {
      throw ServiceError.of(
        "ROOM_NOT_FOUND",
        "There is no such shared replay (any more): open a new one from the replay.",
        "Diese gemeinsame Wiederholung gibt es nicht (mehr): öffne eine neue aus der Wiederholung.",
      );
    }
    return room;
  }

  private memberOf(roomId: string, token: string): { room: Room; member: Member } {
    const room = this.room(roomId);
    const hash = hashToken(token);
    for (const member of room.members.values()) {
      if (member.tokenHash === hash) {
        room.usedAt = this.now();
        return { room, member };
      }
    }
    throw ServiceError.of(
      "BAD_TOKEN",
      "This token is not a member of this shared replay.",
      "Dieses Token gehört zu keinem Mitglied dieser gemeinsamen Wiederholung.",
    );
  }

  private leaderOf(roomId: string, token: string): { room: Room; member: Member } {
    const found = this.memberOf(roomId, token);
    if (found.room.leader !== found.member.id) {
      throw ServiceError.of(
        "NOT_LEADER",
        "Only the leader moves the shared replay and hands the lead over.",
        "Nur wer führt, bewegt die gemeinsame Wiederholung und gibt die Führung ab.",
      );
    }
    return found;
  }

  private lead(room: Room, memberId: string): void {
    room.leader = memberId;
    if (room.leadTimer !== null) {
      clearTimeout(room.leadTimer);
      room.leadTimer = null;
    }
  }

  /** The longest-present online member other than the leader, else null. */
  private successor(room: Room): string | null {
    for (const member of room.members.values()) {
      if (member.id !== room.leader && member.sockets > 0) return member.id;
    }
    return null;
  }

  private drop(room: Room): void {
    if (room.leadTimer !== null) clearTimeout(room.leadTimer);
    this.rooms.delete(room.id);
  }

  private changed(room: Room): ReplayRoomFrame {
    room.version++;
    room.usedAt = this.now();
    const frame = this.frameOf(room);
    for (const listener of this.listeners) listener(frame);
    return frame;
  }

  private frameOf(room: Room): ReplayRoomFrame {
    const members: ReplayRoomMember[] = [...room.members.values()].map((m) => ({
      id: m.id,
      name: m.name,
      online: m.sockets > 0,
    }));
    return {
      roomId: room.id,
      matchId: room.matchId,
      version: room.version,
      at: room.at,
      last: room.last,
      leader: room.leader,
      members,
      chat: [...room.chat],
    };
  }
}

const first = (room: Room): string => room.members.keys().next().value ?? "";

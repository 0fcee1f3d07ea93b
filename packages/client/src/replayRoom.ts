/**
 * Shared replays ("watch together"): a room on the server where one member, the leader, steps
 * through a finished match and everyone's view follows; the others may step on their own and
 * come back to the leader. The server keeps only who is there, the leader's position and the
 * room's chat; each client folds the match's public log itself.
 */

/** The longest chat line in a replay room, in characters (code points). */
export const REPLAY_CHAT_MAX = 280;

/** What `replayRoom.open` and `replayRoom.join` answer: who you are in the room. */
export interface ReplayRoomTicket {
  readonly roomId: string;
  readonly matchId: string;
  readonly memberId: string;
  /** The member token: keep it, send it with every call of this member. */
  readonly token: string;
}

export interface ReplayRoomMember {
  readonly id: string;
  readonly name: string;
  /** A socket of this member watches the room now. */
  readonly online: boolean;
}

export interface ReplayRoomLine {
  readonly id: number;
  /** The member id of the writer, and their name when they wrote. */
  readonly from: string;
  readonly name: string;
  readonly text: string;
  readonly at: string;
}

/**
 * Socket.io `replayRoom`: the whole room after every change (a seek, a hand-over, a member
 * joining, leaving, coming or going, a chat line). `at` is the leader's position: the number
 * of events of the match's log shown (0 … `last`), as a replay's `?at=`.
 */
export interface ReplayRoomFrame {
  readonly roomId: string;
  readonly matchId: string;
  /** Grows with every change: a frame older than the one shown is stale. */
  readonly version: number;
  readonly at: number;
  readonly last: number;
  readonly leader: string;
  readonly members: readonly ReplayRoomMember[];
  /** The newest lines, oldest first (at most 100). */
  readonly chat: readonly ReplayRoomLine[];
}

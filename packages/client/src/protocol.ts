import type {
  BotLevel,
  Command,
  FamilyView,
  Localized,
  OptionDoc,
  Progress,
  RefusalCode,
  RuleId,
  RuleText,
  Seat,
  Theme,
  Viewer,
} from "@maumau/engine";

/**
 * The wire protocol between the server and every front end (web, CLI, test clients): what the
 * server sends, in one place. The server builds these shapes; clients only read them.
 */

export type MatchStatus = "open" | "running" | "over";

/**
 * Every bot level a seat may take, weakest first, for lobby selects: the engine's
 * `BOT_LEVELS` without loading the engine. The `Record` makes a level added to the engine
 * fail to compile here until it is listed.
 */
export const BOT_LEVELS = Object.keys({
  random: true,
  heuristic: true,
  search: true,
} satisfies Record<BotLevel, true>) as readonly BotLevel[];

/** A saved rule set by name and version: what a match created from it records. */
export interface RuleSetRef {
  readonly name: string;
  readonly version: number;
}

/** A seat as every client may see it. */
export interface SeatView {
  readonly seat: Seat;
  readonly kind: "empty" | "human" | "bot";
  readonly name: string | null;
  readonly level: BotLevel | null;
  readonly away: boolean;
}

/**
 * The host of a match: the human at the lowest seat (the creator's seat 0 until they leave).
 * Only the host seats a bot on a chosen seat or frees another's seat (`lobby.seatBot`,
 * `lobby.freeSeat`).
 */
export function hostOf(seats: readonly { readonly kind: string }[]): Seat | null {
  const seat = seats.findIndex((s) => s.kind === "human");
  return seat < 0 ? null : seat;
}

/** Whether a human seat's owner is at the table (`presence` messages, per process). */
export interface SeatPresence {
  readonly seat: Seat;
  /** A socket watches the match with the seat's token. */
  readonly connected: boolean;
  /**
   * Not connected in a running match: milliseconds left, when sent, before a bot takes the
   * seat over (`GRACE_MS`). Null while connected, in the lobby, or once a bot plays (`away`).
   */
  readonly graceLeftMs: number | null;
}

/** Server → client `presence`: every human seat of a match, after each change and on a watch. */
export interface PresenceFrame {
  readonly matchId: string;
  readonly seats: readonly SeatPresence[];
}

/** The lobby part of a match, public. */
export interface LobbyView {
  readonly matchId: string;
  readonly variant: string;
  readonly options: unknown;
  /** The saved rule set the options came from (`custom` matches created from one), else null. */
  readonly ruleSet: RuleSetRef | null;
  readonly status: MatchStatus;
  readonly seats: readonly SeatView[];
  readonly turnTimerMs: number | null;
  readonly rematchOf: string | null;
  /** A practice match continued from a finished match's replay: which one, after which event. */
  readonly continuedFrom: { readonly matchId: string; readonly version: number } | null;
  readonly rematch: string | null;
  /** The seat that asked for the rematch (null when unknown or there is none). */
  readonly rematchBy: Seat | null;
  /** The host's setting: spectators read the table talk but may not write. */
  readonly spectatorsReadOnly: boolean;
  /**
   * True once the lobby closed before the start (`lobby.closed`: the last human left, or
   * nobody was there for `LOBBY_IDLE_MS`): it takes no one and is no longer listed. Absent
   * otherwise.
   */
  readonly closed?: boolean;
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * A match as `lobby.list` shows it: its lobby view without the options (issue #18: a list
 * answer stays small, whatever the matches' options; `lobby.get` answers one match's full
 * view). `title` is a house-rules match's own name (at most 80 characters), else null.
 */
export interface MatchSummary extends Omit<LobbyView, "options"> {
  readonly title: string | null;
}

/** An event as one viewer may see it, with its place in the match stream. */
export interface ViewEvent {
  readonly version: number;
  readonly type: string;
  readonly data: unknown;
  readonly at: string;
}

/** Everything a viewer needs to draw the table at one version. */
export interface MatchSnapshot {
  readonly matchId: string;
  readonly version: number;
  readonly viewer: Viewer;
  readonly lobby: LobbyView;
  /**
   * The engine's view for this viewer, one family's, told apart by `family`; null before the
   * start.
   */
  readonly view: FamilyView | null;
  readonly progress: Progress | null;
  /** The moves this seat may make now (empty for spectators and when it is not their turn). */
  readonly legal: readonly Command[];
  /** Where the game stands on its variant's statechart; null before the start. */
  readonly machine: MachinePosition | null;
}

/**
 * The statechart position of a match: public facts only (the same for every viewer). `state`
 * is the dotted state after the last event (`turn.underPenalty`, as in the engine's
 * `chartOf(machine)` ids); `taken` the machine events the last command took, the command
 * first (`["playCard", "effect.draw"]`), empty for a match's opening.
 */
export interface MachinePosition {
  readonly state: string;
  readonly taken: readonly string[];
}

/** What a client gets pushed or catches up with: the missed events in order, or a snapshot. */
export type MatchFrame =
  | {
      readonly kind: "events";
      readonly matchId: string;
      readonly version: number;
      readonly events: readonly ViewEvent[];
      readonly snapshot: MatchSnapshot;
    }
  | {
      readonly kind: "snapshot";
      readonly matchId: string;
      readonly version: number;
      readonly snapshot: MatchSnapshot;
    };

/**
 * On the wire only (socket.io `match` events): the frame of a commit, without what the viewer's
 * last snapshot already holds. `SocketClient` completes it into an `events` MatchFrame from the
 * last full snapshot of the match it was sent (every watch starts with one), so listeners only
 * ever see MatchFrames.
 * - `lobby` is left out when only its `version` and `updatedAt` changed (no lobby event, no
 *   change of status): they become the frame's version and the time of its last event that is
 *   not table talk (a chat line leaves `updatedAt`, where the turn timer counts from, alone);
 * - `view.rules` is left out once the match has started (the rules never change after that);
 * - the view comes as what changed (`viewPatch`) when the server built the viewer's view of the
 *   version just before the commit: the keys whose values changed, and the keys that are gone.
 *   Such a delta is completed only on exactly that version's snapshot.
 */
export interface DeltaFrame {
  readonly kind: "delta";
  readonly matchId: string;
  readonly version: number;
  readonly viewer: Viewer;
  readonly events: readonly ViewEvent[];
  readonly lobby?: LobbyView;
  /** The whole view (null before the start); left out when `viewPatch` says what changed. */
  readonly view?: unknown;
  /** What changed in the view since the snapshot of the version before the commit. */
  readonly viewPatch?: ViewPatch;
  readonly progress: Progress | null;
  readonly legal: readonly Command[];
  /** The statechart position after the commit (public facts, the same for every viewer). */
  readonly machine: MachinePosition | null;
}

/**
 * A view's change from one version to the next: `set`, the keys whose values changed (or are
 * new); `drop`, the keys that are gone. Applied in that order on the older view.
 */
export interface ViewPatch {
  readonly set: Readonly<Record<string, unknown>>;
  readonly drop?: readonly string[];
}

/**
 * On the wire only: a seat's frame of a commit, in two parts. The public part, `shared`, is the
 * spectator's `DeltaFrame`: the server builds and encodes it once per commit (spectators get it
 * alone, as a broadcast to their room) and each human seat's sockets (those that watch with its
 * owner's token) get it with the seat's private part, in one packet. `SocketClient` joins the two
 * (`joinParts`) into the seat's `DeltaFrame`:
 * - `events`: the seat's own versions of the commit's events where they differ from the public
 *   ones (its drawn cards), by version; left out when none differ;
 * - the view, in one of three ways:
 *   - the public part has a whole `view`: `view` holds the keys of the seat's view whose values
 *     differ from the public view's (its hand, `viewer`, …); the public view's other keys are
 *     the seat's too. Null before the start;
 *   - the public part has a `viewPatch` and the server built the seat's view of the version
 *     before: `viewPatch` is what the seat's view needs beyond the public patch (its hand when
 *     it changed), applied after it;
 *   - the public part has a `viewPatch` but the server has no such view of the seat: `view` is
 *     the seat's whole view (its `rules` left out once started);
 * - `legal`: the seat's legal moves.
 */
export interface PrivateFrame {
  readonly kind: "private";
  readonly matchId: string;
  readonly version: number;
  readonly viewer: Seat;
  readonly events?: readonly ViewEvent[];
  readonly view?: Readonly<Record<string, unknown>> | null;
  readonly viewPatch?: ViewPatch;
  readonly legal: readonly Command[];
  /** The commit's public part, the same object (and JSON text) for every seat. */
  readonly shared: DeltaFrame;
}

/**
 * What a socket receives as `match`: a full frame (watch, catch-up), a commit's public part
 * (a spectator's `DeltaFrame`) or a seat's frame (`PrivateFrame`).
 */
export type WireFrame = MatchFrame | DeltaFrame | PrivateFrame;

/**
 * What a socket receives as `seat`: it no longer watches a seat, because the token it watched
 * with stopped owning it (the seat was left, and may belong to someone else by now). The socket
 * is out of the seat's rooms and gets no more frames of that match (as that seat) from
 * `version` on; the token is refused (`BAD_TOKEN`) from then on. A client forgets the token and
 * may watch on as a spectator.
 */
export interface SeatNotice {
  readonly type: "SEAT_LOST";
  readonly matchId: string;
  readonly seat: Seat;
  /** The version of the commit after which the token no longer owned the seat. */
  readonly version: number;
  /** The same news as a typed refusal (`SEAT_LOST`), for clients that show refusals. */
  readonly refusal: ErrorRefusal;
}

export interface SeatTicket {
  readonly matchId: string;
  readonly seat: Seat;
  /** The seat token: keep it secret, send it with every command of this seat. */
  readonly token: string;
}

export interface CommandResult {
  readonly matchId: string;
  readonly version: number;
  /** True when this command id had been handled before: the same answer, nothing appended. */
  readonly duplicate: boolean;
  /** The events the command caused, as the acting seat sees them. */
  readonly events: readonly ViewEvent[];
}

export interface HistoryResult {
  readonly matchId: string;
  readonly version: number;
  /** True once the match is over: the log is shown in full, every card and shuffle. */
  readonly full: boolean;
  readonly events: readonly ViewEvent[];
}

/** A JSON Schema (draft 2020-12) fragment, as zod's `toJSONSchema` writes it. */
export interface OptionSchema {
  readonly type?: string;
  readonly properties?: Readonly<Record<string, OptionSchema>>;
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly default?: unknown;
  readonly description?: string;
  readonly [key: string]: unknown;
}

/** A variant as clients see it (`GET /api/variants`, `variants.list`): no engine code. */
/**
 * A variant's own word (`Theme.words`) in `lang` with `{colour}` filled in, or null where the
 * variant has none (the client then says it in Mau Mau's words).
 */
export const wordWith = (
  text: Localized | undefined,
  lang: keyof Localized,
  colour: string,
): string | null => (text === undefined ? null : text[lang].split("{colour}").join(colour));

export interface VariantSummary {
  readonly id: string;
  readonly names: Localized;
  readonly description: Localized;
  readonly players: { readonly min: number; readonly max: number };
  readonly optionDocs: readonly OptionDoc[];
  /** The options' JSON Schema, for forms; null where a form cannot be made from it. */
  readonly optionSchema: OptionSchema | null;
  readonly ruleBook: readonly RuleText[];
  readonly theme: Theme;
}

/**
 * server → client: frames (and lobby signals) may have been lost while the server's processes
 * could not reach each other; watch every match again with `afterVersion`, read the lobby again.
 */
export const RESYNC = "resync";

/**
 * server → client `shutdown` (`ShutdownNotice`): this process is draining (SIGTERM). Commands
 * already sent are answered; the server then closes the connection, and the client connects
 * again (behind a balancer, to another process) and watches again as after any reconnect.
 * `SocketClient` holds new procedure calls until it has reconnected.
 */
export const SHUTDOWN = "shutdown";

export interface ShutdownNotice {
  readonly type: "SHUTDOWN";
  /** Always true: connect again (with the usual back-off), nothing was lost. */
  readonly reconnect: true;
  readonly message: { readonly en: string; readonly de: string };
}

/** Codes the server adds to the engine's refusal codes; every error carries one. */
export const SERVER_CODES = [
  "INVALID_INPUT",
  "INVALID_OPTIONS",
  "UNKNOWN_VARIANT",
  "INVALID_RULE_SET",
  "MATCH_NOT_FOUND",
  "ROOM_NOT_FOUND",
  "NOT_LEADER",
  "RULE_SET_NOT_FOUND",
  "BAD_TOKEN",
  "SEAT_LOST",
  "TOKEN_IN_URL",
  "NOT_OWNER",
  "SEAT_TAKEN",
  "SEAT_EMPTY",
  "NOT_HOST",
  "PLAYER_PRESENT",
  "NO_FREE_SEAT",
  "NOT_IN_LOBBY",
  "NOT_STARTED",
  "NOT_OVER",
  "SEATS_NOT_FILLED",
  "CONFLICT",
  "RATE_LIMITED",
  "LIMIT",
  "PAYLOAD_TOO_LARGE",
  "SOCKET_ONLY",
  "SHUTTING_DOWN",
  "STORE_UNAVAILABLE",
  "FORBIDDEN_ORIGIN",
  "FORBIDDEN_HOST",
  "INTERNAL",
  "CHAT_EMPTY",
  "CHAT_TOO_LONG",
  "CHAT_TOO_FAST",
  "CHAT_BAD_TEXT",
  "UNKNOWN_REACTION",
  "SPECTATORS_READ_ONLY",
] as const;
export type ServerCode = (typeof SERVER_CODES)[number];

/** One error model for every transport: the engine's refusal shape, with server codes added. */
export interface ErrorRefusal {
  readonly code: RefusalCode | ServerCode;
  readonly rule?: RuleId;
  readonly message: Localized;
  /** INTERNAL only: names the server's log line of the failure (its text stays there). */
  readonly errorId?: string;
}

/** The answer to a socket `rpc`: the procedure's data, or exactly the tRPC error shape. */
export interface RpcAnswer {
  readonly id: string | number | null;
  readonly result?: { readonly data: unknown };
  readonly error?: unknown;
}

/**
 * The server's own events in a match stream (lobby, seats and table talk); every other event
 * is the engine's.
 */
export const LOBBY_EVENT_TYPES = [
  "lobby.created",
  "seat.claimed",
  "seat.released",
  "bot.seated",
  "seat.botTakenOver",
  "seat.returned",
  "seat.timedOut",
  "lobby.rematched",
  "lobby.closed",
  "chat.said",
  "chat.reacted",
] as const;

/** Table talk: lines and quick reactions. They never change the game, its turn or its timer. */
export const CHAT_EVENT_TYPES = ["chat.said", "chat.reacted"] as const;

export const isChatEventType = (type: string): boolean =>
  (CHAT_EVENT_TYPES as readonly string[]).includes(type);

/** Who wrote a chat line: a seat (with its name at the time) or a spectator (a name they gave). */
export type ChatSender =
  { readonly seat: Seat; readonly name: string | null } | { readonly spectator: string };

export interface ChatSaid {
  readonly from: ChatSender;
  readonly text: string;
}

export interface ChatReacted {
  readonly from: ChatSender;
  /** An id of `REACTIONS`. */
  readonly reaction: ReactionId;
}

/**
 * A match's turn timer (`lobby.create`'s `turnTimerMs`), in milliseconds: at least 5 s (each
 * timeout is a stored move: a shorter one is no time to play, only a stream of events), at most
 * 10 minutes. The web's choices and the CLI's `--timer` stay within these.
 */
export const TURN_TIMER_MIN_MS = 5_000;
export const TURN_TIMER_MAX_MS = 600_000;

/** The longest chat line, in characters (Unicode code points). */
export const CHAT_MAX_LENGTH = 280;

/** The quick reactions, a small fixed set; `react N` (1-based) and the web's row use this order. */
export const REACTIONS = [
  { id: "mau", label: { de: "Mau!", en: "Mau!" } },
  { id: "nice", label: { de: "Schöner Zug", en: "Nice one" } },
  { id: "oops", label: { de: "Hoppla", en: "Oops" } },
  { id: "heulDoch", label: { de: "Heul doch!", en: "Heul doch!" } },
  { id: "thumbsUp", label: { de: "👍", en: "👍" } },
  { id: "crying", label: { de: "😭", en: "😭" } },
  { id: "laughing", label: { de: "😂", en: "😂" } },
  { id: "wave", label: { de: "👋", en: "👋" } },
] as const satisfies readonly { id: string; label: Localized }[];

export type ReactionId = (typeof REACTIONS)[number]["id"];

export const reactionById = (id: string): (typeof REACTIONS)[number] | undefined =>
  REACTIONS.find((r) => r.id === id);

/** The length of a chat line as the limit counts it: code points, so an emoji is one. */
export const chatLength = (text: string): number => [...text].length;

export const isLobbyEventType = (type: string): boolean =>
  (LOBBY_EVENT_TYPES as readonly string[]).includes(type);

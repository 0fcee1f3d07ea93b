import type {
  BotLevel,
  Command,
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
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
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
  /** The engine's view for this viewer; null before the start. */
  readonly view: unknown;
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
 *   change of status): they become the frame's version and its last event's time;
 * - `view.rules` is left out once the match has started (the rules never change after that).
 */
export interface DeltaFrame {
  readonly kind: "delta";
  readonly matchId: string;
  readonly version: number;
  readonly viewer: Viewer;
  readonly events: readonly ViewEvent[];
  readonly lobby?: LobbyView;
  readonly view: unknown;
  readonly progress: Progress | null;
  readonly legal: readonly Command[];
  /** The statechart position after the commit (public facts, the same for every viewer). */
  readonly machine: MachinePosition | null;
}

/** What a socket receives as `match`: a full frame (watch, catch-up) or a commit's delta. */
export type WireFrame = MatchFrame | DeltaFrame;

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

/** Codes the server adds to the engine's refusal codes; every error carries one. */
export const SERVER_CODES = [
  "INVALID_INPUT",
  "INVALID_OPTIONS",
  "UNKNOWN_VARIANT",
  "INVALID_RULE_SET",
  "MATCH_NOT_FOUND",
  "RULE_SET_NOT_FOUND",
  "BAD_TOKEN",
  "TOKEN_IN_URL",
  "NOT_OWNER",
  "SEAT_TAKEN",
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
  "FORBIDDEN_ORIGIN",
  "INTERNAL",
] as const;
export type ServerCode = (typeof SERVER_CODES)[number];

/** One error model for every transport: the engine's refusal shape, with server codes added. */
export interface ErrorRefusal {
  readonly code: RefusalCode | ServerCode;
  readonly rule?: RuleId;
  readonly message: Localized;
}

/** The answer to a socket `rpc`: the procedure's data, or exactly the tRPC error shape. */
export interface RpcAnswer {
  readonly id: string | number | null;
  readonly result?: { readonly data: unknown };
  readonly error?: unknown;
}

/** The server's own events in a match stream (lobby and seats); every other event is the engine's. */
export const LOBBY_EVENT_TYPES = [
  "lobby.created",
  "seat.claimed",
  "seat.released",
  "bot.seated",
  "seat.botTakenOver",
  "seat.returned",
  "seat.timedOut",
  "lobby.rematched",
] as const;

export const isLobbyEventType = (type: string): boolean =>
  (LOBBY_EVENT_TYPES as readonly string[]).includes(type);

import type { Logger } from "pino";
import type { Socket } from "socket.io";
import type { Config } from "../config.js";
import type { MatchService } from "../matches/MatchService.js";
import type { Metrics } from "../metrics.js";
import type { ReplayRooms } from "../replays/ReplayRooms.js";
import { clientOf } from "../security/ClientLimiter.js";
import type { Context, SocketSession } from "../trpc/trpc.js";
import { LOBBY_ROOM } from "./lobbyFeed.js";
import { MatchWatches } from "./MatchWatches.js";
import { ReplayRoomWatches } from "./replayRoomFeed.js";
import { serveRpc } from "./serveRpc.js";
import type { SeatWatcher } from "./seatTurnover.js";

export interface ServeSocketOptions {
  readonly config: Config;
  readonly logger: Logger;
  readonly service: MatchService;
  readonly replayRooms: ReplayRooms;
  /** Several processes share the rooms (an adapter between them). */
  readonly crossProcess: boolean;
  readonly metrics?: Metrics | undefined;
}

/**
 * One connected socket: its session (what only a socket can do: watch matches, the lobby and
 * shared replays), the tRPC context of its calls, its `rpc`, and the end of every watch when it
 * disconnects. Returns what seat turnover tells it.
 */
export function serveSocket(socket: Socket, opts: ServeSocketOptions): SeatWatcher {
  const { config, service, replayRooms } = opts;
  const matches = new MatchWatches(socket, service, opts.crossProcess, opts.metrics);
  const replays = new ReplayRoomWatches(socket, replayRooms);
  const session: SocketSession = {
    watch: (input) => matches.watch(input),
    unwatch: (matchId) => matches.leave(matchId),
    watchLobby: () => void socket.join(LOBBY_ROOM),
    unwatchLobby: () => void socket.leave(LOBBY_ROOM),
    watchReplayRoom: (input) => replays.watch(input),
    unwatchReplayRoom: (roomId) => replays.unwatch(roomId),
  };
  const ctx: Context = {
    service,
    replayRooms,
    transport: "socket",
    client: clientOf(socket.request, config.trustProxy),
    socket: session,
    http: null,
  };
  serveRpc(socket, { logger: opts.logger, ctx, commandRate: config.commandRate });
  socket.on("disconnect", () => {
    matches.leaveAll();
    replays.unwatchAll();
  });
  return matches;
}

import type { Server as HttpServer } from "node:http";
import { RESYNC } from "@maumau/client";
import type { Logger } from "pino";
import { Server, type ServerOptions } from "socket.io";
import type { Config } from "../config.js";
import type { MatchService } from "../matches/MatchService.js";
import type { Metrics } from "../metrics.js";
import type { ReplayRooms } from "../replays/ReplayRooms.js";
import { frameFanout } from "./frameFanout.js";
import { jsonParser } from "./jsonParser.js";
import { lobbyFeed } from "./lobbyFeed.js";
import { presenceFeed } from "./presenceFeed.js";
import { presenceProbes } from "./presenceProbes.js";
import type { RedisFanout } from "./redisFanout.js";
import { broadcastReplayRooms } from "./replayRoomFeed.js";
import { seatTurnover } from "./seatTurnover.js";
import { serveSocket } from "./serveSocket.js";
import { socketAdmission } from "./socketAdmission.js";

export { announceShutdown, closeSockets } from "./socketShutdown.js";

export interface SocketGatewayOptions {
  readonly httpServer: HttpServer;
  readonly config: Config;
  readonly logger: Logger;
  readonly service: MatchService;
  readonly replayRooms: ReplayRooms;
  /** A socket.io adapter (e.g. the Redis streams adapter) to fan out across processes. */
  readonly adapter?: ServerOptions["adapter"];
  /** The Redis behind the adapter: whether it is up, and when it is back after an outage. */
  readonly fanout?: Pick<RedisFanout, "up" | "onRecovered">;
  /** Messages, bytes and watches are counted here (`/metrics`). */
  readonly metrics?: Metrics;
  /** False once the server drains: new connections are refused. */
  readonly accepting?: () => boolean;
}

/**
 * Attaches socket.io to the HTTP server and pushes every commit to the rooms of its match.
 *
 * Socket protocol (socket.io, same port as HTTP):
 * - client → server `rpc` `{ id, path, input }`: any tRPC procedure, same schemas and errors;
 *   answered by `rpc` `{ id, result: { data } }` or `{ id, error }` (the tRPC error shape), or
 *   through the acknowledgement callback when the client passes one.
 * - `game.watch` `{ matchId, token?, afterVersion? }` joins the match's room as the token's seat
 *   (or as a spectator) and sends a catch-up `match` frame. Watching again (after a gap, or
 *   after a reconnect) sends the frames missed since `afterVersion`.
 * - server → client `seat` (`SeatNotice`, `SEAT_LOST`): the token a socket watches a seat with
 *   no longer owns it (the seat was left; someone else may hold it now). The socket has left the
 *   seat's rooms, in whichever process it is connected to, before this commit's frames went out.
 * - `lobby.watch` joins the lobby's room: server → client `lobby` `{}` whenever the match list
 *   changed (a match created, a seat taken or left, a match started or over; throttled), and
 *   the client reads `lobby.list` again.
 * - server → client `match`: on a watch a MatchFrame, `events` (the missed events filtered for
 *   the viewer, each with its version, plus the viewer's snapshot) or `snapshot` (a full view);
 *   on every commit its public part, a spectator's `delta` (the new events as a spectator sees
 *   them, the view without the rules, progress, the chart position, and the lobby view only
 *   when it changed), built and JSON-encoded once per commit: alone to the spectators' room,
 *   and to each human seat's claim room inside one `private` packet with the seat's own part
 *   (its events where they differ, the keys of its view that differ, its legal moves).
 *   `DeltaFrame` and `PrivateFrame` in @maumau/client, whose SocketClient joins and completes
 *   them into an `events` MatchFrame.
 * - server → client `resync` `{}`: frames (and `lobby` signals) may have been lost — the
 *   processes could not reach each other through Redis for a while. A client watches each match
 *   again with `afterVersion` (and reads the lobby list again); nothing else is needed.
 *
 * Several processes: a process delivers a commit's frames to its own sockets at once and
 * publishes them through Redis for the others (`redisFanout.ts`); while Redis is down only its
 * own sockets get them, and every socket is sent `resync` once Redis is back.
 *
 * The gateway owns the socket.io server and wires its parts, one file each:
 * - `socketAdmission.ts`: the handshake's Host, Origin and drain checks, the per-client caps on
 *   engine.io connections (joined or not) and sockets, the connect timeout;
 * - `presenceProbes.ts`: the cross-process questions (an owner's presence, a match's audience);
 * - `lobbyFeed.ts`: the lobby's throttled `lobby` signal;
 * - `seatTurnover.ts`, `frameFanout.ts`, `presenceFeed.ts`: a commit's seat changes, frames and
 *   presence, in this order;
 * - `serveSocket.ts`: one socket: its watches (`MatchWatches.ts`, `replayRoomFeed.ts`) and its
 *   rpc (`serveRpc.ts`, with `messageRate.ts`, `rpcErrorAnswers.ts`, `gameCommandShortcut.ts`);
 * - `socketShutdown.ts`: the drain's notice and close.
 */
export function attachSocketGateway(options: SocketGatewayOptions): Server {
  const { config, logger, service } = options;
  const admission = socketAdmission({ config, logger, accepting: options.accepting });
  const io = new Server(options.httpServer, {
    serveClient: false,
    maxHttpBufferSize: config.maxPayloadBytes,
    parser: jsonParser,
    ...admission.options,
    ...(options.adapter === undefined ? {} : { adapter: options.adapter }),
  });
  const { metrics } = options;
  if (metrics !== undefined) {
    io.engine.on(
      "connection",
      (conn: { on(event: "packetCreate", f: (p: { data?: unknown }) => void): void }) =>
        conn.on("packetCreate", (packet) => metrics.sent(packet.data)),
    );
  }
  const localRooms = options.adapter === undefined;
  if (!localRooms) {
    presenceProbes(io, service, options.fanout);
    // Every socket, here and elsewhere, catches up on what it may have missed meanwhile. To
    // every process, not only this one's sockets: while this process could not publish, the
    // others' sockets missed its commits too (a partition of one host), so each of them must
    // watch again. After an outage of Redis itself each process does this, and a socket may be
    // told N times with N processes: each time one version read, nothing sent twice.
    options.fanout?.onRecovered(() => io.emit(RESYNC, {}));
  }

  lobbyFeed(io, service, !localRooms);

  // Seat changes first: a socket that lost its seat leaves the rooms before the frames go out.
  const seatWatchers = seatTurnover(io, service, logger, !localRooms);
  frameFanout(io, service, localRooms);
  presenceFeed(io, service);

  admission.limitConnections(io);
  broadcastReplayRooms(io, options.replayRooms);
  io.on("connection", (socket) => {
    seatWatchers.add(
      socket.id,
      serveSocket(socket, {
        config,
        logger,
        service,
        replayRooms: options.replayRooms,
        crossProcess: !localRooms,
        metrics,
      }),
    );
    socket.once("disconnect", () => seatWatchers.remove(socket.id));
    releaseHandshakeRequest(socket);
  });
  return io;
}

/**
 * Lets the handshake's HTTP request go once the socket is served: the admission checks and
 * `serveSocket` have read what they need from it (the client's address), and `socket.handshake`
 * keeps its headers, URL and query. engine.io otherwise holds the `IncomingMessage` (and what
 * hangs on it) for the connection's whole life: socket.io's "Memory usage" page recommends
 * dropping it, about 4 KB of heap per connection. Only the default namespace is served, so no
 * later namespace handshake on the same connection needs it.
 */
function releaseHandshakeRequest(socket: { conn: object }): void {
  (socket.conn as { request: unknown }).request = null;
}

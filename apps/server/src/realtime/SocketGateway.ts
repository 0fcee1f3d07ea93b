import type { Server as HttpServer } from "node:http";
import type { RpcAnswer } from "@maumau/client";
import type { Viewer } from "@maumau/engine";
import { getTRPCErrorFromUnknown, TRPCError } from "@trpc/server";
import type { Logger } from "pino";
import { Server, type ServerOptions, type Socket } from "socket.io";
import { z } from "zod";
import type { Config } from "../config.js";
import { ServiceError } from "../errors/ServiceError.js";
import { KeyedQueue } from "../matches/KeyedQueue.js";
import type { Metrics } from "../metrics.js";
import { hashToken } from "../matches/tokens.js";
import type { MatchService, MatchFrame } from "../matches/MatchService.js";
import { clientOf } from "../security/ClientLimiter.js";
import { TokenBucket } from "../security/TokenBucket.js";
import { jsonParser, TooLarge } from "./jsonParser.js";
import { lobbyFeed, LOBBY_ROOM } from "./lobbyFeed.js";
import { presenceProbes } from "./presenceProbes.js";
import { frameFanout } from "./frameFanout.js";
import { presenceFeed } from "./presenceFeed.js";
import { claimRoomOf, roomOf } from "./roomOf.js";
import { seatLost, seatTurnover, type SeatWatcher } from "./seatTurnover.js";
import { socketAdmission } from "./socketAdmission.js";
import type { RedisFanout } from "./redisFanout.js";
import { appRouter } from "../trpc/appRouter.js";
import { routerInternals } from "../trpc/routerInternals.js";
import type { ReplayRooms } from "../replays/ReplayRooms.js";
import { broadcastReplayRooms, ReplayRoomWatches } from "./replayRoomFeed.js";
import { commandInput } from "../trpc/gameRouter.js";
import { inputRefusal } from "../trpc/text.js";
import {
  commandLogFields,
  domainError,
  isFailure,
  type Context,
  type SocketSession,
} from "../trpc/trpc.js";
import { errorIdOf } from "../errors/internal.js";

/**
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
 */
const rpcMessage = z.object({
  id: z.union([z.string().max(64), z.number()]),
  path: z.string().max(64),
  input: z.unknown().optional(),
});

export type { RpcAnswer };

type Ack = (answer: RpcAnswer) => void;

/** The match id of a watch's or unwatch's input (the procedure's schema checks it). */
const matchIdIn = (input: unknown): string => {
  const id = (input as { matchId?: unknown } | null | undefined)?.matchId;
  return typeof id === "string" ? id : "";
};

/** Matches one socket may watch at once (each is a room and a cached match). */
const MAX_WATCHES_PER_SOCKET = 16;

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

/** server → client: frames may have been lost, watch again with `afterVersion`. */
export const RESYNC = "resync";

export { announceShutdown, closeSockets } from "./socketShutdown.js";

/** What tRPC's public API cannot tell of the app router: procedure types, error shapes. */
const internals = routerInternals(appRouter);

/** Attaches socket.io to the HTTP server and pushes every commit to the rooms of its match. */
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
    const { fanout } = options;
    // Every socket, here and elsewhere, catches up on what it may have missed meanwhile.
    fanout?.onRecovered(() => io.emit(RESYNC, {}));
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
      serveSocket(socket, config, logger, service, options.replayRooms, !localRooms, metrics),
    );
    socket.once("disconnect", () => seatWatchers.remove(socket.id));
  });
  return io;
}

const kindOf = (viewer: Viewer): "seat" | "spectator" =>
  viewer === "spectator" ? "spectator" : "seat";

/** What a socket watches a match as: a seat with the token of this hash, or a spectator. */
interface Watch {
  readonly viewer: Viewer;
  readonly claim: string | null;
  /** The version the watch began at: the token held the seat then (a seat change of that
   * version or older is in the past for this watch). */
  readonly since: number;
}

const roomsOf = (matchId: string, watch: Watch): string[] =>
  watch.viewer === "spectator" || watch.claim === null
    ? [roomOf(matchId, watch.viewer)]
    : [roomOf(matchId, watch.viewer), claimRoomOf(matchId, watch.viewer, watch.claim)];

function serveSocket(
  socket: Socket,
  config: Config,
  logger: Logger,
  service: MatchService,
  replayRooms: ReplayRooms,
  crossProcess: boolean,
  metrics: Metrics | undefined,
): SeatWatcher {
  const bucket = new TokenBucket(config.commandRate);
  const watching = new Map<string, Watch>();
  /** This socket's watches and unwatches, one at a time per match, in the order sent. */
  const watches = new KeyedQueue();

  const leave = (matchId: string) => {
    const watch = watching.get(matchId);
    if (watch === undefined) return;
    watching.delete(matchId);
    metrics?.watches.dec({ viewer: kindOf(watch.viewer) });
    for (const room of roomsOf(matchId, watch)) void socket.leave(room);
    if (watch.viewer !== "spectator") service.seatDisconnected(matchId, watch.viewer);
    service.watchEnded(matchId);
  };

  const replays = new ReplayRoomWatches(socket, replayRooms);
  const session: SocketSession = {
    async watch(input) {
      if (!watching.has(input.matchId) && watching.size >= MAX_WATCHES_PER_SOCKET) {
        throw ServiceError.of(
          "LIMIT",
          `One connection watches at most ${MAX_WATCHES_PER_SOCKET} matches.`,
          `Eine Verbindung beobachtet höchstens ${MAX_WATCHES_PER_SOCKET} Partien.`,
        );
      }
      // The token's hash, checked against the seat's owner by the read below (`seatOf`).
      const claim = input.token === undefined ? null : hashToken(input.token);
      const same = (watch: Watch | undefined, viewer: Viewer) =>
        watch?.viewer === viewer && watch.claim === (viewer === "spectator" ? null : claim);
      const frame = await service.catchUp(input, (viewer: Viewer, catchUp: MatchFrame) => {
        // Watching again as the same viewer with the same token (to catch up) keeps the rooms
        // and the presence.
        if (!same(watching.get(input.matchId), viewer)) {
          leave(input.matchId);
          const watch: Watch = {
            viewer,
            claim: viewer === "spectator" ? null : claim,
            since: catchUp.version,
          };
          watching.set(input.matchId, watch);
          metrics?.watches.inc({ viewer: kindOf(viewer) });
          void socket.join(roomsOf(input.matchId, watch));
          if (viewer !== "spectator") service.seatConnected(input.matchId, viewer);
          service.watchStarted(input.matchId);
        }
        socket.emit("match", catchUp);
        const presence = service.presenceOf(input.matchId);
        if (presence !== null) socket.emit("presence", presence);
      });
      const viewer = frame.snapshot.viewer;
      let version = frame.version;
      if (crossProcess) {
        // A commit in another process after the read above may have been broadcast before this
        // socket was in the room: read once more. Anything committed later reaches the room.
        // A seat left meanwhile (its SEAT_CHANGED notice may have come before the join) is
        // refused with BAD_TOKEN by this read: the socket leaves the seat's rooms first. (A
        // store that fails here changes nothing: the seat's frames follow its owner's token.)
        try {
          await service.catchUp(
            { ...input, afterVersion: frame.version },
            (_viewer: Viewer, later: MatchFrame) => {
              if (later.version <= frame.version || !same(watching.get(input.matchId), viewer))
                return;
              version = later.version;
              socket.emit("match", later);
            },
          );
        } catch (error) {
          if (error instanceof ServiceError && same(watching.get(input.matchId), viewer))
            leave(input.matchId);
          throw error;
        }
      }
      return { matchId: input.matchId, viewer, version };
    },
    unwatch: leave,
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
  const caller = appRouter.createCaller(ctx);

  const answer = (ack: Ack | undefined, reply: RpcAnswer) => {
    if (ack) ack(reply);
    else socket.emit("rpc", reply);
  };
  const fail = (
    ack: Ack | undefined,
    id: RpcAnswer["id"],
    path: string,
    cause: unknown,
    input?: unknown,
  ) => {
    const error = getTRPCErrorFromUnknown(cause);
    if (isFailure(error)) {
      logger.error(
        { err: error, path, errorId: errorIdOf(error), ...commandLogFields(path, input) },
        "socket rpc failed",
      );
    }
    const type = internals.procedureType(path) ?? "unknown";
    answer(ack, { id, error: internals.errorShape({ error, type, path, input, ctx }) });
  };

  socket.on("rpc", async (message: unknown, ack?: unknown) => {
    const reply = typeof ack === "function" ? (ack as Ack) : undefined;
    if (message instanceof TooLarge) {
      fail(reply, null, "", domainError(message.refusal)!);
      return;
    }
    const parsed = rpcMessage.safeParse(message);
    if (!parsed.success) {
      fail(
        reply,
        null,
        "",
        domainError(
          ServiceError.of(
            "INVALID_INPUT",
            "An rpc message is { id, path, input }.",
            "Eine rpc-Nachricht ist { id, path, input }.",
          ),
        ),
      );
      return;
    }
    const { id, path, input } = parsed.data;
    if (!bucket.take()) {
      const limited = ServiceError.of(
        "RATE_LIMITED",
        `More than ${config.commandRate} messages a second.`,
        `Mehr als ${config.commandRate} Nachrichten pro Sekunde.`,
      );
      fail(
        reply,
        id,
        path,
        new TRPCError({ code: "TOO_MANY_REQUESTS", message: limited.message, cause: limited }),
      );
      return;
    }
    if (internals.procedureType(path) === null) {
      fail(reply, id, path, new TRPCError({ code: "NOT_FOUND", message: `No procedure ${path}.` }));
      return;
    }
    // Issue #18: depth and size bounded before any schema walks the input (the fast path below
    // included); the caller's own middleware checks the same for HTTP.
    const refused = inputRefusal(input);
    if (refused !== null) {
      fail(reply, id, path, domainError(refused));
      return;
    }
    if (path === "game.command") {
      // Most of the traffic: the service is called directly, with the procedure's input schema
      // and its error mapping (the tRPC caller's middleware chain costs more than the rest of
      // the rpc). Input the schema refuses takes the caller's path, for tRPC's own answer.
      const command = commandInput.safeParse(input);
      if (command.success) {
        try {
          answer(reply, { id, result: { data: await service.command(command.data) } });
        } catch (cause) {
          fail(reply, id, path, domainError(cause) ?? cause, input);
        }
        return;
      }
    }
    const call = async () => {
      try {
        let target: unknown = caller;
        for (const part of path.split(".")) target = (target as Record<string, unknown>)[part];
        const data = await (target as (input: unknown) => Promise<unknown>)(input);
        answer(reply, { id, result: { data } });
      } catch (cause) {
        fail(reply, id, path, cause, input);
      }
    };
    if (path === "game.watch" || path === "game.unwatch") {
      // A page that watches a match again as another viewer (a spectator who took a seat)
      // sends `unwatch` then `watch`: run in that order, answers included, or the unwatch
      // could end the new watch.
      await watches.run(matchIdIn(input), call);
      return;
    }
    await call();
  });

  socket.on("disconnect", () => {
    for (const matchId of [...watching.keys()]) leave(matchId);
    replays.unwatchAll();
  });

  return {
    seatChanged(change) {
      const watch = watching.get(change.matchId);
      if (watch === undefined || watch.viewer !== change.seat || watch.claim === change.owner)
        return;
      // A notice that comes late (through Redis, after this socket watched with the seat's
      // new token) speaks of an older owner: the watch began after it.
      if (change.version <= watch.since) return;
      leave(change.matchId);
      socket.emit("seat", seatLost(change));
    },
  };
}

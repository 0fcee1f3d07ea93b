import type { Server as HttpServer } from "node:http";
import type { RpcAnswer } from "@maumau/client";
import type { Seat, Viewer } from "@maumau/engine";
import { getErrorShape, getTRPCErrorFromUnknown, TRPCError } from "@trpc/server";
import type { Logger } from "pino";
import { Server, type ServerOptions, type Socket } from "socket.io";
import { z } from "zod";
import type { Config } from "../config.js";
import { ServiceError } from "../errors/ServiceError.js";
import type { Match } from "../matches/Match.js";
import type { MatchService, MatchFrame } from "../matches/MatchService.js";
import type { OwnerElsewhere } from "../matches/Presence.js";
import { clientOf, ConnectionCounter } from "../security/ClientLimiter.js";
import { OriginPolicy } from "../security/OriginPolicy.js";
import { TokenBucket } from "../security/TokenBucket.js";
import type { StoredEvent } from "../store/EventStore.js";
import { jsonParser } from "./jsonParser.js";
import { appRouter } from "../trpc/appRouter.js";
import { changesTheList } from "../matches/lobbyEvents.js";
import { LOBBY_ROOM, Throttle } from "./lobbyFeed.js";
import { commandInput } from "../trpc/gameRouter.js";
import { domainError, type Context, type SocketSession } from "../trpc/trpc.js";

/**
 * Socket protocol (socket.io, same port as HTTP):
 * - client → server `rpc` `{ id, path, input }`: any tRPC procedure, same schemas and errors;
 *   answered by `rpc` `{ id, result: { data } }` or `{ id, error }` (the tRPC error shape), or
 *   through the acknowledgement callback when the client passes one.
 * - `game.watch` `{ matchId, token?, afterVersion? }` joins the match's room as the token's seat
 *   (or as a spectator) and sends a catch-up `match` frame. Watching again (after a gap, or
 *   after a reconnect) sends the frames missed since `afterVersion`.
 * - `lobby.watch` joins the lobby's room: server → client `lobby` `{}` whenever the match list
 *   changed (a match created, a seat taken or left, a match started or over; throttled), and
 *   the client reads `lobby.list` again.
 * - server → client `match`: on a watch a MatchFrame, `events` (the missed events filtered for
 *   the viewer, each with its version, plus the viewer's snapshot) or `snapshot` (a full view);
 *   on every commit a `delta` (the new events filtered for the viewer, its view without the
 *   rules, progress, legal moves, and the lobby view only when it changed; `DeltaFrame` in
 *   @maumau/client, whose SocketClient completes it into an `events` MatchFrame).
 */
export const roomOf = (matchId: string, viewer: Viewer): string => `m:${matchId}:${viewer}`;

/** The inter-process question "what do you know of this seat's owner?" (`serverSideEmit`). */
const PRESENCE_QUESTION = "maumau:owner";

/** The inter-process notice "the match list changed here" (`serverSideEmit`). */
const LIST_CHANGED = "maumau:lobby";

const ownerAnswer = z.object({
  connected: z.boolean(),
  seenMsAgo: z.number().nonnegative().nullable(),
});

/** The other processes' answers in one: connected anywhere, and the latest HTTP sighting. */
export function combineAnswers(answers: unknown): OwnerElsewhere {
  let connected = false;
  let seenMsAgo: number | null = null;
  for (const answer of Array.isArray(answers) ? answers : []) {
    const parsed = ownerAnswer.safeParse(answer);
    if (!parsed.success) continue;
    connected ||= parsed.data.connected;
    const ago = parsed.data.seenMsAgo;
    if (ago !== null && (seenMsAgo === null || ago < seenMsAgo)) seenMsAgo = ago;
  }
  return { connected, seenMsAgo };
}

const rpcMessage = z.object({
  id: z.union([z.string().max(64), z.number()]),
  path: z.string().max(64),
  input: z.unknown().optional(),
});

export type { RpcAnswer };

type Ack = (answer: RpcAnswer) => void;

/** Matches one socket may watch at once (each is a room and a cached match). */
const MAX_WATCHES_PER_SOCKET = 16;

export interface SocketGatewayOptions {
  readonly httpServer: HttpServer;
  readonly config: Config;
  readonly logger: Logger;
  readonly service: MatchService;
  /** A socket.io adapter (e.g. the Redis streams adapter) to fan out across processes. */
  readonly adapter?: ServerOptions["adapter"];
}

/** Procedures by dotted path (`game.command`): the router's flat table at run time. */
const procedures = appRouter._def.procedures as unknown as Readonly<
  Record<string, { readonly _def: { readonly type: string } } | undefined>
>;

/** Attaches socket.io to the HTTP server and pushes every commit to the rooms of its match. */
export function attachSocketGateway(options: SocketGatewayOptions): Server {
  const { config, logger, service } = options;
  const origins = new OriginPolicy(config.allowedOrigins, config.corsOrigins);
  const connections = new ConnectionCounter(config.maxSocketsPerClient);
  const io = new Server(options.httpServer, {
    serveClient: false,
    maxHttpBufferSize: config.maxPayloadBytes,
    parser: jsonParser,
    allowRequest: (req, done) => {
      const ok = origins.allows(req);
      if (!ok) logger.warn({ origin: req.headers.origin }, "socket origin refused");
      done(ok ? null : "origin not allowed", ok);
    },
    ...(origins.corsEnabled
      ? { cors: { origin: origins.corsList, methods: ["GET", "POST"] } }
      : {}),
    ...(options.adapter === undefined ? {} : { adapter: options.adapter }),
  });
  const localRooms = options.adapter === undefined;
  if (!localRooms) {
    // Before a bot takes a seat over, ask every other process what it knows of the owner: a
    // socket there, or an HTTP request it served lately. A process that does not answer in
    // time counts as knowing nothing (its own clock still runs).
    io.on(PRESENCE_QUESTION, (matchId: unknown, seat: unknown, answer: unknown) => {
      if (typeof answer !== "function") return;
      const known =
        typeof matchId === "string" && Number.isInteger(seat)
          ? service.ownerHere(matchId, seat as Seat)
          : { connected: false, seenMsAgo: null };
      (answer as (known: OwnerElsewhere) => void)(known);
    });
    service.setPresenceProbe(
      (matchId, seat) =>
        new Promise<OwnerElsewhere>((done) => {
          io.serverSideEmit(PRESENCE_QUESTION, matchId, seat, (_err: unknown, answers: unknown) =>
            done(combineAnswers(answers)),
          );
        }),
    );
    service.setWatchProbe(
      async (matchId, viewers) =>
        (await io.in(viewers.map((v) => roomOf(matchId, v))).fetchSockets()).length > 0,
    );
  }

  // The lobby's watchers learn that the match list changed (at most 4 signals a second per
  // process); they read it again with `lobby.list`.
  //
  // Scale-out: the other processes drop their cached list answers first (`MatchService.list`).
  // Both messages go through the adapter's one stream in this order, so a watcher on another
  // process that reads the list there after its signal gets a fresh answer; a read through a
  // third process may still be answered from that process's cache, for at most LIST_CACHE_MS.
  const lobbyChanged = new Throttle(250, () => {
    if (!localRooms) io.serverSideEmit(LIST_CHANGED);
    io.to(LOBBY_ROOM).emit("lobby", {});
  });
  if (!localRooms) io.on(LIST_CHANGED, () => service.listChangedElsewhere());
  service.onCommit((_match: Match, events: readonly StoredEvent[]) => {
    if (changesTheList(events)) lobbyChanged.run();
  });

  service.onCommit((match: Match, events: readonly StoredEvent[]) => {
    const viewers: Viewer[] = [...match.seats.keys(), "spectator"];
    const progress = match.progress();
    for (const viewer of viewers) {
      const room = roomOf(match.id, viewer);
      // With the default adapter every room is local: skip the work for empty ones.
      if (localRooms && !io.of("/").adapter.rooms.has(room)) continue;
      io.to(room).emit("match", match.deltaFrame(viewer, events, progress));
    }
  });

  // Too many open sockets from one client: refused before any message (a typed LIMIT error).
  io.use((socket, next) => {
    const client = clientOf(socket.request, config.trustProxy);
    if (!connections.acquire(client)) {
      const error = new Error(
        `LIMIT: at most ${config.maxSocketsPerClient} connections per client`,
      );
      (error as Error & { data?: unknown }).data = {
        refusal: {
          code: "LIMIT",
          message: {
            en: `At most ${config.maxSocketsPerClient} connections per client.`,
            de: `Höchstens ${config.maxSocketsPerClient} Verbindungen pro Client.`,
          },
        },
      };
      next(error);
      return;
    }
    socket.once("disconnect", () => connections.release(client));
    next();
  });
  io.on("connection", (socket) => serveSocket(socket, config, logger, service, !localRooms));
  return io;
}

function serveSocket(
  socket: Socket,
  config: Config,
  logger: Logger,
  service: MatchService,
  crossProcess: boolean,
): void {
  const bucket = new TokenBucket(config.commandRate);
  const watching = new Map<string, Viewer>();

  const leave = (matchId: string) => {
    const viewer = watching.get(matchId);
    if (viewer === undefined) return;
    watching.delete(matchId);
    void socket.leave(roomOf(matchId, viewer));
    if (viewer !== "spectator") service.seatDisconnected(matchId, viewer);
    service.watchEnded(matchId);
  };

  const session: SocketSession = {
    async watch(input) {
      if (!watching.has(input.matchId) && watching.size >= MAX_WATCHES_PER_SOCKET) {
        throw ServiceError.of(
          "LIMIT",
          `One connection watches at most ${MAX_WATCHES_PER_SOCKET} matches.`,
          `Eine Verbindung beobachtet höchstens ${MAX_WATCHES_PER_SOCKET} Partien.`,
        );
      }
      const frame = await service.catchUp(input, (viewer: Viewer, catchUp: MatchFrame) => {
        // Watching again as the same viewer (to catch up) keeps the room and the presence.
        if (watching.get(input.matchId) !== viewer) {
          leave(input.matchId);
          watching.set(input.matchId, viewer);
          void socket.join(roomOf(input.matchId, viewer));
          if (viewer !== "spectator") service.seatConnected(input.matchId, viewer);
          service.watchStarted(input.matchId);
        }
        socket.emit("match", catchUp);
      });
      const viewer = frame.snapshot.viewer;
      let version = frame.version;
      if (crossProcess) {
        // A commit in another process after the read above may have been broadcast before this
        // socket was in the room: read once more. Anything committed later reaches the room.
        await service.catchUp(
          { ...input, afterVersion: frame.version },
          (_viewer: Viewer, later: MatchFrame) => {
            if (later.version <= frame.version || watching.get(input.matchId) !== viewer) return;
            version = later.version;
            socket.emit("match", later);
          },
        );
      }
      return { matchId: input.matchId, viewer, version };
    },
    unwatch: leave,
    watchLobby: () => void socket.join(LOBBY_ROOM),
    unwatchLobby: () => void socket.leave(LOBBY_ROOM),
  };
  const ctx: Context = {
    service,
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
    if (error.code === "INTERNAL_SERVER_ERROR")
      logger.error({ err: error, path }, "socket rpc failed");
    const type = (procedures[path]?._def.type ?? "unknown") as "query" | "mutation" | "unknown";
    answer(ack, {
      id,
      error: getErrorShape({ config: appRouter._def._config, error, type, path, input, ctx }),
    });
  };

  socket.on("rpc", async (message: unknown, ack?: unknown) => {
    const reply = typeof ack === "function" ? (ack as Ack) : undefined;
    const parsed = rpcMessage.safeParse(message);
    if (!parsed.success) {
      fail(
        reply,
        null,
        "",
        new TRPCError({ code: "BAD_REQUEST", message: "An rpc message is { id, path, input }." }),
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
    if (procedures[path] === undefined) {
      fail(reply, id, path, new TRPCError({ code: "NOT_FOUND", message: `No procedure ${path}.` }));
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
    try {
      let target: unknown = caller;
      for (const part of path.split(".")) target = (target as Record<string, unknown>)[part];
      const data = await (target as (input: unknown) => Promise<unknown>)(input);
      answer(reply, { id, result: { data } });
    } catch (cause) {
      fail(reply, id, path, cause, input);
    }
  });

  socket.on("disconnect", () => {
    for (const matchId of [...watching.keys()]) leave(matchId);
  });
}

import { userInfo } from "node:os";
import chalk, { Chalk, type ChalkInstance } from "chalk";
import type { SeatTicket } from "@maumau/client";
import type { AnyVariant, BotLevel, Lang, Seat } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { UsageError } from "../args.js";
import { CardStyle } from "../play/cards.js";
import { TEXTS } from "../play/texts.js";
import { connect, type ServerConnection } from "../remote/connect.js";
import { checkReachable, explain, notJoinable, OnlineError, unknownVariant } from "./errors.js";
import { SeatStore } from "./seatStore.js";
import { chatIntent, OnlineTable, type TableEnd } from "./table.js";
import { replayLink, shareLink, type Target } from "./target.js";
import { ONLINE_TEXTS } from "./texts.js";
import { parseInput } from "../play/input.js";
import { FullScreenUi, LineUi, type Ui } from "./ui.js";

/** Colours unless `--no-color` or `NO_COLOR` (any value) say otherwise. */
export function chalkFor(color: boolean, env: NodeJS.ProcessEnv = process.env): ChalkInstance {
  const off = !color || (env.NO_COLOR !== undefined && env.NO_COLOR !== "");
  return off ? new Chalk({ level: 0 }) : chalk;
}

export interface CreateRequest {
  readonly variant: AnyVariant;
  readonly options: Record<string, unknown>;
  readonly seats: number;
  readonly bots: number;
  readonly botLevel: BotLevel;
  readonly turnTimerMs: number | null;
}

export interface PlayRequest {
  readonly target: Target;
  readonly lang: Lang;
  readonly chalk: ChalkInstance;
  readonly name: string | undefined;
  readonly seat: Seat | undefined;
  /** Create a match when the target names none. */
  readonly create: CreateRequest | null;
  readonly store?: SeatStore;
}

/** Opens a socket to a server that answered `/healthz`. */
export async function open(server: string, lang: Lang): Promise<ServerConnection> {
  await checkReachable(server, lang);
  const connection = connect(server, { reconnect: true, timeoutMs: 10_000, rate: 10 });
  try {
    await connection.whenConnected(10_000);
  } catch (error) {
    connection.close();
    throw explain(error, lang, { server });
  }
  return connection;
}

const defaultName = (): string => {
  try {
    return userInfo().username.slice(0, 32) || "player";
  } catch {
    return "player";
  }
};

function uiFor(table: () => OnlineTable): Ui {
  return process.stdout.isTTY === true && process.stdin.isTTY === true
    ? new FullScreenUi((rows, width, typed) => table().compose(rows, width, typed))
    : // Leaving and table talk act at once; every other line answers a prompt.
      new LineUi(
        process.stdin,
        process.stdout,
        (line) => parseInput(line).kind === "quit" || chatIntent(line) !== null,
      );
}

/** The waiting room's closing (`notJoinable`) when the match is one that closed before the start. */
async function closedRoom(
  connection: ServerConnection,
  lang: Lang,
  ctx: { server: string; matchId: string },
): Promise<OnlineError | null> {
  try {
    const { lobby } = await connection.api.game.view({ matchId: ctx.matchId });
    return lobby.status === "open" && lobby.closed === true ? notJoinable(lobby, lang, ctx) : null;
  } catch {
    return null;
  }
}

/**
 * Takes a seat (the kept one, a free one of the named match, or one in a new match) and plays
 * until the match is over or the player leaves. Resolves to the exit code; a failure is one
 * line (OnlineError), and nothing is stored before the server has given a seat.
 */
export async function playOnline(req: PlayRequest): Promise<number> {
  const { target, lang } = req;
  const store = req.store ?? new SeatStore();
  const connection = await open(target.server, lang);
  let matchId = target.matchId;
  try {
    let ticket: SeatTicket;
    let creator = false;
    let variantId: string;
    const name = req.name ?? store.name ?? defaultName();
    if (matchId !== null) {
      const kept = store.get(target.server, matchId);
      const ctx = { server: target.server, matchId };
      if (kept !== null) {
        let lobby: { readonly variant: string; readonly status: string; readonly closed?: boolean };
        try {
          lobby = (await connection.api.game.view({ matchId, token: kept.token })).lobby;
        } catch (error) {
          const failure = explain(error, lang, ctx);
          if (failure.code !== "BAD_TOKEN") throw failure;
          store.forget(target.server, matchId);
          // The seat was released and its waiting room closed since (the host freed the seat
          // of a player who had gone, then left): the room is what the player needs to hear.
          throw (await closedRoom(connection, lang, ctx)) ?? failure;
        }
        // A seat in a waiting room that closed has nothing to wait for (a finished match's
        // seat still shows its end).
        if (lobby.status === "open" && lobby.closed === true) {
          store.forget(target.server, matchId);
          throw notJoinable(lobby, lang, ctx)!;
        }
        variantId = lobby.variant;
        ticket = { matchId, seat: kept.seat, token: kept.token };
      } else {
        const { lobby } = await connection.api.game.view({ matchId });
        const closed = notJoinable(lobby, lang, ctx);
        if (closed !== null) throw closed;
        ticket = await connection.api.lobby.join({
          matchId,
          name,
          ...(req.seat === undefined ? {} : { seat: req.seat }),
        });
        store.keep({ server: target.server, matchId, seat: ticket.seat, token: ticket.token });
        variantId = (await connection.api.game.view({ matchId, token: ticket.token })).lobby
          .variant;
      }
    } else {
      const create = req.create;
      if (create === null)
        throw new UsageError({
          en: "name a match (--match) or a variant to create one",
          de: "nenne eine Partie (--match) oder eine Variante, um eine anzulegen",
        });
      const created = await connection.api.lobby.create({
        variant: create.variant.id,
        options: create.options,
        seats: create.seats,
        name,
        ...(create.turnTimerMs === null ? {} : { turnTimerMs: create.turnTimerMs }),
      });
      matchId = created.matchId;
      if (created.token === null || created.seat === null)
        throw new OnlineError("the server gave no seat", "INTERNAL");
      ticket = { matchId, seat: created.seat, token: created.token };
      store.keep({ server: target.server, matchId, seat: ticket.seat, token: ticket.token });
      if (create.bots > 0)
        await connection.api.lobby.addBots({
          matchId,
          token: ticket.token,
          level: create.botLevel,
          count: create.bots,
        });
      creator = true;
      variantId = created.lobby.variant;
    }
    if (req.name !== undefined) store.name = req.name;
    return await runTable({ req, connection, matchId, variantId, seat: ticket, creator, store });
  } catch (error) {
    throw error instanceof UsageError
      ? error
      : explain(error, lang, { server: target.server, matchId });
  } finally {
    connection.close();
  }
}

/** Watches a match as a spectator until it is over (or q). */
export async function watchOnline(req: {
  target: Target;
  lang: Lang;
  chalk: ChalkInstance;
}): Promise<number> {
  const matchId = req.target.matchId;
  if (matchId === null)
    throw new UsageError({
      en: "name the match to watch: --match ID (or its link)",
      de: "nenne die Partie zum Zuschauen: --match ID (oder ihren Link)",
    });
  const connection = await open(req.target.server, req.lang);
  try {
    const { lobby } = await connection.api.game.view({ matchId });
    // A waiting room that closed shows nothing any more (a finished match shows its end).
    if (lobby.status === "open" && lobby.closed === true)
      throw notJoinable(lobby, req.lang, { server: req.target.server, matchId })!;
    return await runTable({
      variantId: lobby.variant,
      req: { ...req, name: undefined, seat: undefined, create: null },
      connection,
      matchId,
      seat: null,
      creator: false,
      store: null,
    });
  } catch (error) {
    throw explain(error, req.lang, { server: req.target.server, matchId });
  } finally {
    connection.close();
  }
}

/** The variant of a match on the server; one this CLI does not know is an `OnlineError` in `lang`. */
export function tableVariant(variantId: string, lang: Lang): AnyVariant {
  const variant = findVariant(variantId);
  if (variant === undefined) throw unknownVariant(lang, variantId);
  return variant;
}

async function runTable(args: {
  req: PlayRequest;
  connection: ServerConnection;
  matchId: string;
  variantId: string;
  seat: SeatTicket | null;
  creator: boolean;
  store: SeatStore | null;
}): Promise<number> {
  const { req, connection, matchId, variantId, seat } = args;
  const variant = tableVariant(variantId, req.lang);
  const t = TEXTS[req.lang];
  const o = ONLINE_TEXTS[req.lang];
  let table: OnlineTable | null = null;
  const ui = uiFor(() => table!);
  let fatal: OnlineError | null = null;
  table = new OnlineTable({
    connection,
    matchId,
    variant,
    seat: seat ? { seat: seat.seat, token: seat.token } : null,
    look: {
      t,
      o,
      c: req.chalk,
      style: new CardStyle(variant.theme, req.lang, req.chalk, true),
      variantName: variant.names[req.lang],
    },
    lang: req.lang,
    ui,
    share: shareLink(req.target.server, matchId),
    replay: replayLink(req.target.server, matchId),
    returnHint: `maumau play --server ${req.target.server} --match ${matchId}`,
    creator: args.creator,
    chatName: req.name ?? defaultName(),
    onFatal: (error) => {
      fatal = explain(error, req.lang, { server: req.target.server, matchId });
      if (fatal.code === "BAD_TOKEN" || fatal.code === "SEAT_LOST")
        args.store?.forget(req.target.server, matchId);
      ui.close();
      process.stderr.write(`maumau: ${fatal.message}\n`);
      process.exit(1);
    },
  });
  let end: TableEnd;
  try {
    end = await table.run();
  } catch (error) {
    ui.close();
    throw error;
  } finally {
    table.close();
  }
  if (end.kind === "rematch" && seat !== null) {
    // Same seat, same token: the server made the rematch for the seats of this match.
    args.store?.keep({
      server: req.target.server,
      matchId: end.matchId,
      seat: seat.seat,
      token: seat.token,
    });
    return runTable({
      ...args,
      matchId: end.matchId,
      seat: { ...seat, matchId: end.matchId },
      creator: true,
    });
  }
  return fatal === null ? 0 : 1;
}

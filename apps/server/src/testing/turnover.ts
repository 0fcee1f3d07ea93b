import type { SeatNotice, WireFrame } from "@maumau/client";
import type { Seat } from "@maumau/engine";
import { hashToken } from "../matches/tokens.js";
import type { EventStore, StoredEvent } from "../store/EventStore.js";
import { checkFrames, humanChoice } from "./playServerMatch.js";
import { httpClient, TestSocket } from "./TestSocket.js";

/**
 * A match whose seats change hands while it is played (issue #18): in the waiting room a
 * leaver takes a seat beside the first human, watches it and leaves it before its player (or a
 * bot) takes it; mid-match the
 * owner of a human seat leaves (a bot plays the empty seat) and a newcomer joins it a few moves
 * later. Every leaver keeps its socket open to the end.
 */
export interface TurnoverPlan {
  readonly variant: string;
  readonly seats: number;
  readonly options: Record<string, unknown>;
  /** Human seats; the first starts the next games and never leaves. */
  readonly humans: readonly Seat[];
  /** A leaver holds one of the human seats in the waiting room first. */
  readonly lobbyTurnover: boolean;
  /** How many times a human seat (not the first) changes hands while the match runs. */
  readonly midTurnovers: number;
  readonly spectators: number;
}

/** One socket of one token: every raw frame and notice it was sent. */
export interface SeatSocket {
  readonly seat: Seat;
  readonly token: string;
  readonly socket: TestSocket;
  readonly wire: WireFrame[];
  readonly notices: SeatNotice[];
  /** Plays its seat on the frames it is pushed (until it leaves). */
  active: boolean;
  inflight: Promise<unknown>;
}

export interface TurnoverMatch {
  readonly matchId: string;
  readonly seats: readonly SeatSocket[];
  readonly spectators: readonly TestSocket[];
  /** Seats left in the waiting room and while the match ran. */
  readonly turnovers: { readonly lobby: number; readonly mid: number };
}

const refusalCode = (error: unknown): string | undefined =>
  (error as { data?: { refusal?: { code?: string } } } | null)?.data?.refusal?.code;

const within = (socket: TestSocket, test: () => boolean) => socket.until(test, 120_000);

/** Plays a whole match with seat turnover; `random` makes the soak's choices (which seat, when). */
export async function playTurnoverMatch(
  url: string,
  plan: TurnoverPlan,
  random: () => number,
): Promise<TurnoverMatch> {
  const http = httpClient(url);
  const [first] = plan.humans;
  if (first === undefined) throw new Error("at least one human");
  const { matchId } = await http.lobby.create.mutate({
    variant: plan.variant,
    seats: plan.seats,
    options: plan.options,
  });
  const seats: SeatSocket[] = [];
  const failures: string[] = [];
  const turnovers = { lobby: 0, mid: 0 };

  /** Takes a seat and watches it; `afterVersion`: a version seen before (as a spectator, say). */
  const sit = async (seat: Seat, name: string, afterVersion?: number): Promise<SeatSocket> => {
    const ticket = await http.lobby.join.mutate({ matchId, name, seat });
    const socket = new TestSocket(url);
    const held: SeatSocket = {
      seat,
      token: ticket.token,
      socket,
      wire: [],
      notices: [],
      active: true,
      inflight: Promise.resolve(),
    };
    socket.socket.on("match", (frame: WireFrame) => held.wire.push(frame));
    socket.socket.on("seat", (notice: SeatNotice) => held.notices.push(notice));
    await socket.connected();
    // One command at a time: a seat change committed while a move is on its way shows the seat
    // still to act, and must not make it move twice.
    let acted = -1;
    let busy = false;
    const act = () => {
      const snap = socket.latest;
      if (snap === null || busy || !held.active) return;
      if (snap.version <= acted || snap.lobby.status !== "running") return;
      const move =
        humanChoice(snap.legal) ??
        (snap.progress?.status === "gameOver" && seat === first
          ? ({ type: "startNextGame" } as const)
          : undefined);
      if (move === undefined) return;
      acted = snap.version;
      busy = true;
      held.inflight = socket
        .command(matchId, ticket.token, `${seat}@${snap.version}`, move)
        .catch((error: unknown) =>
          failures.push(`seat ${seat} move ${JSON.stringify(move)} refused: ${String(error)}`),
        )
        .finally(() => {
          busy = false;
          act();
        });
    };
    socket.onFrame(act);
    await socket.rpc("game.watch", {
      matchId,
      token: ticket.token,
      ...(afterVersion === undefined ? {} : { afterVersion }),
    });
    seats.push(held);
    return held;
  };

  /** The seat's owner stops playing, lets its last command land, and leaves; the socket stays. */
  const leave = async (held: SeatSocket): Promise<number> => {
    held.active = false;
    await held.inflight;
    return (await http.lobby.leave.mutate({ matchId, token: held.token })).version;
  };

  if (plan.lobbyTurnover) {
    // The first human waits in the lobby meanwhile: a lobby whose last human leaves closes. The
    // leaver holds another human seat, or (one human in all) a seat the bots take later.
    await sit(first, `human ${first}`);
    const others = plan.humans.filter((seat) => seat !== first);
    const pool =
      others.length > 0 ? others : [...Array(plan.seats).keys()].filter((seat) => seat !== first);
    const seat = pool[Math.floor(random() * pool.length)]!;
    await leave(await sit(seat, `leaver ${seat}`));
    turnovers.lobby++;
  }
  for (const seat of plan.humans) {
    if (!seats.some((held) => held.active && held.seat === seat)) await sit(seat, `human ${seat}`);
  }
  const spectators: TestSocket[] = [];
  for (let i = 0; i < plan.spectators; i++) {
    const socket = new TestSocket(url);
    await socket.connected();
    await socket.rpc("game.watch", { matchId });
    spectators.push(socket);
  }
  const firstToken = seats.find((s) => s.active && s.seat === first)!.token;
  const empty = plan.seats - plan.humans.length;
  if (empty > 0) {
    await http.lobby.addBots.mutate({ matchId, token: firstToken, level: "random", count: 1 });
    if (empty > 1)
      await http.lobby.addBots.mutate({ matchId, token: firstToken, level: "heuristic" });
  }
  const starter = seats.find((s) => s.active && s.seat === first)!.socket;
  await http.lobby.start.mutate({ matchId, token: firstToken });
  const now = () => starter.latest?.version ?? 0;
  const over = () => starter.latest?.lobby.status === "over";

  for (let i = 0; i < plan.midTurnovers; i++) {
    const movable = seats.filter((s) => s.active && s.seat !== first);
    const owner = movable[Math.floor(random() * movable.length)];
    if (owner === undefined) break;
    const leaveAt = now() + 3 + Math.floor(random() * 20);
    await within(starter, () => over() || now() >= leaveAt);
    if (over()) break;
    const released = await leave(owner);
    turnovers.mid++;
    const joinAt = released + 1 + Math.floor(random() * 6);
    await within(starter, () => over() || now() >= joinAt);
    if (over()) break;
    try {
      // The newcomer watched the table before joining: it asks for what it missed since, and
      // must not be sent what the seat saw before its token claimed it.
      await sit(owner.seat, `newcomer ${owner.seat}.${i}`, now());
    } catch (error) {
      // The match ended between the look and the join.
      if (refusalCode(error) === "NOT_IN_LOBBY") break;
      throw error;
    }
  }

  await Promise.all(
    [...seats.filter((s) => s.active).map((s) => s.socket), ...spectators].map((s) =>
      within(s, () => s.latest?.lobby.status === "over"),
    ),
  );
  await Promise.all(seats.map((s) => s.inflight));
  // Whatever the server sent any socket before these round trips has arrived.
  await Promise.all(seats.map((s) => s.socket.rpc("variants.list")));
  if (failures.length > 0) throw new Error(failures.join("\n"));
  return { matchId, seats, spectators, turnovers };
}

export interface TurnoverCheck {
  /** Frames checked (raw frames of seat sockets, completed frames, spectators' frames). */
  readonly frames: number;
  /** Sockets whose token lost its seat while they stayed open. */
  readonly stale: number;
  readonly notices: number;
}

/**
 * Every frame a seat socket was sent is checked against the seat its token owned at that
 * version (from the stored log: from its `seat.claimed` to the `seat.released` that ended it):
 * the frame's viewer is that seat, and the frame and each of its events are at versions the
 * token owned it; its content shows nothing that seat may not see (`checkFrames`). A socket
 * whose token lost the seat got exactly one SEAT_LOST notice at the release's version; the
 * others none. Spectators' frames are checked as in `spyOnFrames`.
 */
export async function checkTurnover(
  store: EventStore,
  played: TurnoverMatch,
  variantId: string,
): Promise<TurnoverCheck> {
  const { matchId } = played;
  const log = await store.read(`match-${matchId}`);
  let frames = 0;
  let stale = 0;
  let notices = 0;
  for (const held of played.seats) {
    const { seat, from, until } = ownership(log, held.token);
    const fail = (what: string): never => {
      throw new Error(`match ${matchId}, seat ${seat} (owned ${from}–${until}): ${what}`);
    };
    if (seat !== held.seat) fail(`the token holds seat ${seat}, not ${held.seat}`);
    for (const frame of held.wire) {
      const viewer =
        frame.kind === "delta" || frame.kind === "private" ? frame.viewer : frame.snapshot.viewer;
      // A commit's public part is the spectator's delta, sent to the seat's sockets too (only
      // while the token owns the seat: the versions below).
      const shared = frame.kind === "delta" && viewer === "spectator";
      if (viewer !== seat && !shared) fail(`frame ${frame.version} for viewer ${viewer}`);
      const versions = [
        frame.version,
        ...(("events" in frame ? frame.events : undefined) ?? []).map((e) => e.version),
      ];
      for (const v of versions) {
        if (v < from || v >= until) fail(`frame ${frame.version} carries version ${v}`);
      }
      frames++;
    }
    frames += await checkFrames(store, matchId, variantId, new Map([[seat, held.socket.frames]]), {
      inOrder: true,
    });
    const expected =
      until === Infinity ? [] : [{ type: "SEAT_LOST", matchId, seat, version: until }];
    const got = held.notices.map(({ type, matchId: m, seat: s, version }) => ({
      type,
      matchId: m,
      seat: s,
      version,
    }));
    if (JSON.stringify(got) !== JSON.stringify(expected))
      fail(`notices ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
    if (held.notices.some((n) => n.refusal.code !== "SEAT_LOST")) fail("a notice not SEAT_LOST");
    if (until !== Infinity) stale++;
    notices += held.notices.length;
  }
  for (const spectator of played.spectators) {
    frames += await checkFrames(
      store,
      matchId,
      variantId,
      new Map([["spectator", spectator.frames]]),
      { inOrder: true },
    );
  }
  return { frames, stale, notices };
}

/** The seat a token claimed and the versions it owned it: `from` ≤ v < `until`. */
function ownership(
  log: readonly StoredEvent[],
  token: string,
): { seat: Seat; from: number; until: number } {
  const hash = hashToken(token);
  const claim = log.find(
    (e) => e.type === "seat.claimed" && (e.data as { tokenHash: string }).tokenHash === hash,
  );
  if (claim === undefined) throw new Error("a token that never claimed a seat");
  const seat = (claim.data as { seat: Seat }).seat;
  const release = log.find(
    (e) =>
      e.version > claim.version &&
      e.type === "seat.released" &&
      (e.data as { seat: Seat }).seat === seat,
  );
  return { seat, from: claim.version, until: release?.version ?? Infinity };
}

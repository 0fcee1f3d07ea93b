import type { SeatNotice, WireFrame } from "@maumau/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../testing/index.js";
import { humanChoice } from "../testing/playServerMatch.js";
import { httpClient, TestSocket } from "../testing/TestSocket.js";

/**
 * Issue #18, defect 1: a socket receives a seat's frames only while its token owns the seat.
 * A leaves seat 1 and keeps the socket that watched it open; B takes seat 1. A's socket must
 * get the typed SEAT_LOST notice and not one frame more for seat 1 (B's hand, B's moves).
 */
let api: TestApi;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await api.stop();
});

/** A socket that records every raw `match` frame and `seat` notice it is sent. */
async function spy() {
  const socket = new TestSocket(api.url);
  sockets.push(socket);
  const wire: WireFrame[] = [];
  const notices: SeatNotice[] = [];
  socket.socket.on("match", (frame: WireFrame) => wire.push(frame));
  socket.socket.on("seat", (notice: SeatNotice) => notices.push(notice));
  await socket.connected();
  return { socket, wire, notices };
}

/** One legal move by whoever of `tokens` is to act, over HTTP; false when none of them is. */
async function step(
  matchId: string,
  tokens: readonly string[],
  commandId?: string,
): Promise<boolean> {
  const http = httpClient(api.url);
  for (const token of tokens) {
    const view = await http.game.view.query({ matchId, token });
    if (view.lobby.status !== "running") return false;
    const move =
      humanChoice(view.legal) ??
      (view.progress?.status === "gameOver" ? { type: "startNextGame" } : undefined);
    if (move === undefined) continue;
    await http.game.command.mutate({
      matchId,
      token,
      commandId: commandId ?? `s${view.version}`,
      command: move,
    });
    return true;
  }
  return false;
}

/** Plays `moves` human moves (bots move in between by themselves). */
async function play(matchId: string, tokens: readonly string[], moves: number): Promise<number> {
  let made = 0;
  for (let tries = 0; made < moves && tries < moves * 50; tries++) {
    if (await step(matchId, tokens)) made++;
    else await new Promise((done) => setImmediate(done));
  }
  return made;
}

/**
 * Everything the server sent a socket before this round trip has arrived (one connection's
 * messages keep their order).
 */
const settle = (socket: TestSocket) => socket.rpc("variants.list");

/** The hand a wire frame carries: in a whole view, or in what changed (`viewPatch`). */
const handOf = (frame: WireFrame): unknown => {
  const views =
    frame.kind === "delta" || frame.kind === "private"
      ? [frame.view, frame.viewPatch?.set]
      : [frame.snapshot.view];
  for (const view of views) {
    const hand = (view as { hand?: unknown } | null | undefined)?.hand;
    if (hand !== undefined && hand !== null) return hand;
  }
  return null;
};

describe("seat turnover: a stale seat room", () => {
  it("in the waiting room: A's first socket gets SEAT_LOST and none of B's frames", async () => {
    const http = httpClient(api.url);
    const { matchId } = await http.lobby.create.mutate({
      variant: "noris",
      seats: 3,
      options: { games: 3 },
    });
    // C waits in the lobby meanwhile (a lobby whose last human leaves closes).
    const keeper = await http.lobby.join.mutate({ matchId, name: "C", seat: 0 });
    const a1 = await http.lobby.join.mutate({ matchId, name: "A", seat: 1 });
    const first = await spy();
    await first.socket.rpc("game.watch", { matchId, token: a1.token });

    const left = await http.lobby.leave.mutate({ matchId, token: a1.token });
    const a2 = await http.lobby.join.mutate({ matchId, name: "A", seat: 2 });
    const second = await spy();
    await second.socket.rpc("game.watch", { matchId, token: a2.token });
    const b = await http.lobby.join.mutate({ matchId, name: "B", seat: 1 });
    expect(b.seat).toBe(1);
    const owner = await spy();
    await owner.socket.rpc("game.watch", { matchId, token: b.token });

    await http.lobby.start.mutate({ matchId, token: keeper.token });
    expect(await play(matchId, [keeper.token, b.token, a2.token], 15)).toBe(15);
    await settle(first.socket);
    await settle(owner.socket);

    // B's own socket saw B's hand: the frames exist (a patch carries the hand when it
    // changed: B's plays and draws), and only the owner got them.
    expect(owner.wire.filter((f) => handOf(f) !== null).length).toBeGreaterThan(4);
    const stale = first.wire.filter((f) => f.version > left.version);
    expect(stale.map((f) => ({ version: f.version, hand: handOf(f) }))).toEqual([]);
    expect(first.notices).toEqual([
      expect.objectContaining({ type: "SEAT_LOST", matchId, seat: 1, version: left.version }),
    ]);
    expect(first.notices[0]!.refusal.code).toBe("SEAT_LOST");
    // Watching with the old token is refused: the token owns no seat any more.
    await expect(first.socket.rpc("game.watch", { matchId, token: a1.token })).rejects.toThrow(
      /BAD_TOKEN/,
    );
    // The seat's new owner and A's second seat were told nothing of the kind.
    expect(owner.notices).toEqual([]);
    expect(second.notices).toEqual([]);
  });

  it("mid-match: A leaves, B joins seat 1, A's open socket sees none of B's 15 moves", async () => {
    const http = httpClient(api.url);
    const created = await http.lobby.create.mutate({
      variant: "noris",
      seats: 3,
      name: "C",
      options: { games: 5 },
    });
    const { matchId } = created;
    const c = created.token!;
    const a = await http.lobby.join.mutate({ matchId, name: "A", seat: 1 });
    await http.lobby.addBots.mutate({ matchId, token: c, level: "heuristic" });
    const watcher = await spy();
    await watcher.socket.rpc("game.watch", { matchId, token: a.token });
    await http.lobby.start.mutate({ matchId, token: c });
    expect(await play(matchId, [c, a.token], 4)).toBe(4);

    const left = await http.lobby.leave.mutate({ matchId, token: a.token });
    const b = await http.lobby.join.mutate({ matchId, name: "B", seat: 1 });
    const owner = await spy();
    await owner.socket.rpc("game.watch", { matchId, token: b.token });
    expect(await play(matchId, [c, b.token], 15)).toBe(15);
    await settle(watcher.socket);
    await settle(owner.socket);

    const bHands = owner.wire.map(handOf).filter((h) => h !== null);
    expect(bHands.length).toBeGreaterThan(0);
    const stale = watcher.wire.filter((f) => f.version > left.version);
    expect(stale.map((f) => ({ version: f.version, hand: handOf(f) }))).toEqual([]);
    expect(
      watcher.wire.filter(
        (f) =>
          (f.kind === "delta" || f.kind === "private") &&
          f.legal.length > 0 &&
          f.version > left.version,
      ),
    ).toEqual([]);
    expect(watcher.notices).toEqual([
      expect.objectContaining({ type: "SEAT_LOST", matchId, seat: 1, version: left.version }),
    ]);
    expect(owner.notices).toEqual([]);
  });

  it("mid-match: the newcomer is not shown what seat 1 saw before its token claimed it", async () => {
    const http = httpClient(api.url);
    const created = await http.lobby.create.mutate({
      variant: "noris",
      seats: 2,
      name: "C",
      options: { games: 5 },
    });
    const { matchId } = created;
    const c = created.token!;
    const a = await http.lobby.join.mutate({ matchId, name: "A", seat: 1 });
    await http.lobby.start.mutate({ matchId, token: c });
    expect(await play(matchId, [c, a.token], 6)).toBe(6);
    // A's last move, under an id B will try.
    for (let tries = 0; !(await step(matchId, [a.token], "a-last")); tries++) {
      expect(tries).toBeLessThan(500);
      await step(matchId, [c]);
    }
    const before = (await http.game.view.query({ matchId })).version;
    await http.lobby.leave.mutate({ matchId, token: a.token });
    const b = await http.lobby.join.mutate({ matchId, name: "B", seat: 1 });
    const claimedAt = (await http.game.view.query({ matchId })).version;

    // A's command id is not B's: repeating it is refused, not answered with what A was shown.
    await expect(
      http.game.command.mutate({
        matchId,
        token: b.token,
        commandId: "a-last",
        command: { type: "drawCard" },
      }),
    ).rejects.toMatchObject({ data: { refusal: { code: "INVALID_COMMAND" } } });
    expect((await http.game.view.query({ matchId })).version).toBe(claimedAt);

    // The history shows B the events before its claim as a spectator sees them.
    const mine = await http.game.history.query({ matchId, token: b.token });
    const everyone = await http.game.history.query({ matchId });
    const early = (events: readonly { version: number }[]) =>
      events.filter((e) => e.version < claimedAt);
    expect(early(mine.events)).toEqual(early(everyone.events));
    // A watch that asks for what it missed since before the claim gets a snapshot instead.
    const newcomer = await spy();
    await newcomer.socket.rpc("game.watch", { matchId, token: b.token, afterVersion: before });
    expect(newcomer.wire.map((f) => f.kind)).toEqual(["snapshot"]);
    const caughtUp = await http.game.catchUp.query({ matchId, afterVersion: before });
    expect(caughtUp.kind).toBe("events");
  });
});

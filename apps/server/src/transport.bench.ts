import type { Command } from "@maumau/engine";
import { afterAll, bench, describe } from "vitest";
import type { MatchSnapshot } from "./matches/Match.js";
import { humanChoice } from "./testing/playServerMatch.js";
import { httpClient, TestSocket } from "./testing/TestSocket.js";
import { startTestApi } from "./testing/index.js";

/**
 * One move as a client makes it, against a real server on loopback (SQLite in a temp file):
 * - HTTP tRPC: `game.view` for the seat to act (HTTP has no push), then `game.command`;
 * - socket: `game.command` over the socket (createCaller), then the pushed frame that says
 *   whose turn it is next.
 * Two human seats, no bots; noris with 100 games so that the match never ends mid-bench.
 */
const api = await startTestApi({ commandRate: 100_000 });
const http = httpClient(api.url);

async function table() {
  const created = await http.lobby.create.mutate({
    variant: "noris",
    seats: 2,
    name: "A",
    options: { games: 100 },
  });
  const b = await http.lobby.join.mutate({ matchId: created.matchId, name: "B" });
  await http.lobby.start.mutate({ matchId: created.matchId, token: created.token! });
  return { matchId: created.matchId, tokens: [created.token!, b.token] };
}

const nextGame = { type: "startNextGame" } as const;
const choose = (snap: Pick<MatchSnapshot, "legal" | "progress">): Command | undefined =>
  humanChoice(snap.legal) ?? (snap.progress?.status === "gameOver" ? nextGame : undefined);

// HTTP
const h = await table();
let hSeat = 0;
let hCounter = 0;
async function httpMove(): Promise<void> {
  for (let tries = 0; tries < 2; tries++) {
    const token = h.tokens[hSeat]!;
    const view = await http.game.view.query({ matchId: h.matchId, token });
    const move = choose(view);
    if (move === undefined) {
      hSeat = 1 - hSeat;
      continue;
    }
    await http.game.command.mutate({
      matchId: h.matchId,
      token,
      commandId: `h${hCounter++}`,
      command: move,
    });
    return;
  }
}

// socket
const s = await table();
const sockets = await Promise.all(
  s.tokens.map(async (token) => {
    const socket = new TestSocket(api.url);
    await socket.connected();
    await socket.rpc("game.watch", { matchId: s.matchId, token });
    return socket;
  }),
);
let sCounter = 0;
/** Resolves once a frame makes `test` true, on whichever socket it arrives. */
let pending: { test: () => boolean; done: () => void } | null = null;
for (const socket of sockets) {
  socket.onFrame(() => {
    if (pending?.test()) {
      const { done } = pending;
      pending = null;
      done();
    }
  });
}
const frameWhere = (test: () => boolean): Promise<void> =>
  test() ? Promise.resolve() : new Promise((done) => (pending = { test, done }));

async function socketMove(): Promise<void> {
  const index = sockets.findIndex((x) => x.latest !== null && choose(x.latest) !== undefined);
  if (index === -1) throw new Error("nobody can move");
  const socket = sockets[index]!;
  const move = choose(socket.latest!)!;
  const ack = await socket.command(s.matchId, s.tokens[index]!, `s${sCounter++}`, move);
  // The move is done for the client when the seat to act next has been told.
  await frameWhere(() =>
    sockets.some((x) => (x.latest?.version ?? 0) >= ack.version && choose(x.latest!) !== undefined),
  );
}

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await api.stop();
});

describe("one move: the client's whole path", () => {
  bench("HTTP tRPC (game.view + game.command)", httpMove, { time: 4000, warmupTime: 500 });
  bench("socket.io + createCaller (game.command + pushed frame)", socketMove, {
    time: 4000,
    warmupTime: 500,
  });
});

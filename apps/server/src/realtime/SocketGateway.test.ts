import type { Command } from "@maumau/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchFrame } from "../matches/MatchService.js";
import { startTestApi, type TestApi } from "../testing/index.js";
import { humanChoice } from "../testing/playServerMatch.js";
import { httpClient, RpcError, TestSocket } from "../testing/TestSocket.js";

let api: TestApi;
const sockets: TestSocket[] = [];

const open = async (url = api.url, headers?: Record<string, string>) => {
  const socket = new TestSocket(url, headers ? { headers } : {});
  sockets.push(socket);
  await socket.connected();
  return socket;
};

beforeAll(async () => {
  api = await startTestApi({ catchUpLimit: 30, allowedOrigins: ["https://friends.example"] });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await api.stop();
});

async function rpcError(call: Promise<unknown>): Promise<RpcError> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(RpcError);
    return error as RpcError;
  }
  throw new Error("expected a refusal");
}

/** Two humans at a started noris table, both seats on one socket's rpc. */
async function table(socket: TestSocket) {
  const created = await socket.rpc<{ matchId: string; token: string }>("lobby.create", {
    variant: "noris",
    seats: 2,
    name: "A",
    options: { games: 3 },
  });
  const b = await socket.rpc<{ token: string }>("lobby.join", {
    matchId: created.matchId,
    name: "B",
  });
  await socket.rpc("lobby.start", { matchId: created.matchId, token: created.token });
  return { matchId: created.matchId, tokens: [created.token, b.token] };
}

/** One legal move by whoever is to act, over HTTP. */
async function step(matchId: string, tokens: string[]): Promise<void> {
  const http = httpClient(api.url);
  for (const token of tokens) {
    const view = await http.game.view.query({ matchId, token });
    const move =
      humanChoice(view.legal) ??
      (view.progress?.status === "gameOver" ? { type: "startNextGame" } : undefined);
    if (move) {
      await http.game.command.mutate({
        matchId,
        token,
        commandId: `s${view.version}`,
        command: move,
      });
      return;
    }
  }
  throw new Error("nobody could move");
}

describe("procedures over the socket", () => {
  it("answers with the same schemas and the same error model as HTTP", async () => {
    const socket = await open();
    const { matchId, tokens } = await table(socket);
    const view = await socket.rpc<{ progress: { toAct: number } }>("game.view", {
      matchId,
      token: tokens[0],
    });
    const other = 1 - view.progress.toAct;
    const refused = await rpcError(
      socket.command(matchId, tokens[other]!, "x1", { type: "drawCard", seat: other }),
    );
    expect(refused.shape).toMatchObject({
      code: -32022,
      data: {
        code: "UNPROCESSABLE_CONTENT",
        httpStatus: 422,
        path: "game.command",
        refusal: { code: "NOT_YOUR_TURN" },
      },
    });
    expect(refused.code).toBe("NOT_YOUR_TURN");

    const invalid = await rpcError(
      socket.rpc("game.command", {
        matchId,
        token: tokens[0],
        commandId: "x",
        command: { type: "fly" },
      }),
    );
    expect(invalid.shape.data).toMatchObject({
      code: "BAD_REQUEST",
      refusal: { code: "INVALID_INPUT" },
    });
    const unknown = await rpcError(socket.rpc("game.teleport", {}));
    expect(unknown.shape.data.code).toBe("NOT_FOUND");
    const watchOverHttp = await httpClient(api.url)
      .game.watch.mutate({ matchId })
      .catch((e: unknown) => e);
    expect((watchOverHttp as { data: { refusal: { code: string } } }).data.refusal.code).toBe(
      "SOCKET_ONLY",
    );
  });

  it("lets the handshake's HTTP request go once the socket is served, and still answers", async () => {
    const socket = await open();
    const served = [...api.io.of("/").sockets.values()];
    expect(served.length).toBeGreaterThan(0);
    for (const s of served) {
      expect((s.conn as unknown as { request: unknown }).request).toBeNull();
      // What the handshake recorded stays: its headers (origin checks, logs).
      expect(s.handshake.headers.host).toBeTruthy();
    }
    const { matchId } = await table(socket);
    expect(await socket.rpc("game.view", { matchId })).toMatchObject({ matchId });
  });

  it("is idempotent over the socket too", async () => {
    const socket = await open();
    const { matchId, tokens } = await table(socket);
    const view = await socket.rpc<{ progress: { toAct: number } }>("game.view", {
      matchId,
      token: tokens[0],
    });
    const seat = view.progress.toAct;
    const mine = await socket.rpc<{ legal: Command[] }>("game.view", {
      matchId,
      token: tokens[seat],
    });
    const first = await socket.command(matchId, tokens[seat]!, "same", mine.legal[0]!);
    const version = await api.store.version(`match-${matchId}`);
    const again = await socket.command(matchId, tokens[seat]!, "same", mine.legal[0]!);
    expect(again).toEqual({ ...first, duplicate: true });
    expect(await api.store.version(`match-${matchId}`)).toBe(version);
  });
});

describe("the host's seat commands", () => {
  it("seats a bot on a chosen seat and frees the seat of a friend who left; others are refused", async () => {
    const host = await open();
    const { matchId, token } = await host.rpc<{ matchId: string; token: string }>("lobby.create", {
      variant: "french",
      seats: 3,
      name: "Host",
    });
    const friendSocket = await open();
    const friend = await friendSocket.rpc<{ token: string; seat: number }>("lobby.join", {
      matchId,
      name: "Friend",
    });
    await friendSocket.rpc("game.watch", { matchId, token: friend.token });

    const notHost = await rpcError(
      friendSocket.rpc("lobby.seatBot", { matchId, token: friend.token, seat: 2 }),
    );
    expect(notHost.refusal.code).toBe("NOT_HOST");
    expect(notHost.shape.data.code).toBe("FORBIDDEN");
    const lobby = await host.rpc<{ seats: { kind: string; level: string | null }[] }>(
      "lobby.seatBot",
      { matchId, token, seat: 2, level: "random" },
    );
    expect(lobby.seats[2]).toMatchObject({ kind: "bot", level: "random" });
    const taken = await rpcError(host.rpc("lobby.seatBot", { matchId, token, seat: 2 }));
    expect(taken.refusal.code).toBe("SEAT_TAKEN");

    // The friend is connected: their seat stays theirs.
    const present = await rpcError(host.rpc("lobby.freeSeat", { matchId, token, seat: 1 }));
    expect(present.refusal.code).toBe("PLAYER_PRESENT");
    friendSocket.close();
    await expect.poll(() => api.service.ownerHere(matchId, friend.seat).connected).toBe(false);
    const freed = await host.rpc<{ seats: { kind: string }[] }>("lobby.freeSeat", {
      matchId,
      token,
      seat: friend.seat,
    });
    expect(freed.seats.map((s) => s.kind)).toEqual(["human", "empty", "bot"]);
    const empty = await rpcError(host.rpc("lobby.freeSeat", { matchId, token, seat: 1 }));
    expect(empty.refusal.code).toBe("SEAT_EMPTY");
  });
});

describe("pushes and catch-up", () => {
  it("pushes each new event, filtered for the seat, with its version", async () => {
    const socket = await open();
    const { matchId, tokens } = await table(socket);
    await socket.rpc("game.watch", { matchId, token: tokens[1] });
    expect(socket.frames.at(-1)).toMatchObject({ kind: "snapshot", snapshot: { viewer: 1 } });
    const before = socket.frames.at(-1)!.version;
    await step(matchId, tokens);
    await socket.until(() => socket.frames.at(-1)!.version > before);
    const frame = socket.frames.at(-1)! as Extract<MatchFrame, { kind: "events" }>;
    expect(frame.kind).toBe("events");
    expect(frame.events[0]!.version).toBe(before + 1);
    expect(frame.snapshot.viewer).toBe(1);
  });

  it("sends exactly the missed events in order after a reconnect", async () => {
    const watcher = await open();
    const driver = await open();
    const { matchId, tokens } = await table(driver);
    await watcher.rpc("game.watch", { matchId, token: tokens[0] });
    const seen = watcher.frames.at(-1)!.version;
    watcher.close();
    for (let i = 0; i < 6; i++) await step(matchId, tokens);

    const back = await open();
    await back.rpc("game.watch", { matchId, token: tokens[0], afterVersion: seen });
    const frame = back.frames[0]! as Extract<MatchFrame, { kind: "events" }>;
    expect(frame.kind).toBe("events");
    const history = await httpClient(api.url).game.history.query({
      matchId,
      token: tokens[0]!,
      afterVersion: seen,
    });
    expect(frame.events).toEqual(history.events);
    expect(frame.events.map((e) => e.version)).toEqual(
      Array.from({ length: frame.version - seen }, (_, i) => seen + 1 + i),
    );
    expect(frame.version).toBe(await api.store.version(`match-${matchId}`));
  });

  it("catches up a socket that watches again, and keeps it in the room", async () => {
    const watcher = await open();
    const driver = await open();
    const { matchId, tokens } = await table(driver);
    await watcher.rpc("game.watch", { matchId, token: tokens[0] });
    const first = watcher.frames.at(-1)!.version;
    for (let i = 0; i < 3; i++) await step(matchId, tokens);
    const now = await api.store.version(`match-${matchId}`);
    await watcher.until(() => watcher.frames.at(-1)!.version === now);
    // A client that saw a gap after `first` asks again: the events since, in order.
    const answer = await watcher.rpc<{ version: number }>("game.watch", {
      matchId,
      token: tokens[0],
      afterVersion: first,
    });
    expect(answer.version).toBe(now);
    const frame = watcher.frames.at(-1)! as Extract<MatchFrame, { kind: "events" }>;
    expect(frame.events.map((e) => e.version)).toEqual(
      Array.from({ length: now - first }, (_, i) => first + 1 + i),
    );
    // Still in the room: the next commit is pushed.
    await step(matchId, tokens);
    await watcher.until(() => watcher.frames.at(-1)!.version > now);
  });

  it("sends a full view instead when the client is too far behind", async () => {
    const driver = await open();
    const { matchId, tokens } = await table(driver);
    while ((await api.store.version(`match-${matchId}`)) <= 31) await step(matchId, tokens);
    const back = await open();
    await back.rpc("game.watch", { matchId, token: tokens[1], afterVersion: 0 });
    expect(back.frames[0]).toMatchObject({ kind: "snapshot", snapshot: { viewer: 1 } });
    // Over HTTP the same rule answers game.catchUp.
    const http = await httpClient(api.url).game.catchUp.query({ matchId, afterVersion: 0 });
    expect(http.kind).toBe("snapshot");
  });

  it("moves a spectator who took a seat to the seat's room: unwatch and watch sent at once", async () => {
    const host = await open();
    const created = await host.rpc<{ matchId: string; token: string }>("lobby.create", {
      variant: "french",
      seats: 2,
      name: "Host",
    });
    const { matchId } = created;
    for (let run = 0; run < 5; run++) {
      const friend = await open();
      await friend.rpc("game.watch", { matchId });
      const seat = await friend.rpc<{ token: string }>("lobby.join", { matchId, name: "Friend" });
      // As the page does when the seat is taken: the spectator's feed ends, the seat's starts,
      // neither waiting for the other's answer.
      const switched = Promise.all([
        friend.rpc("game.unwatch", { matchId }),
        friend.rpc("game.watch", { matchId, token: seat.token }),
      ]);
      await switched;
      await friend.until(() => friend.frames.at(-1)?.snapshot.viewer === 1);
      // Frames after the switch reach the seat, completed from the seat's snapshot.
      const seen = friend.frames.length;
      await host.rpc("game.say", { matchId, token: created.token, text: `run ${run}` });
      await friend.until(() =>
        friend.frames
          .slice(seen)
          .some((f) => f.kind === "events" && f.events.some((e) => e.type === "chat.said")),
      );
      expect(friend.frames.at(-1)!.snapshot.viewer).toBe(1);
      // The friend leaves: the seat is free for the next run (its socket is told SEAT_LOST).
      await friend.rpc("lobby.leave", { matchId, token: seat.token });
      friend.close();
    }
  });

  it("lets a spectator watch without a token and see no hand", async () => {
    const driver = await open();
    const { matchId, tokens } = await table(driver);
    const spectator = await open();
    await spectator.rpc("game.watch", { matchId });
    await step(matchId, tokens);
    await spectator.until(() => spectator.frames.length >= 2);
    for (const frame of spectator.frames) {
      expect(frame.snapshot.viewer).toBe("spectator");
      expect((frame.snapshot.view as { hand: unknown }).hand).toBeNull();
      expect(frame.snapshot.legal).toEqual([]);
    }
  });
});

describe("socket limits", () => {
  it("rate-limits messages per socket with a typed RATE_LIMITED error", async () => {
    const limited = await startTestApi({ commandRate: 5 });
    try {
      const socket = await open(limited.url);
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, () => socket.rpc("variants.list")),
      );
      const refused = results
        .filter((r) => r.status === "rejected")
        .map((r) => r.reason as RpcError);
      expect(refused.length).toBeGreaterThanOrEqual(6);
      expect(refused[0]!.code).toBe("RATE_LIMITED");
      expect(refused[0]!.shape.data.code).toBe("TOO_MANY_REQUESTS");
      await new Promise((done) => setTimeout(done, 450));
      await expect(socket.rpc("variants.list")).resolves.toBeDefined();
    } finally {
      await limited.stop();
    }
  });

  it("disconnects a socket that sends more than MAX_PAYLOAD_BYTES", async () => {
    const small = await startTestApi({ maxPayloadBytes: 2048 });
    try {
      const socket = await open(small.url);
      const gone = new Promise<string>((done) => socket.socket.on("disconnect", done));
      socket.socket.emit("rpc", {
        id: 1,
        path: "lobby.join",
        input: { matchId: "a", name: "x".repeat(5000) },
      });
      expect(await gone).toBe("transport close");
    } finally {
      await small.stop();
    }
  });

  it("refuses a handshake from a foreign origin and accepts its own and the allow-list", async () => {
    await expect(open(api.url, { origin: "https://evil.example" })).rejects.toThrow();
    await expect(open(api.url, { origin: "https://friends.example" })).resolves.toBeDefined();
    await expect(open(api.url, { origin: api.url })).resolves.toBeDefined();
  });
});

import type { ReplayRoomFrame } from "@maumau/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServiceError } from "../errors/ServiceError.js";
import { startTestApi, waitFor, type TestApi } from "../testing/index.js";
import { TestSocket, type RpcError } from "../testing/TestSocket.js";
import { ReplayRooms, type ReplayRoomLimits } from "./ReplayRooms.js";

/** Rooms on made-up matches: "done" has 40 events and is over, "running" is not. */
function rooms(limits: Partial<ReplayRoomLimits> = {}) {
  let now = 1_000_000;
  const frames: ReplayRoomFrame[] = [];
  const held = new ReplayRooms({
    finishedLength: (matchId) => {
      if (matchId === "done") return Promise.resolve(40);
      if (matchId === "running")
        return Promise.reject(ServiceError.of("NOT_OVER", "not over", "nicht vorbei"));
      return Promise.reject(ServiceError.of("MATCH_NOT_FOUND", "no match", "keine Partie"));
    },
    limits,
    now: () => now,
  });
  held.onChange((frame) => frames.push(frame));
  return {
    held,
    frames,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** The refusal code a call was answered with (thrown synchronously or as a rejection). */
async function codeOf(call: () => unknown): Promise<string> {
  try {
    await call();
  } catch (error) {
    if (error instanceof ServiceError) return error.refusal.code;
    return (error as RpcError).code;
  }
  throw new Error("expected a refusal");
}

describe("shared replay rooms", () => {
  it("open only on finished matches: NOT_OVER while it runs, MATCH_NOT_FOUND for none", async () => {
    const { held } = rooms();
    expect(await codeOf(() => held.open({ matchId: "running", name: "Ada" }))).toBe("NOT_OVER");
    expect(await codeOf(() => held.open({ matchId: "nope", name: "Ada" }))).toBe("MATCH_NOT_FOUND");
    expect(held.size).toBe(0);
  });

  it("lets only the leader seek; the lead can be handed over", async () => {
    const { held, frames } = rooms();
    const ada = await held.open({ matchId: "done", name: "Ada" });
    const bo = held.join({ roomId: ada.roomId, name: "Bo" });
    expect(held.frame(ada.roomId)).toMatchObject({ leader: ada.memberId, at: 0, last: 40 });

    expect(await codeOf(() => held.seek({ roomId: ada.roomId, token: bo.token, at: 3 }))).toBe(
      "NOT_LEADER",
    );
    expect(held.seek({ roomId: ada.roomId, token: ada.token, at: 12 }).at).toBe(12);
    expect(frames.at(-1)).toMatchObject({ at: 12, leader: ada.memberId });
    expect(await codeOf(() => held.seek({ roomId: ada.roomId, token: ada.token, at: 41 }))).toBe(
      "INVALID_INPUT",
    );

    expect(
      await codeOf(() => held.handOver({ roomId: ada.roomId, token: bo.token, to: bo.memberId })),
    ).toBe("NOT_LEADER");
    expect(
      await codeOf(() => held.handOver({ roomId: ada.roomId, token: ada.token, to: "m99" })),
    ).toBe("INVALID_INPUT");
    held.handOver({ roomId: ada.roomId, token: ada.token, to: bo.memberId });
    expect(frames.at(-1)!.leader).toBe(bo.memberId);
    expect(await codeOf(() => held.seek({ roomId: ada.roomId, token: ada.token, at: 1 }))).toBe(
      "NOT_LEADER",
    );
    expect(held.seek({ roomId: ada.roomId, token: bo.token, at: 20 })).toMatchObject({
      at: 20,
      leader: bo.memberId,
    });
    // The leader leaves: the lead passes on, and the last to leave closes the room.
    held.leave({ roomId: ada.roomId, token: bo.token });
    expect(held.frame(ada.roomId).leader).toBe(ada.memberId);
    held.leave({ roomId: ada.roomId, token: ada.token });
    expect(await codeOf(() => held.frame(ada.roomId))).toBe("ROOM_NOT_FOUND");
  });

  it("refuses unknown rooms and tokens", async () => {
    const { held } = rooms();
    const ada = await held.open({ matchId: "done", name: "Ada" });
    expect(await codeOf(() => held.join({ roomId: "nope", name: "Bo" }))).toBe("ROOM_NOT_FOUND");
    expect(await codeOf(() => held.seek({ roomId: "nope", token: ada.token, at: 1 }))).toBe(
      "ROOM_NOT_FOUND",
    );
    expect(
      await codeOf(() => held.say({ roomId: ada.roomId, token: "x".repeat(43), text: "hi" })),
    ).toBe("BAD_TOKEN");
  });

  it("bounds rooms (all, and per client), members and each member's chat rate (typed LIMIT and RATE_LIMITED)", async () => {
    const { held, advance } = rooms({
      rooms: 3,
      roomsPerClient: 2,
      members: 3,
      chatBurst: 2,
      chatPerSecond: 1,
    });
    const a = await held.open({ matchId: "done", name: "A", client: "10.0.0.1" });
    await held.open({ matchId: "done", name: "B", client: "10.0.0.1" });
    const one = { matchId: "done", name: "C", client: "10.0.0.1" };
    expect(await codeOf(() => held.open(one))).toBe("LIMIT");
    await held.open({ ...one, client: "10.0.0.2" });
    expect(await codeOf(() => held.open({ ...one, client: "10.0.0.3" }))).toBe("LIMIT");
    held.join({ roomId: a.roomId, name: "D" });
    const e = held.join({ roomId: a.roomId, name: "E" });
    expect(await codeOf(() => held.join({ roomId: a.roomId, name: "F" }))).toBe("LIMIT");

    held.say({ roomId: a.roomId, token: e.token, text: "one" });
    held.say({ roomId: a.roomId, token: e.token, text: "two" });
    expect(await codeOf(() => held.say({ roomId: a.roomId, token: e.token, text: "3" }))).toBe(
      "RATE_LIMITED",
    );
    // Another member is not slowed down by E.
    held.say({ roomId: a.roomId, token: a.token, text: "mine" });
    advance(1000);
    const frame = held.say({ roomId: a.roomId, token: e.token, text: "three" });
    expect(frame.chat.map((l) => [l.name, l.text])).toEqual([
      ["E", "one"],
      ["E", "two"],
      ["A", "mine"],
      ["E", "three"],
    ]);
  });

  it("drops a room nobody watches after idleMs, never one that is watched", async () => {
    const { held, advance } = rooms({ idleMs: 60_000 });
    const watched = await held.open({ matchId: "done", name: "A" });
    const idle = await held.open({ matchId: "done", name: "B" });
    held.connected(watched.roomId, watched.token);
    advance(59_000);
    held.sweep();
    expect(held.size).toBe(2);
    advance(1000);
    held.sweep();
    expect(held.size).toBe(1);
    expect(await codeOf(() => held.frame(idle.roomId))).toBe("ROOM_NOT_FOUND");
    expect(held.frame(watched.roomId).members).toEqual([{ id: "m1", name: "A", online: true }]);
  });

  it("hands the lead on when the leader's last socket is gone for leadGraceMs", async () => {
    const { held, frames } = rooms({ leadGraceMs: 0 });
    const ada = await held.open({ matchId: "done", name: "Ada" });
    const bo = held.join({ roomId: ada.roomId, name: "Bo" });
    held.connected(ada.roomId, ada.token);
    held.connected(ada.roomId, bo.token);
    held.disconnected(ada.roomId, ada.memberId);
    await waitFor(() => frames.at(-1)?.leader === bo.memberId);
    expect(held.frame(ada.roomId).members).toEqual([
      { id: ada.memberId, name: "Ada", online: false },
      { id: bo.memberId, name: "Bo", online: true },
    ]);
    held.close();
  });
});

describe("shared replays over the socket", () => {
  let api: TestApi;
  let finished = "";
  let running = "";

  beforeAll(async () => {
    api = await startTestApi();
    // A two-seat match the bots play to the end once its host leaves.
    const over = await api.service.create({
      variant: "french",
      seats: 2,
      name: "Host",
      options: { targetScore: 1 },
    });
    finished = over.matchId;
    await api.service.addBots({ matchId: finished, token: over.ticket!.token, level: "heuristic" });
    await api.service.start({ matchId: finished, token: over.ticket!.token });
    await api.service.leave({ matchId: finished, token: over.ticket!.token });
    await waitFor(
      async () => (await api.service.snapshot({ matchId: finished })).lobby.status === "over",
      60_000,
    );
    const open = await api.service.create({ variant: "noris", seats: 2, name: "Still" });
    running = open.matchId;
  }, 90_000);
  afterAll(() => api.stop());

  it("sends every member a frame on each change; refuses bad chat, non-leaders, unfinished matches", async () => {
    const leader = new TestSocket(api.url);
    const follower = new TestSocket(api.url);
    const seen: ReplayRoomFrame[] = [];
    follower.client.onReplayRoom((frame) => seen.push(frame));
    try {
      await Promise.all([leader.connected(), follower.connected()]);
      const last = (await api.service.history({ matchId: finished })).events.length;
      const ada = await leader.client.api.replayRoom.open({ matchId: finished, name: "Ada" });
      const bo = await follower.client.api.replayRoom.join({ roomId: ada.roomId, name: "Bo" });
      await leader.client.api.replayRoom.watch({ roomId: ada.roomId, token: ada.token });
      expect(
        await follower.client.api.replayRoom.watch({ roomId: ada.roomId, token: bo.token }),
      ).toEqual({ roomId: ada.roomId, memberId: bo.memberId });
      await waitFor(() => seen.at(-1)?.members.every((m) => m.online) === true);
      expect(seen.at(-1)).toMatchObject({ matchId: finished, last, at: 0, leader: ada.memberId });

      await leader.client.api.replayRoom.seek({ roomId: ada.roomId, token: ada.token, at: 5 });
      await waitFor(() => seen.at(-1)?.at === 5);
      await leader.client.api.replayRoom.seek({ roomId: ada.roomId, token: ada.token, at: last });
      await waitFor(() => seen.at(-1)?.at === last);

      const refused = (call: Promise<unknown>) => codeOf(() => call);
      const room = { roomId: ada.roomId, token: bo.token };
      expect(await refused(follower.client.api.replayRoom.seek({ ...room, at: 1 }))).toBe(
        "NOT_LEADER",
      );
      expect(await refused(follower.client.api.replayRoom.say({ ...room, text: "  " }))).toBe(
        "INVALID_INPUT",
      );
      // The bound is said in both languages.
      const tooLong = await follower.client.api.replayRoom
        .say({ ...room, text: "x".repeat(281) })
        .then(
          () => null,
          (error: RpcError) => error.refusal,
        );
      expect(tooLong).toEqual({
        code: "INVALID_INPUT",
        message: {
          en: "Invalid input: at most 280 characters at text.",
          de: "Ungültige Eingabe: höchstens 280 Zeichen bei text.",
        },
      });
      expect(await refused(follower.client.api.replayRoom.say({ ...room, text: "a\u0000b" }))).toBe(
        "INVALID_INPUT",
      );
      expect(await refused(follower.client.api.replayRoom.say({ ...room, text: "\ud800" }))).toBe(
        "INVALID_INPUT",
      );
      expect(
        await refused(follower.client.api.replayRoom.join({ roomId: "noSuchRoom", name: "Cy" })),
      ).toBe("ROOM_NOT_FOUND");
      expect(
        await refused(leader.client.api.replayRoom.open({ matchId: running, name: "Ada" })),
      ).toBe("NOT_OVER");

      // 280 characters (an emoji is one) is fine; the line reaches the leader as plain text.
      const line = `<b>${"😀".repeat(273)}</b>`;
      await follower.client.api.replayRoom.say({ ...room, text: line });
      await waitFor(() => seen.at(-1)?.chat.at(-1)?.text === line);

      await leader.client.api.replayRoom.handOver({
        roomId: ada.roomId,
        token: ada.token,
        to: bo.memberId,
      });
      await waitFor(() => seen.at(-1)?.leader === bo.memberId);
      await follower.client.api.replayRoom.seek({ ...room, at: 2 });
      await waitFor(() => seen.at(-1)?.at === 2);
      expect(
        await refused(
          leader.client.api.replayRoom.seek({ roomId: ada.roomId, token: ada.token, at: 3 }),
        ),
      ).toBe("NOT_LEADER");

      // Gone: the member shows offline to the others.
      leader.close();
      await waitFor(
        () => seen.at(-1)?.members.find((m) => m.id === ada.memberId)?.online === false,
      );
    } finally {
      leader.close();
      follower.close();
    }
  }, 30_000);
});

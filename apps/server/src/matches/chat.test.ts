import { REACTIONS, RemoteRefusal, type ViewEvent } from "@maumau/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ServiceError } from "../errors/ServiceError.js";
import { MemoryEventStore } from "../store/memory.js";
import { silentLogger } from "../testing/index.js";
import { CHAT_RATE } from "./chatDecider.js";
import { MatchService, type CreateInput } from "./MatchService.js";

const service = (store = new MemoryEventStore(), botDelayMs = 0) =>
  new MatchService({
    store,
    logger: silentLogger(),
    botDelayMs,
    graceMs: 60_000,
    catchUpLimit: 200,
  });

/** Given: a running match of two humans, Ann (seat 0) and Ben (seat 1). */
async function givenATable(extra: Partial<CreateInput> = {}, svc = service()) {
  const { matchId, ticket } = await svc.create({
    variant: "noris",
    seats: 2,
    name: "Ann",
    options: { games: 1 },
    ...extra,
  });
  const ben = await svc.join({ matchId, name: "Ben" });
  await svc.start({ matchId, token: ticket!.token });
  return { svc, matchId, ann: ticket!.token, ben: ben.token };
}

/** The refusal code of a rejected promise. */
async function refusalOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError || error instanceof RemoteRefusal) return error.refusal.code;
    throw error;
  }
  throw new Error("not refused");
}

/** A store whose appends fail while `failing` (a full disk). */
class FailingStore extends MemoryEventStore {
  failing = false;

  override append(...args: Parameters<MemoryEventStore["append"]>) {
    if (this.failing) return Promise.reject(new Error("database or disk is full"));
    return super.append(...args);
  }
}

const chatOf = (events: readonly ViewEvent[]) =>
  events.filter((e) => e.type.startsWith("chat.")).map((e) => ({ type: e.type, data: e.data }));

describe("table talk: what is refused, with typed codes", () => {
  it("refuses an empty line (blank after trimming) with CHAT_EMPTY", async () => {
    const { svc, matchId, ann } = await givenATable();
    expect(await refusalOf(svc.say({ matchId, token: ann, text: "" }))).toBe("CHAT_EMPTY");
    expect(await refusalOf(svc.say({ matchId, token: ann, text: "  \n " }))).toBe("CHAT_EMPTY");
  });

  it("takes 280 characters (emoji count once) and refuses 281 with CHAT_TOO_LONG", async () => {
    const { svc, matchId, ann } = await givenATable();
    await svc.say({ matchId, token: ann, text: "x".repeat(280) });
    await svc.say({ matchId, token: ann, text: "😭".repeat(280) });
    expect(await refusalOf(svc.say({ matchId, token: ann, text: "x".repeat(281) }))).toBe(
      "CHAT_TOO_LONG",
    );
  });

  it("refuses NUL and unpaired surrogates with CHAT_BAD_TEXT", async () => {
    const { svc, matchId, ann } = await givenATable();
    for (const text of ["a\u0000b", "lone \ud83d", "\ude2d alone"]) {
      expect(await refusalOf(svc.say({ matchId, token: ann, text }))).toBe("CHAT_BAD_TEXT");
    }
  });

  it("refuses what would not show as text (a terminal's escapes, line breaks, bidi overrides) and stores nothing", async () => {
    const { svc, matchId, ann } = await givenATable();
    const before = (await svc.history({ matchId, token: ann })).events.length;
    for (const text of ["\u001b]0;PWNED\u0007", "a\nb", "\u202eevil", "c1 \u009b2J"]) {
      expect(await refusalOf(svc.say({ matchId, token: ann, text }))).toBe("CHAT_BAD_TEXT");
      expect(await refusalOf(svc.say({ matchId, name: `Kib${text}`, text: "hi" }))).toBe(
        "INVALID_INPUT",
      );
    }
    expect((await svc.history({ matchId, token: ann })).events.length).toBe(before);
    // A line break at either end is trimmed, as spaces are: the line is kept.
    await svc.say({ matchId, token: ann, text: "gg\n" });
  });

  it(`refuses a flood: more than ${CHAT_RATE.messages} messages of one seat in the window`, async () => {
    const { svc, matchId, ann, ben } = await givenATable();
    for (let i = 0; i < CHAT_RATE.messages - 1; i++) {
      await svc.say({ matchId, token: ann, text: `line ${i}` });
    }
    await svc.react({ matchId, token: ann, reaction: "oops" });
    expect(await refusalOf(svc.say({ matchId, token: ann, text: "one more" }))).toBe(
      "CHAT_TOO_FAST",
    );
    expect(await refusalOf(svc.react({ matchId, token: ann, reaction: "mau" }))).toBe(
      "CHAT_TOO_FAST",
    );
    // The rate is per seat: Ben still talks.
    await svc.say({ matchId, token: ben, text: "calm down" });
  });

  it("refuses a reaction outside the fixed set with UNKNOWN_REACTION, and a bad token", async () => {
    const { svc, matchId, ann } = await givenATable();
    expect(await refusalOf(svc.react({ matchId, token: ann, reaction: "<b>" }))).toBe(
      "UNKNOWN_REACTION",
    );
    expect(await refusalOf(svc.say({ matchId, token: "x".repeat(32), text: "hi" }))).toBe(
      "BAD_TOKEN",
    );
  });
});

describe("table talk: spectators", () => {
  it("marks a spectator's line as a spectator's", async () => {
    const { svc, matchId } = await givenATable();
    await svc.say({ matchId, name: " Kibitz ", text: "go Ann" });
    const { events } = await svc.history({ matchId });
    expect(chatOf(events)).toEqual([
      { type: "chat.said", data: { from: { spectator: "Kibitz" }, text: "go Ann" } },
    ]);
  });

  it("refuses a spectator who writes under the name of a player at the table", async () => {
    const { svc, matchId } = await givenATable();
    const { lobby } = await svc.snapshot({ matchId });
    const player = lobby.seats.find((s) => s.kind === "human" && s.name !== null)!.name!;
    for (const name of [player, ` ${player.toUpperCase()} `])
      expect(await refusalOf(svc.say({ matchId, name, text: "I fold" }))).toBe("INVALID_INPUT");
    await svc.say({ matchId, name: `${player} fan`, text: "go" });
  });

  it(`gives each spectator's client its own budget of ${CHAT_RATE.messages} messages, whatever names it writes under`, async () => {
    const { svc, matchId, ann } = await givenATable();
    const noisy = "203.0.113.7";
    for (let i = 0; i < CHAT_RATE.messages - 1; i++)
      await svc.say({ matchId, name: "Loud", text: `line ${i}` }, noisy);
    await svc.react({ matchId, name: "Loud", reaction: "oops" }, noisy);
    // A new name is no new budget, nor is another spectator's name.
    for (const name of ["Louder", "Quiet"]) {
      expect(await refusalOf(svc.say({ matchId, name, text: "more" }, noisy))).toBe(
        "CHAT_TOO_FAST",
      );
      expect(await refusalOf(svc.react({ matchId, name, reaction: "mau" }, noisy))).toBe(
        "CHAT_TOO_FAST",
      );
    }
    // The other watchers keep theirs, each in full (all spectators once shared ten lines).
    for (const client of ["198.51.100.1", "2001:db8:1:2::/64"]) {
      for (let i = 0; i < CHAT_RATE.messages; i++)
        await svc.say({ matchId, name: "Quiet", text: `${client} ${i}` }, client);
      expect(await refusalOf(svc.say({ matchId, name: "Quiet", text: "one more" }, client))).toBe(
        "CHAT_TOO_FAST",
      );
    }
    // And the seats theirs.
    await svc.say({ matchId, token: ann, text: "welcome" });
    const said = chatOf((await svc.history({ matchId })).events).filter(
      (e) => e.type === "chat.said",
    );
    expect(said.length).toBe(CHAT_RATE.messages - 1 + 2 * CHAT_RATE.messages + 1);
  });

  it("keeps a spectator's budget per match; a line refused or not stored takes no place in it", async () => {
    const store = new FailingStore();
    const { svc, matchId } = await givenATable({}, service(store));
    const other = (await givenATable({}, svc)).matchId;
    const client = "203.0.113.8";
    for (let i = 0; i < CHAT_RATE.messages; i++) {
      expect(await refusalOf(svc.say({ matchId, name: "Kib", text: "a\nb" }, client))).toBe(
        "CHAT_BAD_TEXT",
      );
      expect(await refusalOf(svc.say({ matchId, name: "Ann", text: "hi" }, client))).toBe(
        "INVALID_INPUT",
      );
      store.failing = true;
      await expect(svc.say({ matchId, name: "Kib", text: "lost" }, client)).rejects.toThrow(
        "disk is full",
      );
      store.failing = false;
    }
    for (let i = 0; i < CHAT_RATE.messages; i++)
      await svc.say({ matchId, name: "Kib", text: `line ${i}` }, client);
    expect(await refusalOf(svc.say({ matchId, name: "Kib", text: "more" }, client))).toBe(
      "CHAT_TOO_FAST",
    );
    // Watching another table, the same client talks there.
    await svc.say({ matchId: other, name: "Kib", text: "hello" }, client);
  });

  it("forgets a spectator's budget once its window has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const { svc, matchId } = await givenATable();
      const client = "203.0.113.9";
      for (let i = 0; i < CHAT_RATE.messages; i++)
        await svc.say({ matchId, name: "Kib", text: `line ${i}` }, client);
      expect(await refusalOf(svc.say({ matchId, name: "Kib", text: "more" }, client))).toBe(
        "CHAT_TOO_FAST",
      );
      vi.advanceTimersByTime(CHAT_RATE.windowMs + 1);
      await svc.say({ matchId, name: "Kib", text: "later" }, client);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps spectators read-only when the host said so at create; seats still talk", async () => {
    const { svc, matchId, ben } = await givenATable({ spectatorsReadOnly: true });
    expect((await svc.snapshot({ matchId })).lobby.spectatorsReadOnly).toBe(true);
    expect(await refusalOf(svc.say({ matchId, name: "Kibitz", text: "hi" }))).toBe(
      "SPECTATORS_READ_ONLY",
    );
    expect(await refusalOf(svc.react({ matchId, name: "Kibitz", reaction: "mau" }))).toBe(
      "SPECTATORS_READ_ONLY",
    );
    await svc.react({ matchId, token: ben, reaction: "thumbsUp" });
  });
});

describe("table talk: in the stream like moves, but no move", () => {
  it("is caught up by version and read back in order by history (and in the full replay)", async () => {
    const { svc, matchId, ann, ben } = await givenATable();
    const seen = (await svc.snapshot({ matchId, token: ben })).version;
    await svc.say({ matchId, token: ann, text: "hello" });
    await svc.react({ matchId, token: ben, reaction: "wave" });
    await svc.say({ matchId, name: "Kibitz", text: "<img src=x onerror=alert(1)>" });

    const frame = await svc.catchUp({ matchId, token: ben, afterVersion: seen });
    expect(frame.kind).toBe("events");
    const events = frame.kind === "events" ? frame.events : [];
    expect(events.map((e) => e.version)).toEqual([seen + 1, seen + 2, seen + 3]);
    const expected = [
      { type: "chat.said", data: { from: { seat: 0, name: "Ann" }, text: "hello" } },
      { type: "chat.reacted", data: { from: { seat: 1, name: "Ben" }, reaction: "wave" } },
      {
        type: "chat.said",
        data: { from: { spectator: "Kibitz" }, text: "<img src=x onerror=alert(1)>" },
      },
    ];
    expect(chatOf(events)).toEqual(expected);
    // A spectator reads the same lines.
    expect(chatOf((await svc.history({ matchId })).events)).toEqual(expected);
    expect(REACTIONS.some((r) => r.id === "wave")).toBe(true);
  });

  it("changes neither the game, the turn, the legal moves nor the time the turn started", async () => {
    const { svc, matchId, ann, ben } = await givenATable();
    const before = await svc.snapshot({ matchId, token: ann });
    await svc.say({ matchId, token: ann, text: "hm" });
    await svc.react({ matchId, token: ben, reaction: "crying" });
    const after = await svc.snapshot({ matchId, token: ann });
    expect(after.version).toBe(before.version + 2);
    expect(after.view).toEqual(before.view);
    expect(after.progress).toEqual(before.progress);
    expect(after.legal).toEqual(before.legal);
    expect(after.machine).toEqual(before.machine);
    // Clients count the turn timer from `updatedAt`: talk leaves it.
    expect(after.lobby.updatedAt).toBe(before.lobby.updatedAt);
    await svc.close();
  });
});

describe("table talk cannot stall timers", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("does not extend a turn timer: the seat times out when it would have without talk", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { svc, matchId, ann, ben } = await givenATable({ turnTimerMs: 5_000 });
    const toAct = (await svc.snapshot({ matchId })).progress!.toAct!;
    const talker = toAct === 0 ? ann : ben;
    await vi.advanceTimersByTimeAsync(3_500);
    await svc.say({ matchId, token: talker, text: "wait, let me think" });
    await svc.say({ matchId, token: talker, text: "still thinking" });
    await vi.advanceTimersByTimeAsync(2_000);
    const { events } = await svc.history({ matchId });
    expect(events.filter((e) => e.type === "seat.timedOut").map((e) => e.data)).toEqual([
      { seat: toAct },
    ]);
    await svc.close();
  });

  it("does not cancel a bot's planned move", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const svc = service(new MemoryEventStore(), 1_000);
    const { matchId, ticket } = await svc.create({
      variant: "noris",
      seats: 2,
      name: "Ann",
      options: { games: 1 },
    });
    const ann = ticket!.token;
    await svc.addBots({ matchId, token: ann, level: "random" });
    await svc.start({ matchId, token: ann });
    // Ann moves until the bot is to act (the bot's timer starts with her move).
    for (let step = 0; (await svc.snapshot({ matchId })).progress!.toAct !== 1; step++) {
      const mine = await svc.snapshot({ matchId, token: ann });
      await svc.command({ matchId, token: ann, commandId: `c${step}`, command: mine.legal[0]! });
    }
    const version = (await svc.snapshot({ matchId })).version;
    await vi.advanceTimersByTimeAsync(500);
    await svc.say({ matchId, token: ann, text: "your move" });
    await vi.advanceTimersByTimeAsync(600);
    const after = await svc.history({ matchId, afterVersion: version + 1 });
    const moved = after.events.some((e) => !e.type.startsWith("chat."));
    expect(moved).toBe(true);
    await svc.close();
  });
});

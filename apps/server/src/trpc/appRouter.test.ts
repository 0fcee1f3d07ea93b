import { TRPCClientError } from "@trpc/client";
import type { Command } from "@maumau/engine";
import { variantIds } from "@maumau/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../testing/TestSocket.js";
import { startTestApi, type TestApi } from "../testing/index.js";
import type { AppRouter } from "./appRouter.js";

let api: TestApi;
let client: ReturnType<typeof httpClient>;

beforeAll(async () => {
  api = await startTestApi({ maxPayloadBytes: 4096, allowedOrigins: ["https://friends.example"] });
  client = httpClient(api.url);
});
afterAll(() => api.stop());

/** The refusal an HTTP call was answered with. */
async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCClientError);
    const e = error as TRPCClientError<AppRouter>;
    return { httpStatus: e.data?.httpStatus, trpcCode: e.data?.code, ...e.data?.refusal };
  }
  throw new Error("expected the call to be refused");
}

/** A started two-seat noris match with both seats held over HTTP. */
async function twoHumans(options: Record<string, unknown> = { games: 1 }) {
  const created = await client.lobby.create.mutate({
    variant: "noris",
    seats: 2,
    options,
    name: "Ada",
  });
  const second = await client.lobby.join.mutate({ matchId: created.matchId, name: "Bo" });
  const tokens = [created.token!, second.token];
  await client.lobby.start.mutate({ matchId: created.matchId, token: tokens[0]! });
  return { matchId: created.matchId, tokens };
}

describe("variants and lobby", () => {
  it("lists the variants", async () => {
    expect((await client.variants.list.query()).map((v) => v.id)).toEqual(variantIds());
  });

  it("creates, joins with a random seat token, fills with bots and starts", async () => {
    const created = await client.lobby.create.mutate({
      variant: "french",
      seats: 3,
      name: "Ada",
      options: { targetScore: 50 },
    });
    expect(created.seat).toBe(0);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.lobby).toMatchObject({
      status: "open",
      variant: "french",
      options: { targetScore: 50, playAfterDraw: false },
    });

    const joined = await client.lobby.join.mutate({ matchId: created.matchId, name: "Bo" });
    expect(joined.seat).toBe(1);
    expect(joined.token).not.toBe(created.token);

    const listed = await client.lobby.list.query({ status: ["open"] });
    expect(listed.map((l) => l.matchId)).toContain(created.matchId);

    expect(
      await refusal(client.lobby.start.mutate({ matchId: created.matchId, token: created.token! })),
    ).toMatchObject({
      code: "SEATS_NOT_FILLED",
      httpStatus: 412,
    });
    // Only the host (the first player seated) fills the seats and starts.
    for (const call of [
      client.lobby.addBots.mutate({ matchId: created.matchId, token: joined.token }),
      client.lobby.start.mutate({ matchId: created.matchId, token: joined.token }),
    ])
      expect(await refusal(call)).toMatchObject({ code: "NOT_HOST", httpStatus: 403 });
    const lobby = await client.lobby.addBots.mutate({
      matchId: created.matchId,
      token: created.token!,
    });
    expect(lobby.seats.map((s) => s.kind)).toEqual(["human", "human", "bot"]);

    const started = await client.lobby.start.mutate({
      matchId: created.matchId,
      token: created.token!,
    });
    expect(started.lobby.status).toBe("running");
    expect(started.viewer).toBe(0);
    const running = await client.lobby.list.query({ status: ["running"] });
    expect(running.map((l) => l.matchId)).toContain(created.matchId);

    // The stream holds no seat token, only its hash.
    const stored = JSON.stringify(await api.store.read(`match-${created.matchId}`));
    expect(stored).not.toContain(created.token!);
    expect(stored).not.toContain(joined.token);
    expect(stored).toContain("tokenHash");
  });

  it("refuses a turn timer under 5 s with INVALID_INPUT, creating nothing", async () => {
    const before = (await api.store.listStreams("match-", 1_000)).length;
    const short = await refusal(
      client.lobby.create.mutate({ variant: "noris", seats: 2, name: "Ada", turnTimerMs: 100 }),
    );
    expect(short).toMatchObject({ code: "INVALID_INPUT", httpStatus: 400 });
    // The bound is named, in the server's words (a library's own wording is not sent).
    expect(short.message?.en).toBe("Invalid input: at least 5000 at turnTimerMs.");
    expect(short.message?.de).toBe("Ungültige Eingabe: mindestens 5000 bei turnTimerMs.");
    const long = await refusal(
      client.lobby.create.mutate({ variant: "noris", seats: 2, name: "A".repeat(33) }),
    );
    expect(long.message?.en).toBe("Invalid input: at most 32 characters at name.");
    expect((await api.store.listStreams("match-", 1_000)).length).toBe(before);
    const ok = await client.lobby.create.mutate({
      variant: "noris",
      seats: 2,
      turnTimerMs: 5_000,
    });
    expect(ok.lobby.turnTimerMs).toBe(5_000);
  });

  it("says its own input checks in German too (the document, the texts, variant or rule set)", async () => {
    const answers = await Promise.all(
      [
        // A client may send anything: an array where an object belongs.
        client.lobby.create.mutate({ variant: "noris", seats: 2, options: [1] }),
        client.lobby.create.mutate({ variant: "noris", seats: 2, options: { a: "\u0000" } }),
        client.lobby.create.mutate({ variant: "noris", seats: 2, name: "Ada\u0007" }),
        client.lobby.create.mutate({ variant: "noris", seats: 2, name: "Ada\ud800" }),
        client.lobby.create.mutate({ variant: "noris", seats: 2, ruleSet: { name: "family" } }),
      ].map((call) => refusal(call)),
    );
    expect(answers.map((a) => a.message)).toEqual([
      {
        en: "Invalid input: must be an object at options.",
        de: "Ungültige Eingabe: muss ein Objekt sein bei options.",
      },
      {
        en: "Invalid input: must not contain NUL characters or unpaired surrogates at options.a.",
        de: "Ungültige Eingabe: darf keine NUL-Zeichen und keine einzelnen Surrogate enthalten bei options.a.",
      },
      {
        en: "Invalid input: must not contain control characters, line breaks, bidi overrides or invisible characters at name.",
        de: "Ungültige Eingabe: darf keine Steuerzeichen, Zeilenumbrüche, Bidi-Steuerzeichen oder unsichtbaren Zeichen enthalten bei name.",
      },
      {
        en: "Invalid input: must not contain NUL characters or unpaired surrogates at name.",
        de: "Ungültige Eingabe: darf keine NUL-Zeichen und keine einzelnen Surrogate enthalten bei name.",
      },
      {
        en: "Invalid input: give either variant (with options) or ruleSet at ruleSet.",
        de: "Ungültige Eingabe: entweder variant (mit options) oder ruleSet angeben bei ruleSet.",
      },
    ]);
  });

  it("says what a match id, a room id and a rule set name are, in both languages (not the field alone)", async () => {
    const answers = await Promise.all(
      [
        client.game.view.query({ matchId: "no such id!" }),
        client.lobby.join.mutate({ matchId: "m".repeat(65), name: "Ada" }),
        client.replayRoom.view.query({ roomId: "room 1" }),
        client.ruleSets.get.query({ name: "Not A Slug" }),
        client.ruleSets.save.mutate({ name: "x".repeat(65), document: {} }),
      ].map((call) => refusal(call)),
    );
    const matchId = {
      en: "Invalid input: a match id is 1–64 letters, digits, dashes and underscores at matchId.",
      de: "Ungültige Eingabe: eine Partie-ID besteht aus 1–64 Buchstaben, Ziffern, Binde- und Unterstrichen bei matchId.",
    };
    const ruleSetName = {
      en: "Invalid input: a rule set name is 1–64 lower-case letters, digits and dashes at name.",
      de: "Ungültige Eingabe: ein Regelwerk-Name besteht aus 1–64 Kleinbuchstaben, Ziffern und Bindestrichen bei name.",
    };
    expect(answers.map((a) => a.code)).toEqual(Array(5).fill("INVALID_INPUT"));
    expect(answers.map((a) => a.message)).toEqual([
      matchId,
      matchId,
      {
        en: "Invalid input: a room id is 1–64 letters, digits, dashes and underscores at roomId.",
        de: "Ungültige Eingabe: eine Raum-ID besteht aus 1–64 Buchstaben, Ziffern, Binde- und Unterstrichen bei roomId.",
      },
      ruleSetName,
      ruleSetName,
    ]);
  });

  it("refuses bad lobby requests with typed errors", async () => {
    expect(await refusal(client.lobby.create.mutate({ variant: "skat", seats: 3 }))).toMatchObject({
      code: "UNKNOWN_VARIANT",
      httpStatus: 400,
    });
    expect(await refusal(client.lobby.create.mutate({ variant: "noris", seats: 1 }))).toMatchObject(
      {
        code: "INVALID_INPUT",
        trpcCode: "BAD_REQUEST",
      },
    );
    expect(
      await refusal(client.lobby.create.mutate({ variant: "bavarian", seats: 6 })),
    ).toMatchObject({
      code: "INVALID_OPTIONS",
    });
    // Refused options are named as refused input is, in the server's words (not zod's).
    expect(
      await refusal(
        client.lobby.create.mutate({ variant: "noris", seats: 2, options: { games: 0 } }),
      ),
    ).toMatchObject({
      code: "INVALID_OPTIONS",
      message: {
        en: "Invalid options for noris: at least 1 at games.",
        de: "Ungültige Optionen für noris: mindestens 1 bei games.",
      },
    });
    const several = await refusal(
      client.lobby.create.mutate({
        variant: "custom",
        seats: 2,
        options: { preset: "french", handSize: 10_001, extra: true },
      }),
    );
    expect(several.message?.en).toMatch(
      /^Invalid options for custom: at most 10 at handSize; unknown key "extra"; .* at handSize\.$/,
    );
    expect(JSON.stringify(several)).not.toMatch(/Too big|expected|Unrecognized/i);
    // A problem the house-rules schema names itself is said in German in the German answer.
    expect(
      await refusal(
        client.lobby.create.mutate({
          variant: "custom",
          seats: 2,
          options: { preset: "french", turn: { drawCap: 3 } },
        }),
      ),
    ).toMatchObject({
      code: "INVALID_OPTIONS",
      message: {
        en: "Invalid options for custom: needs drawUntilPlayable at turn.drawCap.",
        de: "Ungültige Optionen für custom: braucht drawUntilPlayable bei turn.drawCap.",
      },
    });
    expect(await refusal(client.lobby.join.mutate({ matchId: "nope", name: "X" }))).toMatchObject({
      code: "MATCH_NOT_FOUND",
      httpStatus: 404,
    });
    const { matchId } = await client.lobby.create.mutate({ variant: "noris", seats: 2, name: "A" });
    expect(await refusal(client.lobby.join.mutate({ matchId, name: "B", seat: 0 }))).toMatchObject({
      code: "SEAT_TAKEN",
      httpStatus: 409,
    });
    expect(
      await refusal(client.lobby.start.mutate({ matchId, token: "x".repeat(43) })),
    ).toMatchObject({ code: "BAD_TOKEN", httpStatus: 401 });
  });

  it("lets a player leave the lobby and another take the seat", async () => {
    const created = await client.lobby.create.mutate({ variant: "noris", seats: 2, name: "A" });
    const b = await client.lobby.join.mutate({ matchId: created.matchId, name: "B" });
    await client.lobby.leave.mutate({ matchId: created.matchId, token: b.token });
    expect(
      await refusal(client.game.view.query({ matchId: created.matchId, token: b.token })),
    ).toMatchObject({
      code: "BAD_TOKEN",
    });
    const c = await client.lobby.join.mutate({ matchId: created.matchId, name: "C" });
    expect(c.seat).toBe(1);
  });
});

describe("commands", () => {
  it("plays moves and refuses with the engine's code", async () => {
    const { matchId, tokens } = await twoHumans();
    const view = await client.game.view.query({ matchId, token: tokens[0]! });
    const toAct = view.progress!.toAct!;
    const other = 1 - toAct;
    const otherView = await client.game.view.query({ matchId, token: tokens[other]! });
    expect(otherView.legal).toEqual([]);

    const wrong = await refusal(
      client.game.command.mutate({
        matchId,
        token: tokens[other]!,
        commandId: "c1",
        command: { type: "drawCard" },
      }),
    );
    expect(wrong).toMatchObject({
      code: "NOT_YOUR_TURN",
      trpcCode: "UNPROCESSABLE_CONTENT",
      httpStatus: 422,
    });
    expect(wrong.message).toMatchObject({ en: expect.any(String), de: expect.any(String) });

    const mine = await client.game.view.query({ matchId, token: tokens[toAct]! });
    const hand = mine.view?.hand ?? [];
    const absent = ["red", "blue", "green", "yellow"]
      .flatMap((c) => ["1", "2", "3", "4", "5"].map((r) => `${c}/${r}`))
      .find((card) => !hand.includes(card))!;
    const notInHand = await refusal(
      client.game.command.mutate({
        matchId,
        token: tokens[toAct]!,
        commandId: "c2",
        command: { type: "playCard", card: absent },
      }),
    );
    expect(notInHand.code).toBe("NOT_IN_HAND");

    const move = mine.legal[0] as Command;
    const done = await client.game.command.mutate({
      matchId,
      token: tokens[toAct]!,
      commandId: "c3",
      command: move,
    });
    expect(done.duplicate).toBe(false);
    expect(done.version).toBeGreaterThan(mine.version);
    expect(done.events.length).toBeGreaterThan(0);
  });

  it("answers invalid input with BAD_REQUEST", async () => {
    const { matchId, tokens } = await twoHumans();
    const bad = await refusal(
      client.game.command.mutate({
        matchId,
        token: tokens[0]!,
        commandId: "x",
        command: { type: "dance" } as never,
      }),
    );
    expect(bad).toMatchObject({ trpcCode: "BAD_REQUEST", httpStatus: 400, code: "INVALID_INPUT" });
    const otherSeat = await refusal(
      client.game.command.mutate({
        matchId,
        token: tokens[0]!,
        commandId: "y",
        command: { type: "drawCard", seat: 1 },
      }),
    );
    expect(otherSeat.code).toBe("INVALID_COMMAND");
  });

  it("is idempotent per command id: the same answer, no second event", async () => {
    const { matchId, tokens } = await twoHumans();
    const view = await client.game.view.query({ matchId, token: tokens[0]! });
    const seat = view.progress!.toAct!;
    const mine = await client.game.view.query({ matchId, token: tokens[seat]! });
    const input = {
      matchId,
      token: tokens[seat]!,
      commandId: "once",
      command: mine.legal[0] as never,
    };
    const first = await client.game.command.mutate(input);
    const versionAfter = await api.store.version(`match-${matchId}`);
    const again = await client.game.command.mutate(input);
    expect(again).toEqual({ ...first, duplicate: true });
    expect(await api.store.version(`match-${matchId}`)).toBe(versionAfter);
    // The same id from the other seat is another command.
    const refused = await refusal(
      client.game.command.mutate({ ...input, token: tokens[1 - seat]! }),
    );
    expect(refused.code).toBeDefined();
  });

  it("shows the history per viewer while running and in full once over", async () => {
    const { matchId, tokens } = await twoHumans();
    const spectator = await client.game.history.query({ matchId });
    expect(spectator.full).toBe(false);
    const dealt = spectator.events.find((e) => e.type === "cards.dealt");
    expect(dealt?.data).toMatchObject({ hand: null });
    expect(JSON.stringify(spectator.events)).not.toContain("tokenHash");
    expect(JSON.stringify(spectator.events)).not.toContain('"seed"');
    const seat0 = await client.game.history.query({ matchId, token: tokens[0]! });
    const hand = (seat0.events.find((e) => e.type === "cards.dealt")?.data as { hand: string[] })
      .hand;
    expect(hand.length).toBeGreaterThan(0);

    // Both leave: bots play the match to its end.
    await client.lobby.leave.mutate({ matchId, token: tokens[0]! });
    await client.lobby.leave.mutate({ matchId, token: tokens[1]! });
    await waitUntil(
      async () => (await client.game.view.query({ matchId })).lobby.status === "over",
    );
    const full = await client.game.history.query({ matchId });
    expect(full.full).toBe(true);
    const started = full.events.find((e) => e.type === "match.started")?.data as { seed?: string };
    expect(started.seed).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(full.events)).not.toContain("tokenHash");
  });

  it("plays a rematch with the same seats and tokens", async () => {
    const created = await client.lobby.create.mutate({
      variant: "noris",
      seats: 2,
      name: "A",
      options: { games: 1 },
    });
    const token = created.token!;
    const { matchId } = created;
    await client.lobby.addBots.mutate({ matchId, token, level: "random" });
    await client.lobby.start.mutate({ matchId, token });
    expect(await refusal(client.lobby.rematch.mutate({ matchId, token }))).toMatchObject({
      code: "NOT_OVER",
    });
    await playOut(matchId, [token]);

    const rematch = await client.lobby.rematch.mutate({ matchId, token });
    expect(rematch.matchId).not.toBe(matchId);
    expect(await client.lobby.rematch.mutate({ matchId, token })).toEqual(rematch);
    const view = await client.game.view.query({ matchId: rematch.matchId, token });
    expect(view.viewer).toBe(0);
    expect(view.lobby).toMatchObject({ status: "open", rematchOf: matchId, options: { games: 1 } });
    expect(view.lobby.seats.map((s) => [s.kind, s.name, s.level])).toEqual([
      ["human", "A", null],
      ["bot", null, "random"],
    ]);
    expect((await client.game.view.query({ matchId })).lobby).toMatchObject({
      rematch: rematch.matchId,
      rematchBy: 0,
    });
    await client.lobby.start.mutate({ matchId: rematch.matchId, token });
  }, 30_000);

  it("continues a finished match from a position of its replay, with bots", async () => {
    const created = await client.lobby.create.mutate({
      variant: "noris",
      seats: 3,
      name: "A",
      options: { games: 1 },
    });
    const { matchId } = created;
    const token = created.token!;
    await client.lobby.addBots.mutate({ matchId, token, level: "random" });
    await client.lobby.start.mutate({ matchId, token });
    const early = { matchId, at: 3, name: "Cy", level: "random" as const };
    expect(await refusal(client.lobby.continueFrom.mutate(early))).toMatchObject({
      code: "NOT_OVER",
    });
    await playOut(matchId, [token]);

    const log = (await client.game.history.query({ matchId })).events;
    const started = log.findIndex((e) => e.type === "match.started");
    // A position a few moves into the game: after the deal and two more events.
    const at = log[started + 3]!.version;
    const practice = await client.lobby.continueFrom.mutate({ ...early, at });
    expect(practice.matchId).not.toBe(matchId);
    const view = await client.game.view.query({ matchId: practice.matchId, token: practice.token });
    expect(view.lobby).toMatchObject({
      status: "running",
      variant: "noris",
      continuedFrom: { matchId, version: at },
    });
    // The caller holds the seat that was to act at that point; bots hold the others.
    expect(view.viewer).toBe(practice.seat);
    expect(view.lobby.seats.map((s) => s.kind)).toEqual(
      [0, 1, 2].map((s) => (s === practice.seat ? "human" : "bot")),
    );
    // The new match starts with the source's engine events up to `at`, unchanged.
    const copied = (
      await client.game.history.query({ matchId: practice.matchId, token: practice.token })
    ).events
      .filter(
        (e) =>
          !e.type.startsWith("lobby.") && !e.type.startsWith("seat.") && !e.type.startsWith("bot."),
      )
      .slice(0, at - started);
    const source = log.filter((e) => e.version <= at && e.version > started);
    expect(copied.map((e) => e.type)).toEqual(source.map((e) => e.type));
    await playOut(practice.matchId, [practice.token]);

    expect(
      await refusal(client.lobby.continueFrom.mutate({ ...early, at: log.length + 5 })),
    ).toMatchObject({ code: "INVALID_INPUT" });
    expect(
      await refusal(client.lobby.continueFrom.mutate({ ...early, at: log.length })),
    ).toMatchObject({ code: "INVALID_INPUT" });
    expect(await refusal(client.lobby.continueFrom.mutate({ ...early, at: 1 }))).toMatchObject({
      code: "NOT_STARTED",
    });
  }, 60_000);
});

/** Plays the seats of `tokens` over HTTP (first playable card, else the first legal move) to the end. */
async function playOut(matchId: string, tokens: readonly string[]): Promise<void> {
  for (let i = 0; i < 5000; i++) {
    let acted = false;
    for (const token of tokens) {
      const view = await client.game.view.query({ matchId, token });
      if (view.lobby.status === "over") return;
      const move = view.legal.find((m) => m.type === "playCard") ?? view.legal[0];
      const command =
        move ??
        (view.progress?.status === "gameOver" ? ({ type: "startNextGame" } as const) : undefined);
      if (command === undefined) continue;
      await client.game.command
        .mutate({ matchId, token, commandId: `p${i}-${view.version}`, command: command })
        .catch(() => undefined);
      acted = true;
    }
    if (!acted) await new Promise((done) => setTimeout(done, 5));
  }
  throw new Error("the match did not end");
}

describe("HTTP limits", () => {
  it("refuses a body over MAX_PAYLOAD_BYTES with 413", async () => {
    const res = await fetch(`${api.url}/trpc/lobby.join`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ matchId: "abc", name: "x".repeat(10_000) }),
    });
    expect(res.status).toBe(413);
    const body = (await res.json()) as { error: { data: { refusal: { code: string } } } };
    expect(body.error.data.refusal.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses POSTs from foreign origins and allows its own and the allow-list", async () => {
    const post = (origin?: string) =>
      fetch(`${api.url}/trpc/lobby.create`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(origin ? { origin } : {}) },
        body: JSON.stringify({ variant: "noris", seats: 2 }),
      });
    const foreign = await post("https://evil.example");
    expect(foreign.status).toBe(403);
    expect(
      ((await foreign.json()) as { error: { data: { refusal: { code: string } } } }).error.data
        .refusal.code,
    ).toBe("FORBIDDEN_ORIGIN");
    expect((await post(api.url)).status).toBe(200);
    expect((await post("https://friends.example")).status).toBe(200);
    expect((await post()).status).toBe(200);
    // No CORS headers unless CORS_ORIGINS names the origin.
    expect(
      (await post("https://friends.example")).headers.get("access-control-allow-origin"),
    ).toBeNull();
  });

  it("answers /readyz when the store is reachable", async () => {
    const res = await fetch(`${api.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready", checks: { store: "ok" } });
  });
});

async function waitUntil(test: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((done) => setTimeout(done, 20));
  }
}

import { createHash } from "node:crypto";
import { TRPCClientError } from "@trpc/client";
import type { ClassicState } from "@maumau/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../testing/TestSocket.js";
import { SqliteEventStore } from "../store/sqlite.js";
import { startTestApi, tempSqlite, type TestApi } from "../testing/index.js";
import type { AppRouter } from "./appRouter.js";

let api: TestApi;
let client: ReturnType<typeof httpClient>;

beforeAll(async () => {
  api = await startTestApi();
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

/** A small house rule set: 32 French cards, four each, jacks wish, sevens draw two. */
const house = {
  version: 1,
  name: "Short house rules",
  deck: "french-32",
  handSize: 4,
  players: { min: 2, max: 3 },
  effects: { j: { kind: "wish" }, "7": { kind: "draw", count: 2 } },
  scoring: { matchEnd: { kind: "games", games: 2 } },
};

/** Bots play every seat: the host fills the table, starts, and leaves it to them. */
async function playWithBots(
  ruleSet: { name: string; version?: number },
  seats: number,
  beforeLeaving: (matchId: string) => Promise<void> = async () => {},
) {
  const created = await client.lobby.create.mutate({ ruleSet, seats, name: "Host" });
  const { matchId } = created;
  const token = created.token!;
  await client.lobby.addBots.mutate({ matchId, token, level: "heuristic" });
  await client.lobby.start.mutate({ matchId, token });
  await beforeLeaving(matchId);
  await client.lobby.leave.mutate({ matchId, token });
  const deadline = Date.now() + 20_000;
  while ((await client.game.view.query({ matchId })).lobby.status !== "over") {
    if (Date.now() > deadline) throw new Error(`match ${matchId} did not end`);
    await new Promise((done) => setTimeout(done, 20));
  }
  return { created, matchId };
}

type Logged = { readonly type: string; readonly data?: unknown };
const ofType = <D>(events: readonly Logged[], type: string): D[] =>
  events.filter((e) => e.type === type).map((e) => e.data as D);

describe("C-2.1 saved rule sets: save, export, list", () => {
  it("saves a validated document with its defaults filled, one version per save", async () => {
    const first = await client.ruleSets.save.mutate({ name: "family", document: house });
    expect(first).toEqual({ name: "family", version: 1, ownerToken: expect.any(String) });
    const { ownerToken } = first;
    const v1 = await client.ruleSets.get.query({ name: "family" });
    expect(v1).toMatchObject({ name: "family", version: 1, document: house });
    // Defaults the document left out are stored, so a later default never changes it.
    expect(v1.document).toMatchObject({
      decks: 1,
      dealing: "single",
      turn: { voluntaryDraw: false, playAfterDraw: false },
      calls: { mau: { required: false, penalty: 0 } },
    });

    const changed = { ...house, handSize: 5 };
    expect(
      await client.ruleSets.save.mutate({ name: "family", document: changed, ownerToken }),
    ).toEqual({ name: "family", version: 2 });
    expect((await client.ruleSets.get.query({ name: "family" })).document).toMatchObject({
      handSize: 5,
    });
    expect(await client.ruleSets.get.query({ name: "family", version: 1 })).toEqual(v1);

    // Export and import: the exported JSON saved under another name is the same document.
    const exported = JSON.parse(JSON.stringify(v1.document)) as Record<string, unknown>;
    await client.ruleSets.save.mutate({ name: "family-copy", document: exported });
    expect((await client.ruleSets.get.query({ name: "family-copy" })).document).toEqual(
      v1.document,
    );

    const listed = await client.ruleSets.list.query();
    expect(listed.find((r) => r.name === "family")).toMatchObject({
      version: 2,
      title: "Short house rules",
      updatedAt: expect.any(String),
    });
    expect(listed.map((r) => r.name)).toEqual(expect.arrayContaining(["family", "family-copy"]));
    // Most recently saved first.
    expect(listed.findIndex((r) => r.name === "family-copy")).toBeLessThan(
      listed.findIndex((r) => r.name === "family"),
    );
  });

  it("stores a preset with overrides as the whole document", async () => {
    await client.ruleSets.save.mutate({
      name: "bavarian-short",
      document: { preset: "bavarian", handSize: 4 },
    });
    const { document } = await client.ruleSets.get.query({ name: "bavarian-short" });
    expect(document).toMatchObject({ version: 1, deck: "bavarian-32", handSize: 4 });
    expect(document).not.toHaveProperty("preset");
  });

  it("refuses an invalid document with messages naming the bad options, and stores nothing", async () => {
    const tooMany = await refusal(
      client.ruleSets.save.mutate({ name: "bad", document: { ...house, handSize: 12 } }),
    );
    expect(tooMany).toMatchObject({
      code: "INVALID_RULE_SET",
      rule: "C-2.1",
      httpStatus: 400,
      trpcCode: "BAD_REQUEST",
      message: { en: expect.stringMatching(/^Invalid rule set: at most 10 at handSize; /) },
    });
    expect(tooMany.message?.de).toMatch(/^Ungültiges Regelwerk: höchstens 10 bei handSize; /);
    // In the project's words, not the schema library's.
    expect(JSON.stringify(tooMany.message)).not.toMatch(/Too big|expected number|<=/);

    // Every bad option is listed, each by its path.
    const several = await refusal(
      client.ruleSets.save.mutate({
        name: "bad",
        document: {
          ...house,
          effects: { "7": { kind: "draw", count: 9 } },
          calls: { mau: { required: true, penalty: 5 } },
        },
      }),
    );
    expect(several.code).toBe("INVALID_RULE_SET");
    expect(several.message?.en).toMatch(/ at effects\.7\.count; .* at calls\.mau\.penalty\.$/);
    const alone = await refusal(
      client.ruleSets.save.mutate({
        name: "bad",
        document: { ...house, handSize: 10, players: { min: 2, max: 6 } },
      }),
    );
    expect(alone.message?.en).toMatch(/6 players × 10 cards .* at handSize/);
    // The German answer is German throughout: the schema's own problems too.
    expect(alone.message?.de).toBe(
      "Ungültiges Regelwerk: 6 Spieler × 10 Karten + eine Startkarte brauchen mehr als die 32 Karten des Blatts bei handSize.",
    );
    // A rule id of other characters: what a rule id is, not the path alone.
    const badId = await refusal(
      client.ruleSets.save.mutate({
        name: "bad",
        document: { ...house, ruleIds: { draw: "N 4" } },
      }),
    );
    expect(badId.message).toEqual({
      en: "Invalid rule set: a rule id is letters, digits, dots and dashes, starting with a letter or digit at ruleIds.draw.",
      de: "Ungültiges Regelwerk: eine Regel-Nummer besteht aus Buchstaben, Ziffern, Punkten und Bindestrichen und beginnt mit einem Buchstaben oder einer Ziffer bei ruleIds.draw.",
    });
    // A hand size for a table of eleven: what the key should be, not the path alone.
    const badKey = await refusal(
      client.ruleSets.save.mutate({
        name: "bad",
        document: { ...house, handSizeByPlayers: { "11": 3 } },
      }),
    );
    expect(badKey.message).toEqual({
      en: "Invalid rule set: a key is a number of players from 2 to 10 at handSizeByPlayers.11.",
      de: "Ungültiges Regelwerk: ein Schlüssel ist eine Spielerzahl von 2 bis 10 bei handSizeByPlayers.11.",
    });
    const crossed = await refusal(
      client.ruleSets.save.mutate({
        name: "bad",
        document: {
          ...house,
          effects: { z: { kind: "skip" } },
          players: { min: 3, max: 2 },
          turn: { drawCap: 2, voluntaryDraw: true },
          calls: { mauMau: { required: true } },
          scoring: { points: "winner", matchEnd: { kind: "limit", limit: 50 } },
        },
      }),
    );
    expect(crossed.message?.de).toBe(
      "Ungültiges Regelwerk: french-32 hat keinen Wert „z“ bei effects.z; " +
        "min darf nicht größer als max sein bei players; " +
        "braucht drawUntilPlayable bei turn.drawCap; " +
        'eine Partie bis zu einer Grenze braucht die Punkte "penalty" (der Sieger kann keine Grenze überschreiten) bei scoring.points; ' +
        "ein Pflicht-„Mau-Mau“ braucht takeBack oder eine Strafe von mindestens 1 bei calls.mauMau.penalty.",
    );
    expect(crossed.message?.en).toMatch(
      /^Invalid rule set: french-32 has no rank "z" at effects\.z; /,
    );

    for (const document of [{}, { deck: "french-32" }, { version: 2, deck: "french-32" }]) {
      expect(await refusal(client.ruleSets.save.mutate({ name: "bad", document }))).toMatchObject({
        code: "INVALID_RULE_SET",
      });
    }
    expect(
      await refusal(client.ruleSets.save.mutate({ name: "bad", document: { version: 1 } })),
    ).toMatchObject({ message: { en: expect.stringMatching(/ at deck[.;]/) } });
    expect(
      await refusal(client.ruleSets.save.mutate({ name: "Not A Slug", document: house })),
    ).toMatchObject({ code: "INVALID_INPUT", httpStatus: 400 });
    expect(
      await refusal(client.ruleSets.save.mutate({ name: "x".repeat(65), document: house })),
    ).toMatchObject({ code: "INVALID_INPUT" });
    expect(await api.store.version("ruleset-bad")).toBe(0);
  });

  it("answers RULE_SET_NOT_FOUND for an unknown name or version", async () => {
    expect(await refusal(client.ruleSets.get.query({ name: "nobody" }))).toMatchObject({
      code: "RULE_SET_NOT_FOUND",
      httpStatus: 404,
    });
    await client.ruleSets.save.mutate({ name: "single", document: house });
    expect(await refusal(client.ruleSets.get.query({ name: "single", version: 2 }))).toMatchObject({
      code: "RULE_SET_NOT_FOUND",
      message: { en: 'Rule set "single" has no version 2.' },
    });
  });

  it("deletes a name from the list; its versions stay readable by number", async () => {
    const { ownerToken } = await client.ruleSets.save.mutate({ name: "gone", document: house });
    expect(
      await client.ruleSets.delete.mutate({ name: "gone", expectedVersion: 1, ownerToken }),
    ).toEqual({ name: "gone", version: 2 });
    expect((await client.ruleSets.list.query()).map((r) => r.name)).not.toContain("gone");
    expect(await refusal(client.ruleSets.get.query({ name: "gone" }))).toMatchObject({
      code: "RULE_SET_NOT_FOUND",
    });
    expect(
      await refusal(client.ruleSets.delete.mutate({ name: "gone", ownerToken })),
    ).toMatchObject({
      code: "RULE_SET_NOT_FOUND",
    });
    expect(
      await refusal(client.lobby.create.mutate({ ruleSet: { name: "gone" }, seats: 2 })),
    ).toMatchObject({ code: "RULE_SET_NOT_FOUND" });
    expect((await client.ruleSets.get.query({ name: "gone", version: 1 })).document).toMatchObject(
      house,
    );
    // Saving again continues the versions: a (name, version) pair never names two documents.
    // The name still has its owner: nobody else can take it over after a delete.
    expect(
      await refusal(client.ruleSets.save.mutate({ name: "gone", document: house })),
    ).toMatchObject({ code: "NOT_OWNER", httpStatus: 403 });
    expect(
      await client.ruleSets.save.mutate({ name: "gone", document: house, ownerToken }),
    ).toEqual({
      name: "gone",
      version: 3,
    });
  });
});

describe("optimistic concurrency", () => {
  it("appends only on the expected version, else CONFLICT", async () => {
    const owner: { token?: string } = {};
    const save = (expectedVersion?: number, handSize = 4) =>
      client.ruleSets.save.mutate({
        name: "shared",
        document: { ...house, handSize },
        ...(expectedVersion === undefined ? {} : { expectedVersion }),
        ...(owner.token === undefined ? {} : { ownerToken: owner.token }),
      });
    const first = await save(0);
    expect(first).toEqual({ name: "shared", version: 1, ownerToken: expect.any(String) });
    owner.token = first.ownerToken!;
    // 0 = the name must be new.
    expect(await refusal(save(0))).toMatchObject({
      code: "CONFLICT",
      httpStatus: 409,
      message: { en: 'Rule set "shared" is at version 1, not 0: load it again and save on top.' },
    });
    expect(await save(1, 5)).toEqual({ name: "shared", version: 2 });
    // A stale editor does not overwrite the newer version.
    expect(await refusal(save(1, 3))).toMatchObject({ code: "CONFLICT" });
    expect(await refusal(save(7, 3))).toMatchObject({ code: "CONFLICT" });
    expect((await client.ruleSets.get.query({ name: "shared" })).document).toMatchObject({
      handSize: 5,
    });

    // Two editors on version 2: exactly one save goes through.
    const raced = await Promise.allSettled([save(2, 6), save(2, 7)]);
    expect(raced.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await api.store.version("ruleset-shared")).toBe(3);

    // Without an expected version every save lands, each as its own version.
    const unchecked = await Promise.all([save(undefined, 3), save(undefined, 4), save()]);
    expect(unchecked.map((r) => r.version).sort((a, b) => a - b)).toEqual([4, 5, 6]);
  });
});

describe("lobby.create from a saved rule set", () => {
  it("creates a custom match with the saved document, and refuses what the set forbids", async () => {
    await client.ruleSets.save.mutate({ name: "three-max", document: house });
    const created = await client.lobby.create.mutate({
      ruleSet: { name: "three-max" },
      seats: 3,
      name: "Ada",
    });
    const saved = await client.ruleSets.get.query({ name: "three-max" });
    expect(created.lobby).toMatchObject({
      variant: "custom",
      options: saved.document,
      ruleSet: { name: "three-max", version: 1 },
    });
    const [first] = await api.store.read(`match-${created.matchId}`);
    expect(first).toMatchObject({
      type: "lobby.created",
      data: {
        variant: "custom",
        options: saved.document,
        ruleSet: { name: "three-max", version: 1 },
      },
    });

    expect(
      await refusal(client.lobby.create.mutate({ ruleSet: { name: "three-max" }, seats: 4 })),
    ).toMatchObject({
      code: "INVALID_OPTIONS",
      message: { en: 'Rule set "three-max" (version 1) is played by 2 to 3 players.' },
    });
    expect(
      await refusal(
        client.lobby.create.mutate({ variant: "noris", ruleSet: { name: "three-max" }, seats: 2 }),
      ),
    ).toMatchObject({ code: "INVALID_INPUT", httpStatus: 400 });
    expect(
      await refusal(client.lobby.create.mutate({ options: { games: 1 }, seats: 2 })),
    ).toMatchObject({ code: "INVALID_INPUT" });
    // A match of a variant still says where its options came from: nowhere saved.
    const plain = await client.lobby.create.mutate({ variant: "noris", seats: 2 });
    expect(plain.lobby.ruleSet).toBeNull();
  });

  it("plays a match of a saved preset rule set to the end with bots", async () => {
    await client.ruleSets.save.mutate({
      name: "quick-bavarian",
      document: {
        preset: "bavarian",
        handSize: 4,
        scoring: { matchEnd: { kind: "games", games: 1 } },
      },
    });
    const { matchId } = await playWithBots({ name: "quick-bavarian", version: 1 }, 2);
    const history = await client.game.history.query({ matchId });
    expect(history.full).toBe(true);
    const [started] = ofType<{ rules: { deck: string; handSize: number } }>(
      history.events,
      "match.started",
    );
    expect(started?.rules).toMatchObject({ deck: "bavarian-32", handSize: 4 });
    expect(ofType(history.events, "match.ended")).toHaveLength(1);
  });
});

describe("C-2.2 a later save never changes an old match", () => {
  it("plays and replays version 1's rules after version 2 is saved", async () => {
    const file = await tempSqlite();
    let own = await startTestApi({}, SqliteEventStore.open(file.path));
    const http = httpClient(own.url);
    try {
      const { ownerToken } = await http.ruleSets.save.mutate({ name: "evolving", document: house });
      const v1 = await http.ruleSets.get.query({ name: "evolving", version: 1 });
      const created = await http.lobby.create.mutate({
        ruleSet: { name: "evolving" },
        seats: 3,
        name: "Host",
      });
      const { matchId } = created;
      const token = created.token!;
      await http.lobby.addBots.mutate({ matchId, token });
      await http.lobby.start.mutate({ matchId, token });

      // The host holds the table while the saved set changes: deck, hand size, match end.
      const v2 = {
        ...house,
        deck: "french-52",
        handSize: 7,
        effects: { "8": { kind: "skip" } },
        scoring: { matchEnd: { kind: "games", games: 1 } },
      };
      expect(
        await http.ruleSets.save.mutate({
          name: "evolving",
          document: v2,
          expectedVersion: 1,
          ownerToken,
        }),
      ).toEqual({ name: "evolving", version: 2 });
      const running = await http.game.view.query({ matchId });
      expect(running.lobby).toMatchObject({
        status: "running",
        options: v1.document,
        ruleSet: { name: "evolving", version: 1 },
      });

      await http.lobby.leave.mutate({ matchId, token });
      const deadline = Date.now() + 20_000;
      while ((await http.game.view.query({ matchId })).lobby.status !== "over") {
        if (Date.now() > deadline) throw new Error("the match did not end");
        await new Promise((done) => setTimeout(done, 20));
      }
      const history = await http.game.history.query({ matchId });
      const [lobbyCreated] = ofType<{ options: unknown; ruleSet: unknown }>(
        history.events,
        "lobby.created",
      );
      expect(lobbyCreated).toMatchObject({
        options: v1.document,
        ruleSet: { name: "evolving", version: 1 },
      });
      const [started] = ofType<{ rules: { deck: string; handSize: number } }>(
        history.events,
        "match.started",
      );
      expect(started?.rules).toMatchObject({ deck: "french-32", handSize: 4 });
      // Both games of version 1 were played, each with its 32 cards, four to a hand.
      const games = ofType<{ deck: string[] }>(history.events, "game.started");
      expect(games).toHaveLength(2);
      for (const game of games) expect(game.deck).toHaveLength(32);
      const deals = ofType<{ hands: string[][] }>(history.events, "cards.dealt");
      expect(deals).toHaveLength(2);
      for (const dealt of deals) expect(dealt.hands.map((h) => h.length)).toEqual([4, 4, 4]);

      // The latest version is what a new match gets.
      const later = await http.lobby.create.mutate({ ruleSet: { name: "evolving" }, seats: 2 });
      expect(later.lobby).toMatchObject({
        options: { deck: "french-52", handSize: 7 },
        ruleSet: { name: "evolving", version: 2 },
      });

      // Replay: a new process folds the stored log to the same match, version 1's rules.
      await own.stop();
      own = await startTestApi({}, SqliteEventStore.open(file.path));
      const replayed = await httpClient(own.url).game.history.query({ matchId });
      expect(replayed).toEqual(history);
      const state = (await own.service.match(matchId)).state as ClassicState;
      expect(state.rules).toMatchObject({ deck: "french-32", handSize: 4 });
      expect(state.rules).toEqual(started?.rules);
    } finally {
      await own.stop();
      await file.remove();
    }
  });
});

describe("issue #12: a saved rule set has an owner", () => {
  it("hands out an owner token once, stores only its SHA-256, and asks for it to save or delete", async () => {
    const first = await client.ruleSets.save.mutate({ name: "owned", document: house });
    const ownerToken = first.ownerToken!;
    expect(ownerToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [saved] = await api.store.read("ruleset-owned");
    expect(saved?.data).toMatchObject({
      ownerHash: createHash("sha256").update(ownerToken, "utf8").digest("hex"),
    });
    expect(JSON.stringify(await api.store.read("ruleset-owned"))).not.toContain(ownerToken);

    const other = (await client.ruleSets.save.mutate({ name: "someone-else", document: house }))
      .ownerToken!;
    const changed = { ...house, handSize: 5 };
    for (const token of [
      undefined,
      other,
      ownerToken.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    ]) {
      const withToken = token === undefined ? {} : { ownerToken: token };
      expect(
        await refusal(
          client.ruleSets.save.mutate({ name: "owned", document: changed, ...withToken }),
        ),
      ).toMatchObject({ code: "NOT_OWNER", httpStatus: 403, trpcCode: "FORBIDDEN" });
      expect(
        await refusal(client.ruleSets.delete.mutate({ name: "owned", ...withToken })),
      ).toMatchObject({ code: "NOT_OWNER", httpStatus: 403 });
    }
    // Refused: nothing changed.
    expect(await api.store.version("ruleset-owned")).toBe(1);
    expect((await client.ruleSets.get.query({ name: "owned" })).document).toMatchObject(house);

    // The owner saves on top (no new token) and deletes.
    expect(
      await client.ruleSets.save.mutate({ name: "owned", document: changed, ownerToken }),
    ).toEqual({ name: "owned", version: 2 });
    expect(await client.ruleSets.delete.mutate({ name: "owned", ownerToken })).toEqual({
      name: "owned",
      version: 3,
    });
  });

  it("everyone may read, list and play it; no answer carries the owner's hash", async () => {
    await client.ruleSets.save.mutate({ name: "public-house", document: house });
    const got = await client.ruleSets.get.query({ name: "public-house" });
    const listed = await client.ruleSets.list.query();
    expect(listed.map((r) => r.name)).toContain("public-house");
    const created = await client.lobby.create.mutate({
      ruleSet: { name: "public-house" },
      seats: 2,
      name: "Guest",
    });
    expect(created.lobby.ruleSet).toEqual({ name: "public-house", version: 1 });
    for (const answer of [got, listed, created])
      expect(JSON.stringify(answer)).not.toContain("ownerHash");
  });

  it("of two first saves of one name, one gets the token and the other is NOT_OWNER", async () => {
    const raced = await Promise.allSettled([
      client.ruleSets.save.mutate({ name: "contested", document: house }),
      client.ruleSets.save.mutate({ name: "contested", document: { ...house, handSize: 5 } }),
    ]);
    const won = raced.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    expect((won[0] as PromiseFulfilledResult<{ ownerToken?: string }>).value.ownerToken).toEqual(
      expect.any(String),
    );
    const lost = raced.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(await refusal(Promise.reject(lost.reason as Error))).toMatchObject({
      code: "NOT_OWNER",
    });
    expect(await api.store.version("ruleset-contested")).toBe(1);
  });

  it("a set saved before owners existed can be used, but nobody can change or delete it", async () => {
    const document = await client.ruleSets.save
      .mutate({ name: "template", document: house })
      .then(() => client.ruleSets.get.query({ name: "template" }))
      .then((r) => r.document);
    await api.store.append("ruleset-legacy", 0, [
      { type: "ruleSet.saved", data: { name: "legacy", document } },
    ]);
    expect((await client.ruleSets.get.query({ name: "legacy" })).document).toEqual(document);
    await client.lobby.create.mutate({ ruleSet: { name: "legacy" }, seats: 2 });
    expect(
      await refusal(client.ruleSets.save.mutate({ name: "legacy", document: house })),
    ).toMatchObject({ code: "NOT_OWNER" });
    expect(await refusal(client.ruleSets.delete.mutate({ name: "legacy" }))).toMatchObject({
      code: "NOT_OWNER",
    });
    expect(await api.store.version("ruleset-legacy")).toBe(1);
  });
});

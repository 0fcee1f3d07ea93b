import { TRPCClientError } from "@trpc/client";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient, RpcError, TestSocket } from "../testing/TestSocket.js";
import { UnstorableTextError } from "../store/common.js";
import { startTestApi, type TestApi } from "../testing/index.js";
import type { AppRouter } from "./appRouter.js";

let api: TestApi;
let client: ReturnType<typeof httpClient>;
let socket: TestSocket;

beforeAll(async () => {
  api = await startTestApi();
  client = httpClient(api.url);
  socket = new TestSocket(api.url);
  await socket.connected();
});
afterAll(async () => {
  socket.close();
  await api.stop();
});

/** A short string with a NUL or an unpaired surrogate somewhere in it. */
const unstorable = fc
  .tuple(
    fc.string({ maxLength: 6 }),
    fc.constantFrom("\u0000", "\ud800", "\udbff", "\udc00", "\udfff", "\u0000\ud83d"),
    fc.string({ maxLength: 6 }),
  )
  .map(([before, bad, after]) => before + bad + after);

/** The refusal code and HTTP status of a call that must fail. */
async function refusedOverHttp(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCClientError);
    const e = error as TRPCClientError<AppRouter>;
    return { code: e.data?.refusal.code, httpStatus: e.data?.httpStatus };
  }
  throw new Error("expected a refusal");
}

async function refusedOverSocket(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(RpcError);
    const e = error as RpcError;
    return { code: e.code, httpStatus: (e.shape.data as { httpStatus?: number }).httpStatus };
  }
  throw new Error("expected a refusal");
}

const INVALID = { code: "INVALID_INPUT", httpStatus: 400 };

/** A started two-seat noris match held over HTTP. */
async function table() {
  const created = await client.lobby.create.mutate({ variant: "noris", seats: 2, name: "A" });
  const joined = await client.lobby.join.mutate({ matchId: created.matchId, name: "B" });
  await client.lobby.start.mutate({ matchId: created.matchId, token: created.token! });
  return { matchId: created.matchId, tokens: [created.token!, joined.token] };
}

const streamVersions = async () =>
  Object.fromEntries((await api.store.listStreams("", 10_000)).map((s) => [s.streamId, s.version]));

describe("issue #12: NUL and lone surrogates in client strings are INVALID_INPUT, not 500", () => {
  it("over HTTP: names, match ids, command ids, cards, options and rule sets; nothing stored", async () => {
    const { matchId, tokens } = await table();
    await fc.assert(
      fc.asyncProperty(unstorable, async (bad) => {
        const before = await streamVersions();
        const calls: (() => Promise<unknown>)[] = [
          () => client.lobby.create.mutate({ variant: "noris", seats: 2, name: `A${bad}` }),
          () => client.lobby.create.mutate({ variant: bad, seats: 2 }),
          () => client.lobby.create.mutate({ variant: "noris", seats: 2, options: { [bad]: 1 } }),
          () =>
            client.lobby.create.mutate({ variant: "custom", seats: 2, options: { title: bad } }),
          () => client.lobby.join.mutate({ matchId, name: bad }),
          () => client.game.view.query({ matchId: `${matchId}${bad}` }),
          () => client.game.view.query({ matchId, token: `${tokens[0]}${bad}` }),
          () =>
            client.game.command.mutate({
              matchId,
              token: tokens[0]!,
              commandId: bad,
              command: { type: "drawCard" },
            }),
          () =>
            client.game.command.mutate({
              matchId,
              token: tokens[0]!,
              commandId: "c1",
              command: { type: "playCard", card: bad },
            }),
          () => client.ruleSets.save.mutate({ name: `rs${bad}`, document: { preset: "noris" } }),
          () =>
            client.ruleSets.save.mutate({
              name: "clean-name",
              document: { preset: "noris", title: bad },
            }),
          () =>
            client.ruleSets.save.mutate({
              name: "clean-name",
              document: { preset: "noris", deep: [{ list: ["ok", { [bad]: true }] }] },
            }),
          () => client.ruleSets.get.query({ name: bad }),
        ];
        for (const call of calls) expect(await refusedOverHttp(call())).toEqual(INVALID);
        expect(await streamVersions()).toEqual(before);
      }),
      { numRuns: 25 },
    );
  });

  it("over the socket: the same refusals through rpc, and nothing stored", async () => {
    const { matchId, tokens } = await table();
    await fc.assert(
      fc.asyncProperty(unstorable, async (bad) => {
        const before = await streamVersions();
        const calls: (() => Promise<unknown>)[] = [
          () => socket.rpc("lobby.create", { variant: "noris", seats: 2, name: bad }),
          () => socket.rpc("lobby.join", { matchId, name: `B${bad}` }),
          () => socket.rpc("game.watch", { matchId: bad }),
          () => socket.command(matchId, tokens[1]!, `id-${bad}`, { type: "drawCard", seat: 1 }),
          () =>
            socket.rpc("game.command", {
              matchId,
              token: tokens[0]!,
              commandId: "c2",
              command: { type: "chooseColour", colour: bad },
            }),
          () => socket.rpc("ruleSets.save", { name: "clean", document: { [`k${bad}`]: "v" } }),
          () => socket.rpc("ruleSets.delete", { name: bad }),
        ];
        for (const call of calls) expect(await refusedOverSocket(call())).toEqual(INVALID);
        expect(await streamVersions()).toEqual(before);
      }),
      { numRuns: 25 },
    );
  });

  it("the store refuses such text itself with a typed error, before writing anything", async () => {
    const append = (data: unknown, commandId?: string) =>
      api.store.append("text-check", 0, [{ type: "t", data }], commandId ? { commandId } : {});
    await expect(append({ name: "a\u0000b" })).rejects.toBeInstanceOf(UnstorableTextError);
    await expect(append({ list: ["\ud800"] })).rejects.toBeInstanceOf(UnstorableTextError);
    await expect(append({}, "x\udc00")).rejects.toBeInstanceOf(UnstorableTextError);
    expect(await api.store.version("text-check")).toBe(0);
  });
});

/**
 * A short name with a character in it that a terminal would obey, that reorders the text or that
 * shows as nothing.
 */
const unshowable = fc
  .tuple(
    fc.string({ minLength: 1, maxLength: 6 }).filter((s) => /^[a-z]+$/i.test(s)),
    fc.constantFrom(
      "\u001b]0;X\u0007",
      "\u001b[2J",
      "\u009b",
      "\u007f",
      "\u202e",
      "\u2066",
      "\u200b",
      "\u3164",
      "\u2028",
      "a\nb",
    ),
    fc.string({ minLength: 1, maxLength: 6 }).filter((s) => /^[a-z]+$/i.test(s)),
  )
  // Inside the text: at its ends, a line break is trimmed away as a space is.
  .map(([before, bad, after]) => before + bad + after);

describe("names and chat lines show as text: a terminal's escapes, line breaks and bidi overrides are refused", () => {
  it("names of players, spectators and chat lines, over HTTP and the socket; nothing stored", async () => {
    const { matchId, tokens } = await table();
    await fc.assert(
      fc.asyncProperty(unshowable, async (bad) => {
        const before = await streamVersions();
        expect(
          await refusedOverHttp(
            client.lobby.create.mutate({ variant: "noris", seats: 2, name: bad }),
          ),
        ).toEqual(INVALID);
        expect(await refusedOverHttp(client.lobby.join.mutate({ matchId, name: bad }))).toEqual(
          INVALID,
        );
        expect(
          await refusedOverSocket(
            socket.rpc("lobby.create", { variant: "noris", seats: 2, name: bad }),
          ),
        ).toEqual(INVALID);
        expect(
          await refusedOverSocket(socket.rpc("game.say", { matchId, name: bad, text: "hi" })),
        ).toEqual(INVALID);
        expect(
          await refusedOverSocket(
            socket.rpc("game.say", { matchId, token: tokens[0]!, text: bad }),
          ),
        ).toEqual({ code: "CHAT_BAD_TEXT", httpStatus: 400 });
        expect(await streamVersions()).toEqual(before);
      }),
      { numRuns: 25 },
    );
    // Every script and emoji is a name.
    const named = await client.lobby.create.mutate({ variant: "noris", seats: 2, name: "ليلى 👩‍👧" });
    expect(named.matchId).toBeTruthy();
  });
});

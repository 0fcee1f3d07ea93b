import { RemoteRefusal } from "@maumau/client";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestSocket } from "../testing/TestSocket.js";
import { appRouter } from "../trpc/appRouter.js";
import {
  dropPostgresSchema,
  PostgresEventStore,
  startTestApi,
  type TestApi,
} from "../testing/index.js";
import { figure, scale } from "./scale.js";

let api: TestApi;
let socket: TestSocket;
/** The seat's owner at the table, so that no grace clock hands the seat to a bot meanwhile. */
let owner: TestSocket;
let matchId = "";
let token = "";
let openMatchId = "";

// PostgreSQL refuses some strings SQLite keeps (NUL): fuzz the stricter store when there is one.
const DATABASE_URL = process.env.DATABASE_URL;
const SCHEMA = `fuzz_${process.pid}`;
if (!DATABASE_URL) console.warn("soak fuzz on SQLite only: DATABASE_URL is not set");

beforeAll(async () => {
  api = await startTestApi(
    {},
    DATABASE_URL ? await PostgresEventStore.open(DATABASE_URL, { schema: SCHEMA }) : undefined,
  );
  socket = new TestSocket(api.url);
  await socket.connected();
  const created = await socket.rpc<{ matchId: string; token: string }>("lobby.create", {
    variant: "noris",
    seats: 2,
    name: "Fuzz",
  });
  ({ matchId, token } = created);
  await socket.rpc("lobby.addBots", { matchId, token });
  owner = new TestSocket(api.url);
  await owner.connected();
  await owner.rpc("game.watch", { matchId, token });
  await socket.rpc("lobby.start", { matchId, token });
  openMatchId = (
    await socket.rpc<{ matchId: string }>("lobby.create", { variant: "noris", seats: 10 })
  ).matchId;
});
afterAll(async () => {
  socket.close();
  owner.close();
  await api.stop();
  if (DATABASE_URL) await dropPostgresSchema(DATABASE_URL, SCHEMA);
});

const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
).map(([path, p]) => ({ path, type: p._def.type }));

/** Strings a hostile client sends: NUL, lone surrogates, huge, control characters, ids. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.constantFrom("\u0000", "a\u0000b", "\ud800", "x\udfffy", "\u202e", "../../etc", "' OR 1=1 --"),
  fc.string({ minLength: 1000, maxLength: 5000 }),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: "small" },
    nasty,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("any"), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(nasty, fc.constantFrom("matchId", "token", "name", "command")),
      tie("any"),
      {
        maxKeys: 5,
      },
    ),
  ),
})).any;

/** A well-formed input of each procedure, for the fuzz to break one field at a time. */
function validInput(path: string): Record<string, unknown> | undefined {
  switch (path) {
    case "variants.list":
      return undefined;
    case "lobby.create":
      return { variant: "noris", seats: 2, name: "A", options: { games: 1 } };
    case "lobby.list":
      return { status: ["open"], limit: 5 };
    case "lobby.join":
      return { matchId: openMatchId, name: "B" };
    case "game.command":
      return { matchId, token, commandId: "c1", command: { type: "drawCard" } };
    case "game.view":
    case "game.history":
    case "game.catchUp":
    case "game.watch":
      return { matchId, token, afterVersion: 0 };
    case "game.unwatch":
      return { matchId };
    case "ruleSets.save":
      return { name: "fuzz", document: { preset: "noris", name: "Fuzz" } };
    case "ruleSets.get":
    case "ruleSets.delete":
      return { name: "fuzz" };
    case "ruleSets.list":
      return { limit: 5 };
    default:
      return { matchId, token };
  }
}

/** Inputs near the real shapes, with one field (or a field inside one) made hostile. */
const shaped = (path: string): fc.Arbitrary<unknown> => {
  const base = validInput(path) ?? {};
  const keys = [...Object.keys(base), "extra"];
  return fc
    .record({
      key: fc.constantFrom(...keys),
      inner: fc.constantFrom("name", "type", "card", "colour", "preset", "seat", "deck"),
      deep: fc.boolean(),
      bad: fc.oneof(nasty, value),
    })
    .map(({ key, inner, deep, bad }) => {
      const current = base[key];
      const replaced =
        deep && current !== null && typeof current === "object"
          ? { ...(current as object), [inner]: bad }
          : bad;
      return { ...base, [key]: replaced };
    });
};

const KNOWN_5XX = new Set(["INTERNAL", "SHUTTING_DOWN"]);

describe("soak: bad input", () => {
  it(
    "every procedure answers hostile input over the socket and HTTP with a typed error, never a 500",
    async () => {
      const runs = scale(60, 10_000);
      const version = await api.store.version(`match-${matchId}`);
      let calls = 0;
      let accepted = 0;
      const internal: string[] = [];
      for (const { path, type } of procedures) {
        await fc.assert(
          fc.asyncProperty(fc.oneof(value, shaped(path), shaped(path)), async (input) => {
            calls++;
            try {
              await socket.client.rpc(path, input);
              if (path === "game.command") accepted++;
            } catch (error) {
              if (!(error instanceof RemoteRefusal)) throw error;
              if (KNOWN_5XX.has(error.code) || (error.httpStatus ?? 0) >= 500)
                internal.push(
                  `${path} (socket): ${error.message} ← ${JSON.stringify(input).slice(0, 200)}`,
                );
            }
            const encoded = encodeURIComponent(JSON.stringify(input) ?? "null");
            const res =
              type === "query"
                ? await fetch(`${api.url}/trpc/${path}?input=${encoded}`)
                : await fetch(`${api.url}/trpc/${path}`, {
                    method: "POST",
                    headers: { "content-type": "application/json" },
                    body: JSON.stringify(input) ?? "null",
                  });
            if (res.status >= 500)
              internal.push(
                `${path} (HTTP ${res.status}) ← ${JSON.stringify(input).slice(0, 200)}`,
              );
            else if (res.status < 300 && path === "game.command") {
              accepted++;
              await res.body?.cancel();
            } else if (res.status >= 400) {
              const body = (await res.json()) as {
                error?: { data?: { refusal?: { code?: string } } };
              };
              expect(body.error?.data?.refusal?.code, path).toEqual(expect.any(String));
            } else await res.body?.cancel();
          }),
          { numRuns: runs, seed: 2026 },
        );
      }
      figure("bad input calls", calls * 2, "requests");
      figure("bad input 5xx answers", internal.length, "answers");
      expect(internal).toEqual([]);
      // Only a well-formed move of the right seat moves the match (the fuzz finds some).
      figure("bad input moves accepted", accepted, "commands");
      if (accepted === 0) expect(await api.store.version(`match-${matchId}`)).toBe(version);
      // The log still folds to the match the server holds.
      expect((await api.service.match(matchId)).version).toBe(
        await api.store.version(`match-${matchId}`),
      );
      // And the server still serves.
      expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
    },
    scale(300_000, 7_200_000),
  );
});

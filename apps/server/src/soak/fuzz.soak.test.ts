import { Agent, request } from "node:http";
import { RemoteRefusal } from "@maumau/client";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestSocket } from "../testing/TestSocket.js";
import { INPUT_LIMITS, shapeProblem } from "@maumau/client/schema";
import { appRouterInternals } from "../trpc/appRouter.js";
import {
  dropPostgresSchema,
  PostgresEventStore,
  startTestApi,
  type TestApi,
} from "../testing/index.js";
import {
  JS_ERROR,
  junkKeys,
  nestedArrays,
  nestedObjects,
  rawSocket,
  sendOverSocket,
  worstPayloads,
  type HostilePayload,
} from "../testing/hostile.js";
import { figure, pool, scale } from "./scale.js";

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
  agent.destroy();
  await api.stop();
  if (DATABASE_URL) await dropPostgresSchema(DATABASE_URL, SCHEMA);
});

const procedures = appRouterInternals
  .procedurePaths()
  .map((path) => ({ path, type: appRouterInternals.procedureType(path)! }));

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
    case "lobby.watch":
    case "lobby.unwatch":
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
          ? { ...current, [inner]: bad }
          : bad;
      return { ...base, [key]: replaced };
    });
};

const KNOWN_5XX = new Set(["INTERNAL", "SHUTTING_DOWN"]);

/**
 * Node's HTTP parser answers a request whose head (the GET's URL holds a query's input) is
 * larger than `--max-http-header-size` (16 KiB) with a bare 431 and closes the connection,
 * before any server code runs: the one 4xx without a typed refusal in its body.
 */
const MAX_HEAD = 16 * 1024;

/**
 * One HTTP request on a kept-alive connection, the whole answer read. (node:http rather than
 * fetch: undici's per-request work was a large share of the soak's CPU.)
 */
const agent = new Agent({ keepAlive: true });
function send(
  method: "GET" | "POST",
  url: string,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: body === undefined ? {} : { "content-type": "application/json" },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => done({ status: res.statusCode ?? 0, text }));
        res.on("error", fail);
      },
    );
    req.on("error", fail);
    req.end(body);
  });
}

/** The refusal code of a tRPC error answer, if it is one. */
function refusalCode(text: string): unknown {
  try {
    const body = JSON.parse(text) as { error?: { data?: { refusal?: { code?: unknown } } } } | null;
    return body?.error?.data?.refusal?.code;
  } catch {
    return undefined;
  }
}

/** Procedures fuzzed at the same time (each with a socket of its own): overlaps the round trips. */
const PARALLEL = Number(process.env.FUZZ_PARALLEL ?? 3);

describe("soak: bad input", () => {
  it(
    "every procedure answers hostile input over the socket and HTTP with a typed error, never a 500",
    async () => {
      const runs = Number(process.env.FUZZ_RUNS ?? scale(60, 10_000));
      // Seat 0 is to move (the bot waits for it): nothing else moves the match meanwhile.
      await owner.until(() => (owner.latest?.legal.length ?? 0) > 0);
      const version = await api.store.version(`match-${matchId}`);
      const started = performance.now();
      let calls = 0;
      let headTooLarge = 0;
      /** The command ids of the moves the fuzz got accepted (a well-formed move of seat 0). */
      const accepted = new Set<string>();
      const failures: string[] = [];
      const fail = (path: string, how: string, input: unknown) =>
        failures.push(`${path} (${how}) ← ${JSON.stringify(input)?.slice(0, 200)}`);
      await pool(procedures, PARALLEL, async ({ path, type }) => {
        const client = new TestSocket(api.url);
        await client.connected();
        try {
          // A failure is recorded, not thrown: fast-check would otherwise shrink huge inputs
          // through two transports for a long time; the first 20 failures are printed below.
          await fc.assert(
            fc.asyncProperty(fc.oneof(value, shaped(path), shaped(path)), async (input) => {
              calls++;
              const commandId = (input as { commandId?: unknown } | null)?.commandId;
              try {
                await client.client.rpc(path, input);
                if (path === "game.command") accepted.add(String(commandId));
              } catch (error) {
                if (!(error instanceof RemoteRefusal)) throw error;
                if (KNOWN_5XX.has(error.code) || (error.httpStatus ?? 0) >= 500)
                  fail(path, `socket: ${error.message}`, input);
              }
              const json = JSON.stringify(input) ?? "null";
              const query = `${api.url}/trpc/${path}?input=${encodeURIComponent(json)}`;
              const res =
                type === "query"
                  ? await send("GET", query)
                  : await send("POST", `${api.url}/trpc/${path}`, json);
              if (res.status === 431 && type === "query" && query.length > MAX_HEAD) {
                headTooLarge++;
              } else if (res.status >= 500) {
                fail(path, `HTTP ${res.status}`, input);
              } else if (res.status < 300) {
                if (path === "game.command") accepted.add(String(commandId));
              } else {
                if (typeof refusalCode(res.text) !== "string")
                  fail(path, `HTTP ${res.status} without a typed refusal`, input);
              }
            }),
            { numRuns: runs, seed: 2026, endOnFailure: true },
          );
        } finally {
          client.close();
        }
      });
      figure("bad input calls", calls * 2, "requests");
      figure("bad input procedures", procedures.length, "procedures");
      figure("bad input duration", Math.round((performance.now() - started) / 1000), "s");
      figure("bad input 5xx or untyped answers", failures.length, "answers");
      figure("bad input 431 (request head over 16 KiB, refused by Node)", headTooLarge, "answers");
      expect(failures.slice(0, 20)).toEqual([]);
      // Only a well-formed move of seat 0 moves the match (the fuzz finds some: a new command
      // id on a valid move). Every event of seat 0 since the start is one of those moves; the
      // bot's answers carry no client command id.
      figure("bad input moves accepted", accepted.size, "commands");
      const log = await api.store.read(`match-${matchId}`);
      const foreign = log
        .slice(version)
        .map((e) => e.commandId)
        .filter((id) => id !== undefined && id !== null)
        .filter((id) => !accepted.has(String(id).replace(/^0:/, "")));
      expect(foreign).toEqual([]);
      if (accepted.size === 0) expect(log.length).toBe(version);
      // The log still folds to the match the server holds.
      expect((await api.service.match(matchId)).version).toBe(log.length);
      // And the server still serves, over HTTP and the socket.
      expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
      expect((await socket.rpc<{ version: number }>("game.view", { matchId, token })).version).toBe(
        log.length,
      );
    },
    scale(300_000, 3_600_000),
  );

  it(
    "malformed rpc envelopes and unknown socket events get a typed refusal or nothing, never a 500",
    async () => {
      const runs = Number(process.env.FUZZ_RUNS ?? scale(60, 10_000));
      const client = new TestSocket(api.url);
      await client.connected();
      const raw = client.socket;
      const paths = procedures.map((p) => p.path);
      // Names an object has from its prototype: a lookup by path must not find them.
      const inherited = [
        "constructor",
        "__proto__",
        "toString",
        "hasOwnProperty",
        "lobby.constructor",
        "game.__proto__",
      ];
      const reserved = new Set([
        "connect",
        "connect_error",
        "disconnect",
        "disconnecting",
        "newListener",
        "removeListener",
      ]);
      const envelope = fc.oneof(
        value,
        fc.record(
          {
            id: fc.oneof(fc.integer(), value),
            path: fc.oneof(fc.constantFrom(...paths, ...inherited), nasty),
            input: value,
          },
          { requiredKeys: [] },
        ),
      );
      let sent = 0;
      const failures: string[] = [];
      try {
        await fc.assert(
          fc.asyncProperty(envelope, fc.string(), async (message, event) => {
            sent++;
            const answer = (await raw.timeout(10_000).emitWithAck("rpc", message)) as {
              error?: { data?: { refusal?: { code?: unknown }; httpStatus?: number } };
            } | null;
            const code = answer?.error?.data?.refusal?.code;
            const status = answer?.error?.data?.httpStatus ?? 0;
            // A well-formed call of a real procedure may be answered (or refused); anything
            // refused carries a typed code and is never a server error.
            if (
              answer?.error !== undefined &&
              (typeof code !== "string" || KNOWN_5XX.has(code) || status >= 500)
            )
              failures.push(
                `rpc ${JSON.stringify(message)?.slice(0, 200)} → ${JSON.stringify(answer).slice(0, 200)}`,
              );
            if (!reserved.has(event)) raw.emit(event, message);
          }),
          { numRuns: runs, seed: 2027, endOnFailure: true },
        );
      } finally {
        figure("bad socket envelopes and unknown events", sent * 2, "messages");
        figure("bad socket envelopes answered 5xx or untyped", failures.length, "answers");
      }
      expect(failures.slice(0, 20)).toEqual([]);
      // The same socket still serves.
      expect(raw.connected).toBe(true);
      expect(await client.rpc<unknown[]>("variants.list", undefined)).not.toHaveLength(0);
      client.close();
    },
    scale(120_000, 1_800_000),
  );

  it(
    "deep and wide payloads (issue #18) get a typed 4xx over both transports, never JS error text",
    async () => {
      const runs = Number(process.env.FUZZ_RUNS ?? scale(30, 2_000));
      const client = await rawSocket(api.url);
      const paths = procedures.map((p) => p.path);
      /** A deep or wide JSON text, at most ~60 KB. */
      const hostileJson = fc.oneof(
        fc.integer({ min: 33, max: 29_000 }).map(nestedArrays),
        fc.integer({ min: 9, max: 10_000 }).map(nestedObjects),
        fc
          .record({
            count: fc.integer({ min: 1, max: 1_800 }),
            size: fc.integer({ min: 1, max: 24 }),
          })
          .map(({ count, size }) => junkKeys(count, size)),
        fc.integer({ min: 1_000, max: 30_000 }).map((n) => `[${Array(n).fill("0").join(",")}]`),
      );
      /** Where the hostile JSON goes: as the input, or in one field of a well-formed one. */
      const payload = fc
        .record({
          path: fc.constantFrom(...paths),
          field: fc.constantFrom(
            null,
            "options",
            "document",
            "ruleIds",
            "command",
            "name",
            "status",
          ),
          json: hostileJson,
        })
        .map(({ path, field, json }): HostilePayload => {
          if (field === null) return { name: "input", path, input: json };
          const base = JSON.stringify(validInput(path) ?? {});
          const inner = field === "ruleIds" ? `{"preset":"noris","ruleIds":${json}}` : json;
          const key = field === "ruleIds" ? "options" : field;
          const input =
            base === "{}" ? `{"${key}":${inner}}` : `${base.slice(0, -1)},"${key}":${inner}}`;
          return { name: field, path, input };
        });
      const fixed = worstPayloads();
      let sent = 0;
      const failures: string[] = [];
      /**
       * Beyond INPUT_LIMITS: a typed 4xx. Within them the procedure answers as it likes (one
       * without input, `variants.list`, serves); never a 5xx, an untyped error or JS error text.
       */
      const check = (
        how: string,
        p: HostilePayload,
        status: number,
        code: unknown,
        text: string,
      ) => {
        const beyond = shapeProblem(JSON.parse(p.input), INPUT_LIMITS) !== null;
        const refused = status >= 400 && status < 500 && typeof code === "string";
        if (
          (beyond && !refused) ||
          status >= 500 ||
          (status >= 400 && !refused) ||
          JS_ERROR.test(text)
        )
          failures.push(
            `${how} ${p.path} ${p.name} (${p.input.length} B) → ${status} ${text.slice(0, 200)}`,
          );
      };
      try {
        await fc.assert(
          fc.asyncProperty(fc.oneof(payload, fc.constantFrom(...fixed)), async (p) => {
            sent += 2;
            const overSocket = await sendOverSocket(client, p, sent);
            check("socket", p, overSocket.status, overSocket.code, overSocket.text);
            const res = await send("POST", `${api.url}/trpc/${p.path}`, p.input);
            check("HTTP", p, res.status, refusalCode(res.text), res.text);
          }),
          { numRuns: runs, seed: 2028, endOnFailure: true },
        );
      } finally {
        client.close();
        figure("deep and wide payloads sent", sent, "requests");
        figure(
          "deep and wide payloads answered 5xx, untyped or with JS error text",
          failures.length,
          "answers",
        );
      }
      expect(failures.slice(0, 20)).toEqual([]);
      expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
    },
    scale(120_000, 1_800_000),
  );
});

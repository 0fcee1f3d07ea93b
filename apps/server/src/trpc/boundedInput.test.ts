import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../testing/TestSocket.js";
import { startTestApi, type TestApi } from "../testing/index.js";
import {
  JS_ERROR,
  nestedArrays,
  rawSocket,
  RawJson,
  sendOverSocket,
  worstPayloads,
} from "../testing/hostile.js";

let api: TestApi;
let client: ReturnType<typeof httpClient>;

beforeAll(async () => {
  api = await startTestApi();
  client = httpClient(api.url);
});
afterAll(() => api.stop());

/** The 58 KB body of the report: `{"options":{"x":[[[…]]]}}` in a lobby.create. */
const DEEP = nestedArrays(29_000);
const nested = nestedArrays;

/** Sends JSON text as it is, over HTTP. */
async function post(path: string, body: string) {
  const res = await fetch(`${api.url}/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const text = await res.text();
  const parsed = JSON.parse(text) as {
    error?: { data?: { httpStatus?: number; refusal?: { code?: string } } };
  };
  return { status: res.status, text, code: parsed.error?.data?.refusal?.code };
}

interface Answer {
  error?: { message?: string; data?: { httpStatus?: number; refusal?: { code?: string } } };
  result?: unknown;
}

describe("issue #18.2: deep JSON is refused before any walk, with a typed refusal", () => {
  it("over HTTP: a deep lobby.create, ruleSets.save and game.command answer 400 INVALID_INPUT", async () => {
    const calls = [
      post("lobby.create", `{"variant":"noris","seats":2,"options":{"x":${DEEP}}}`),
      post("ruleSets.save", `{"name":"deep","document":{"preset":"noris","x":${DEEP}}}`),
      post("lobby.create", `{"variant":"noris","seats":2,"name":${DEEP}}`),
      post("game.command", `{"matchId":"abc","token":${DEEP}}`),
      post("lobby.list", DEEP),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.status).toBe(400);
      expect(answer.code).toBe("INVALID_INPUT");
      expect(answer.text).not.toMatch(JS_ERROR);
    }
  });

  it("over HTTP: a GET query with a deep input is refused the same way", async () => {
    const input = encodeURIComponent(`{"status":${nested(2_000)}}`);
    const res = await fetch(`${api.url}/trpc/lobby.list?input=${input}`);
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text).toContain("INVALID_INPUT");
    expect(text).not.toMatch(JS_ERROR);
  });

  it("over the socket: the same inputs answer a typed refusal, never JS error text", async () => {
    const socket = await rawSocket(api.url);
    try {
      const inputs: [string, string][] = [
        ["lobby.create", `{"variant":"noris","seats":2,"options":{"x":${DEEP}}}`],
        ["ruleSets.save", `{"name":"deep","document":{"x":${DEEP}}}`],
        ["game.command", `{"matchId":"abc","token":"t","commandId":"c","command":${DEEP}}`],
        ["lobby.list", DEEP],
      ];
      for (const [path, input] of inputs) {
        const answer = (await socket
          .timeout(10_000)
          .emitWithAck("rpc", { id: 1, path, input: new RawJson(input) })) as Answer;
        expect(answer.error?.data?.refusal?.code).toBe("INVALID_INPUT");
        expect(answer.error?.data?.httpStatus).toBe(400);
        expect(JSON.stringify(answer)).not.toMatch(JS_ERROR);
      }
      // The connection still serves.
      const ok = (await socket
        .timeout(10_000)
        .emitWithAck("rpc", { id: 2, path: "variants.list" })) as Answer;
      expect(ok.result).toBeDefined();
    } finally {
      socket.close();
    }
  });

  it("every worst payload (deep, wide) answers a typed 4xx over both transports", async () => {
    const socket = await rawSocket(api.url);
    try {
      for (const [i, payload] of worstPayloads().entries()) {
        const http = await post(payload.path, payload.input);
        const overSocket = await sendOverSocket(socket, payload, i);
        for (const answer of [http, overSocket]) {
          expect({ name: payload.name, status: answer.status }).toEqual({
            name: payload.name,
            status: 400,
          });
          expect(answer.code).toMatch(/^INVALID_(INPUT|OPTIONS|RULE_SET)$/);
          expect(answer.text).not.toMatch(JS_ERROR);
          expect(answer.text.length).toBeLessThan(8_000);
        }
      }
    } finally {
      socket.close();
    }
  });

  it("nesting up to the documented depth is no refusal of its own", async () => {
    const answer = await post("lobby.list", `{"limit":5,"x":${nested(20)}}`);
    // Refused by the schema (an unknown key), not by the depth check.
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/Unrecognized key|unknown key/i);
    expect(answer.text).not.toMatch(/deeper than/);
  });
});

/** docs/reliability.md: the largest `lobby.list` answer (limit 200), bytes of JSON. */
const LARGEST_LIST_BYTES = 750_000;

/** ~58 KB of junk keys: the amplification payload of the report. */
const junk = (n: number, size = 20): Record<string, string> =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`.padEnd(size, "x"), "N-1"]));

describe("issue #18.3: custom documents take known keys only, bounded", () => {
  it("wide junk ruleIds are refused in a custom match and in a saved rule set, naming the path", async () => {
    // 600 keys: within what any input may hold, beyond what a document may.
    const document = { preset: "noris", ruleIds: junk(600) };
    const created = await post(
      "lobby.create",
      JSON.stringify({ variant: "custom", seats: 2, options: document }),
    );
    expect(created).toMatchObject({ status: 400, code: "INVALID_INPUT" });
    expect(created.text).toMatch(/holds more than 512 values.*options.*ruleIds/s);
    const saved = await post("ruleSets.save", JSON.stringify({ name: "junk", document }));
    expect(saved).toMatchObject({ status: 400, code: "INVALID_INPUT" });
    expect(saved.text).toMatch(/holds more than 512 values.*document.*ruleIds/s);
    // 1,800 keys (the report's ~58 KB): refused from the text, before it is parsed.
    const wide = { preset: "noris", ruleIds: junk(1_800) };
    const refused = await post("ruleSets.save", JSON.stringify({ name: "junk", document: wide }));
    expect(refused).toMatchObject({ status: 400, code: "INVALID_INPUT" });
    expect(refused.text).toContain("holds more than 1024 values");
  });

  it("a few unknown ruleIds keys (a small document) are refused by the custom schema itself", async () => {
    const document = { preset: "noris", ruleIds: { junk: "N-1", match: "N-3.1" } };
    const saved = await post("ruleSets.save", JSON.stringify({ name: "junk", document }));
    expect(saved.code).toBe("INVALID_RULE_SET");
    expect(saved.text).toContain("ruleIds");
    const long = { preset: "noris", effects: { wild: { kind: "wish", rule: "x".repeat(5_000) } } };
    const refused = await post(
      "lobby.create",
      JSON.stringify({ variant: "custom", seats: 2, options: long }),
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("effects");
  });

  it("known ruleIds keys are still accepted", async () => {
    const saved = await client.ruleSets.save.mutate({
      name: "known-rule-ids",
      document: { preset: "noris", ruleIds: { match: "X-1.1", end: "X-6" } },
    });
    expect(saved.version).toBe(1);
  });

  it("lobby.list answers summaries without options; lobby.get gives a match's options", async () => {
    const created = await client.lobby.create.mutate({
      variant: "custom",
      seats: 2,
      options: { preset: "french", name: "Family rules" },
      name: "Ada",
    });
    const list = await client.lobby.list.query({ status: ["open"], limit: 200 });
    const mine = list.find((m) => m.matchId === created.matchId);
    expect(mine).toMatchObject({ variant: "custom", title: "Family rules", status: "open" });
    for (const entry of list) expect(entry).not.toHaveProperty("options");
    expect(JSON.stringify(list)).not.toContain("ruleIds");
    const lobby = await client.lobby.get.query({ matchId: created.matchId });
    expect(lobby.options).toMatchObject({ name: "Family rules", deck: "french-52" });
  });

  it(`the largest possible lobby.list answer is at most ${LARGEST_LIST_BYTES} bytes`, async () => {
    // Every field at its longest: names of 32 characters of three UTF-8 bytes each (a name
    // holds no control character, which JSON would write as \u00XX), a saved rule set's longest
    // name and an 80-character title (written as \u00XX), the most seats a variant has (10).
    const longest = "中".repeat(32);
    const ruleSet = "r".repeat(64);
    await client.ruleSets.save.mutate({
      name: ruleSet,
      document: { preset: "noris", name: "\u0001".repeat(80) },
    });
    const created = await client.lobby.create.mutate({
      ruleSet: { name: ruleSet },
      seats: 10,
      name: longest,
      turnTimerMs: 600_000,
    });
    for (let i = 1; i < 10; i++)
      await client.lobby.join.mutate({ matchId: created.matchId, name: longest });
    const list = await client.lobby.list.query({ status: ["open"], limit: 200 });
    const mine = list.find((m) => m.matchId === created.matchId)!;
    expect(mine.title).toHaveLength(80);
    // What this match leaves null, at its longest: a rematch, of a match continued from another.
    const largest = {
      ...mine,
      rematchOf: mine.matchId,
      rematch: mine.matchId,
      continuedFrom: { matchId: mine.matchId, version: Number.MAX_SAFE_INTEGER },
      version: Number.MAX_SAFE_INTEGER,
    };
    const answer = JSON.stringify({ result: { data: Array<unknown>(200).fill(largest) } });
    const bytes = Buffer.byteLength(answer);
    console.log(
      `largest lobby.list answer: ${bytes} bytes (200 × ${Buffer.byteLength(JSON.stringify(largest))})`,
    );
    expect(bytes).toBeLessThanOrEqual(LARGEST_LIST_BYTES);
  });

  it("a batch may not multiply the list: a second lobby.list in one request is a typed LIMIT", async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { limit: 200 }, 1: { limit: 200 } }));
    const res = await fetch(`${api.url}/trpc/lobby.list,lobby.list?batch=1&input=${input}`);
    expect(res.status).toBe(429);
    expect(await res.text()).toMatch(/"code":"LIMIT"/);
    const one = encodeURIComponent(JSON.stringify({ 0: { limit: 200 }, 1: {} }));
    const fine = await fetch(`${api.url}/trpc/lobby.list,variants.list?batch=1&input=${one}`);
    expect(fine.status).toBe(200);
  });
});

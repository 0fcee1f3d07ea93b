import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient, TestSocket } from "../testing/TestSocket.js";
import { startTestApi, type TestApi } from "../testing/index.js";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  const client = httpClient(api.url);
  // Three open waiting rooms and three running matches (the other seat a bot).
  for (const [i, variant] of ["noris", "french", "bavarian"].entries()) {
    await client.lobby.create.mutate({ variant, seats: 3, name: `Host ${i}` });
    const solo = await client.lobby.create.mutate({ variant, seats: 2, name: `Solo ${i}` });
    const seat = { matchId: solo.matchId, token: solo.token! };
    await client.lobby.addBots.mutate(seat);
    await client.lobby.start.mutate(seat);
  }
});
afterAll(() => api.stop());

interface Answer {
  readonly status: number;
  readonly contentType: string | null;
  readonly vary: string | null;
  /** Set by the shortcut; tRPC's adapter streams its answer (chunked). */
  readonly contentLength: string | null;
  readonly body: string;
}

async function get(query: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${api.url}/trpc/lobby.list${query}`, { headers });
  return {
    status: res.status,
    contentType: res.headers.get("content-type"),
    vary: res.headers.get("vary"),
    contentLength: res.headers.get("content-length"),
    body: await res.text(),
  };
}

const q = (input: unknown, batch = false): string =>
  `?${batch ? "batch=1&" : ""}input=${encodeURIComponent(JSON.stringify(input))}`;

/** The same request with a parameter the shortcut does not take: tRPC's own answer. */
const viaTrpc = (query: string): string => `${query === "" ? "?" : `${query}&`}via=trpc`;

describe("GET /trpc/lobby.list answered without tRPC's adapter", () => {
  const taken: [string, string][] = [
    ["no input", ""],
    ["an empty object", q({})],
    ["open only", q({ status: ["open"] })],
    ["running only, limit 2", q({ status: ["running"], limit: 2 })],
    ["every status, limit 200", q({ status: ["over", "open", "running"], limit: 200 })],
    ["repeated statuses", q({ status: ["open", "open"] })],
    ["a batch of one", q({ 0: { status: ["open", "running"], limit: 50 } }, true)],
    ["a batch of one without input", "?batch=1"],
    ["a batch of one with an empty input", q({}, true)],
  ];

  it.each(taken)("%s: the same status, type, vary and body as tRPC's answer", async (_, query) => {
    const [fast, trpc] = await Promise.all([get(query), get(viaTrpc(query))]);
    expect(fast.contentLength, "the shortcut answered").not.toBeNull();
    expect(trpc.contentLength, "tRPC answered").toBeNull();
    expect({ ...fast, contentLength: null }).toEqual(trpc);
    expect(fast.status).toBe(200);
    expect(JSON.parse(fast.body)).not.toHaveProperty("error");
  });

  it("lists what tRPC lists: the matches created, newest first", async () => {
    const open = JSON.parse((await get(q({ status: ["open"] }))).body) as {
      result: { data: { status: string; seats: unknown[] }[] };
    };
    expect(open.result.data).toHaveLength(3);
    expect(open.result.data.every((m) => m.status === "open")).toBe(true);
    const running = JSON.parse((await get(q({ status: ["running"] }))).body) as {
      result: { data: { status: string }[] };
    };
    expect(running.result.data).toHaveLength(3);
  });

  it("a change of the list is in the next answer (the kept body goes with the list)", async () => {
    const before = await get(q({ status: ["open"] }));
    await httpClient(api.url).lobby.create.mutate({ variant: "noris", seats: 4, name: "Late" });
    const after = await get(q({ status: ["open"] }));
    expect(after.body).not.toBe(before.body);
    expect(after.body).toContain('"Late"');
    expect(after).toEqual({
      ...(await get(viaTrpc(q({ status: ["open"] })))),
      contentLength: after.contentLength,
    });
  });

  const refused: [string, string][] = [
    ["a limit of 0", q({ limit: 0 })],
    ["a limit above 200", q({ limit: 201 })],
    ["an unknown status", q({ status: ["lost"] })],
    ["an empty status list", q({ status: [] })],
    ["an unknown key", q({ limit: 5, x: 1 })],
    ["input that is not JSON", "?input=%7Blimit"],
    ["input that is an array", q([1])],
  ];

  it.each(refused)("%s: tRPC answers, with its own error", async (_, query) => {
    const [answer, trpc] = await Promise.all([get(query), get(viaTrpc(query))]);
    expect(answer.contentLength).toBeNull();
    expect(answer).toEqual(trpc);
    expect(answer.status).toBe(400);
  });

  it("other forms go to tRPC: a batch with a second input, a streaming client, a HEAD", async () => {
    const twoInputs = q({ 0: {}, 1: {} }, true);
    const [answer, trpc] = await Promise.all([get(twoInputs), get(viaTrpc(twoInputs))]);
    expect(answer.contentLength).toBeNull();
    expect(answer).toEqual(trpc);
    const jsonl = { "trpc-accept": "application/jsonl" };
    const [streamed, streamedTrpc] = await Promise.all([get("", jsonl), get(viaTrpc(""), jsonl)]);
    expect(streamed.contentLength).toBeNull();
    expect(streamed).toEqual(streamedTrpc);
    const head = await fetch(`${api.url}/trpc/lobby.list`, { method: "HEAD" });
    expect(head.status).toBe(204);
  });

  it("the rate limit holds for it as for every call", async () => {
    const limited = await startTestApi({ httpRate: 3 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => fetch(`${limited.url}/trpc/lobby.list`)),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses).toContain(200);
      expect(statuses).toContain(429);
      const refusal = (await answers.find((res) => res.status === 429)!.json()) as {
        error: { data: { refusal: { code: string } } };
      };
      expect(refusal.error.data.refusal.code).toBe("RATE_LIMITED");
    } finally {
      await limited.stop();
    }
  });
});

describe("lobby.list over the socket without tRPC's caller", () => {
  const data = async (query: string): Promise<unknown> =>
    (JSON.parse((await get(viaTrpc(query))).body) as { result: { data: unknown } }).result.data;

  it("answers what tRPC answers over HTTP, for every form of input", async () => {
    const socket = new TestSocket(api.url);
    try {
      await socket.connected();
      const inputs = [
        undefined,
        {},
        { status: ["open"] },
        { status: ["running"], limit: 2 },
        { status: ["over", "open", "running"], limit: 200 },
      ];
      for (const input of inputs) {
        // Twice: the second answer's text is the one kept from the first.
        for (let i = 0; i < 2; i++) {
          expect(await socket.rpc("lobby.list", input)).toEqual(
            await data(input === undefined ? "" : q(input)),
          );
        }
      }
    } finally {
      socket.socket.close();
    }
  });

  it("input the schema refuses gets tRPC's own refusal, as before", async () => {
    const socket = new TestSocket(api.url);
    try {
      await socket.connected();
      for (const input of [{ limit: 0 }, { status: ["lost"] }, { limit: 5, x: 1 }, [1]]) {
        const refused = await socket.rpc("lobby.list", input).then(
          () => null,
          (error: { refusal?: { code?: string } }) => error.refusal?.code,
        );
        expect(refused, JSON.stringify(input)).toBe("INVALID_INPUT");
      }
    } finally {
      socket.socket.close();
    }
  });
});

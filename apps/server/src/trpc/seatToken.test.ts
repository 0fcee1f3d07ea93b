import { TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient, TestSocket } from "../testing/TestSocket.js";
import { startTestApi, type TestApi } from "../testing/index.js";
import type { AppRouter } from "./appRouter.js";

let api: TestApi;
let client: ReturnType<typeof httpClient>;

beforeAll(async () => {
  api = await startTestApi({ corsOrigins: ["https://friends.example"] });
  client = httpClient(api.url);
});
afterAll(() => api.stop());

async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCClientError);
    const e = error as TRPCClientError<AppRouter>;
    return { httpStatus: e.data?.httpStatus, ...e.data?.refusal };
  }
  throw new Error("expected the call to be refused");
}

/** A started two-seat noris match held over HTTP. */
async function table() {
  const created = await client.lobby.create.mutate({ variant: "noris", seats: 2, name: "A" });
  const joined = await client.lobby.join.mutate({ matchId: created.matchId, name: "B" });
  await client.lobby.start.mutate({ matchId: created.matchId, token: created.token! });
  return { matchId: created.matchId, tokens: [created.token!, joined.token] };
}

const getUrl = (path: string, input: unknown) =>
  `${api.url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;

describe("issue #12: seat tokens never travel in a URL", () => {
  it("refuses a token in a GET query string with TOKEN_IN_URL, for view, history and catchUp", async () => {
    const { matchId, tokens } = await table();
    const get = httpClient(api.url, { get: true });
    for (const call of [
      () => get.game.view.query({ matchId, token: tokens[0]! }),
      () => get.game.history.query({ matchId, token: tokens[0]! }),
      () => get.game.catchUp.query({ matchId, token: tokens[0]!, afterVersion: 0 }),
    ])
      expect(await refusal(call())).toMatchObject({
        code: "TOKEN_IN_URL",
        httpStatus: 400,
        message: { en: expect.stringContaining("Authorization: Bearer") },
      });
    // The same over plain fetch: the answer is the typed error, and it does not echo the token.
    const response = await fetch(getUrl("game.view", { matchId, token: tokens[1] }));
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain("TOKEN_IN_URL");
    expect(body).not.toContain(tokens[1]!);
  });

  it("reads the seat from an Authorization: Bearer or x-seat-token header on a GET", async () => {
    const { matchId, tokens } = await table();
    const asSeat1 = httpClient(api.url, { get: true, seatToken: tokens[1]! });
    const view = await asSeat1.game.view.query({ matchId });
    expect(view.viewer).toBe(1);
    const history = await asSeat1.game.history.query({ matchId });
    const dealt = history.events.find((e) => e.type === "cards.dealt")?.data as { hand: unknown };
    expect(Array.isArray(dealt.hand)).toBe(true);
    const frame = await asSeat1.game.catchUp.query({ matchId, afterVersion: 0 });
    expect(frame.snapshot.viewer).toBe(1);

    const raw = await fetch(getUrl("game.view", { matchId }), {
      headers: { "x-seat-token": tokens[0]! },
    });
    expect(raw.status).toBe(200);
    expect(
      ((await raw.json()) as { result: { data: { viewer: unknown } } }).result.data.viewer,
    ).toBe(0);
    // Without a token it is the spectator's view.
    expect((await httpClient(api.url, { get: true }).game.view.query({ matchId })).viewer).toBe(
      "spectator",
    );
  });

  it("answers a wrong or malformed header token with a typed error", async () => {
    const { matchId } = await table();
    const wrong = httpClient(api.url, { get: true, seatToken: "x".repeat(43) });
    expect(await refusal(wrong.game.view.query({ matchId }))).toMatchObject({
      code: "BAD_TOKEN",
      httpStatus: 401,
    });
    const short = httpClient(api.url, { get: true, seatToken: "short" });
    expect(await refusal(short.game.view.query({ matchId }))).toMatchObject({
      code: "INVALID_INPUT",
      httpStatus: 400,
    });
  });

  it("takes the token in the body of a POST query, and in the socket's rpc", async () => {
    const { matchId, tokens } = await table();
    expect((await client.game.view.query({ matchId, token: tokens[1]! })).viewer).toBe(1);
    const socket = new TestSocket(api.url);
    try {
      await socket.connected();
      const view = await socket.rpc<{ viewer: unknown }>("game.view", {
        matchId,
        token: tokens[0],
      });
      expect(view.viewer).toBe(0);
    } finally {
      socket.close();
    }
  });

  it("lets browsers send the header across origins (CORS preflight)", async () => {
    const response = await fetch(`${api.url}/trpc/game.view`, {
      method: "OPTIONS",
      headers: {
        origin: "https://friends.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-headers")).toMatch(/authorization/);
    expect(response.headers.get("access-control-allow-headers")).toMatch(/x-seat-token/);
  });
});

import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startServer, type RunningServer } from "../startServer.js";
import { SqliteEventStore } from "../store/sqlite.js";
import { testConfig } from "../testing/index.js";
import { httpClient, TestSocket } from "../testing/TestSocket.js";

/** Text of the exception that must never reach a client. */
const SECRET = "ECONNRESET at /srv/maumau/secret.sqlite: relation events is gone";

const logged: Record<string, unknown>[] = [];
let running: RunningServer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n"))
        if (line.trim() !== "") logged.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  running = await startServer({
    config: testConfig(),
    logger: pino({ level: "error" }, sink),
    store: SqliteEventStore.open(":memory:"),
    shutdownGraceMs: 2000,
  });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await running.close();
});

interface Answer {
  readonly message: string;
  readonly data: { readonly code: string; readonly refusal: Record<string, unknown> };
}

/** The error body as the client received it, whole. */
async function refusedOverHttp(): Promise<Answer> {
  const error = await httpClient(running.url)
    .lobby.list.query({})
    .then(
      () => null,
      (e: unknown) => e,
    );
  const shape = (error as { shape?: Answer }).shape;
  if (shape === undefined) throw new Error(`expected a tRPC error, got ${String(error)}`);
  return shape;
}

async function refusedOverSocket(): Promise<Answer> {
  const socket = new TestSocket(running.url);
  sockets.push(socket);
  await socket.connected();
  const answer = (await socket.socket.emitWithAck("rpc", {
    id: 1,
    path: "lobby.list",
    input: {},
  })) as { error?: Answer };
  if (answer.error === undefined) throw new Error("expected an error answer");
  return answer.error;
}

describe("issue #18.6: an unknown error answers a typed INTERNAL with an id, never its text", () => {
  it.each([
    ["HTTP", refusedOverHttp],
    ["the socket", refusedOverSocket],
  ])("over %s", async (_transport, refused) => {
    const failure = new Error(SECRET);
    const spy = vi.spyOn(running.service, "list").mockRejectedValue(failure);
    try {
      logged.length = 0;
      const answer = await refused();
      expect(answer.data.code).toBe("INTERNAL_SERVER_ERROR");
      expect(answer.data.refusal).toMatchObject({
        code: "INTERNAL",
        errorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      const text = JSON.stringify(answer);
      for (const part of ["ECONNRESET", "secret", "/srv", "relation", "at ", "stack", ".ts:"])
        expect(text).not.toContain(part);
      const errorId = answer.data.refusal.errorId as string;
      // The client is told the id, so that it can be found in the log.
      expect(answer.message).toContain(errorId);
      const line = logged.find((l) => l.errorId === errorId);
      expect(line).toBeDefined();
      expect(JSON.stringify(line)).toContain(SECRET);
    } finally {
      spy.mockRestore();
    }
  });

  it("each failure has its own id", async () => {
    const spy = vi.spyOn(running.service, "list").mockRejectedValue(new Error(SECRET));
    try {
      const [a, b] = [await refusedOverHttp(), await refusedOverHttp()];
      expect(a.data.refusal.errorId).not.toBe(b.data.refusal.errorId);
    } finally {
      spy.mockRestore();
    }
  });

  it("refused input is typed and carries no library wording", async () => {
    const error = (await httpClient(running.url)
      .lobby.create.mutate({ variant: "noris", seats: 1 })
      .then(
        () => null,
        (e: unknown) => e,
      )) as { shape: Answer };
    expect(error.shape.data.refusal).toMatchObject({ code: "INVALID_INPUT" });
    expect(error.shape.message).toBe((error.shape.data.refusal.message as { en: string }).en);
    // zod's own texts ("Too small: expected number to be >=2") stay on the server.
    expect(JSON.stringify(error.shape)).not.toMatch(/Too small|expected|>=/);
    expect(error.shape.message).toContain("seats");
  });
});

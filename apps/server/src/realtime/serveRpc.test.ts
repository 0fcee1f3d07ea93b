import { EventEmitter } from "node:events";
import type { RpcAnswer } from "@maumau/client";
import { pino } from "pino";
import type { Socket } from "socket.io";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ServiceError } from "../errors/ServiceError.js";
import type { MatchService } from "../matches/MatchService.js";
import type { ReplayRooms } from "../replays/ReplayRooms.js";
import type { Context, SocketSession } from "../trpc/trpc.js";
import { TooLarge } from "./jsonParser.js";
import { rpcMessageOf, serveRpc } from "./serveRpc.js";

/**
 * The socket's rpc protocol on its own: a fake socket (an EventEmitter that records what is
 * emitted), a context with the service's `command` and the session's watches only, and a logger
 * that keeps its lines. Everything the whole gateway does with them is tested in
 * SocketGateway.test.ts and the files beside it.
 */
function harness(opts: {
  commandRate?: number;
  command?: (input: unknown) => Promise<unknown>;
  session?: Partial<SocketSession>;
}) {
  const socket = new EventEmitter();
  const emitted: RpcAnswer[] = [];
  const emit = socket.emit.bind(socket);
  const fakeSocket = {
    on: (event: string, f: (...args: unknown[]) => void) => socket.on(event, f),
    emit: (event: string, answer: RpcAnswer) => {
      if (event === "rpc") emitted.push(answer);
      return true;
    },
  } as unknown as Pick<Socket, "on" | "emit">;
  const commands: unknown[] = [];
  const service = {
    metrics: undefined,
    command: async (input: unknown) => {
      commands.push(input);
      return (opts.command ?? (() => Promise.resolve({ version: 7, duplicate: false })))(input);
    },
  } as unknown as MatchService;
  const ctx: Context = {
    service,
    replayRooms: undefined as unknown as ReplayRooms,
    transport: "socket",
    client: "127.0.0.1",
    socket: { ...(opts.session ?? {}) } as SocketSession,
    http: null,
  };
  const logs: Record<string, unknown>[] = [];
  const logger = pino(
    { level: "error" },
    { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
  );
  serveRpc(fakeSocket, { logger, ctx, commandRate: opts.commandRate ?? 1000 });
  /** Sends one `rpc` message with an acknowledgement callback; resolves with its answer. */
  const call = (message: unknown) =>
    new Promise<RpcAnswer>((resolve) => emit("rpc", message, resolve));
  return { call, emit, emitted, commands, logs };
}

interface Shape {
  message: string;
  data: { code: string; httpStatus: number; path: string; refusal: { code: string } };
}
const errorOf = (answer: RpcAnswer): Shape => {
  expect(answer.result).toBeUndefined();
  return answer.error as Shape;
};

const command = {
  matchId: "m1",
  token: "t".repeat(32),
  commandId: "c1",
  command: { type: "drawCard", seat: 0 },
};

describe("serveRpc: the rpc protocol of one socket", () => {
  it("answers through the acknowledgement, else with an `rpc` message of the same id", async () => {
    const { call, emit, emitted } = harness({});
    const listed = await call({ id: 1, path: "variants.list" });
    expect(listed.id).toBe(1);
    expect(Array.isArray(listed.result?.data)).toBe(true);
    emit("rpc", { id: "two", path: "variants.list" });
    await expect.poll(() => emitted.length).toBe(1);
    expect(emitted[0]?.id).toBe("two");
    expect(emitted[0]?.result?.data).toEqual(listed.result?.data);
  });

  it("refuses what is no rpc message, and a message over the size limit, with id null", async () => {
    const { call } = harness({});
    for (const message of [null, "hi", { id: {}, path: "variants.list" }, { id: 1 }]) {
      const answer = await call(message);
      expect(answer.id).toBeNull();
      expect(errorOf(answer).data.refusal.code).toBe("INVALID_INPUT");
      expect(errorOf(answer).message).toBe("An rpc message is { id, path, input }.");
    }
    const tooLarge = new TooLarge(ServiceError.of("PAYLOAD_TOO_LARGE", "Too large.", "Zu groß."));
    const answer = await call(tooLarge);
    expect(answer.id).toBeNull();
    expect(errorOf(answer).data.refusal.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers NOT_FOUND for any path that names no procedure, whatever tRPC's caller would do with it", async () => {
    const { call, commands } = harness({});
    for (const path of [
      "nope",
      "game",
      "",
      "then",
      "_def",
      "createCaller",
      "game.command.call",
      "game.command.apply",
      "variants.list.toString",
      "__proto__",
      "constructor",
    ]) {
      const answer = await call({ id: 3, path, input: command });
      expect(answer.id, path).toBe(3);
      expect(errorOf(answer), path).toMatchObject({
        message: "No such procedure.",
        data: { code: "NOT_FOUND", httpStatus: 404, refusal: { code: "INVALID_INPUT" } },
      });
    }
    expect(commands).toEqual([]);
  });

  it("refuses input past INPUT_LIMITS before any schema, but after the path", async () => {
    const { call, commands } = harness({});
    let deep: unknown = command;
    for (let i = 0; i < 200; i++) deep = [deep];
    const refused = errorOf(await call({ id: 4, path: "game.command", input: deep }));
    expect(refused.data.refusal.code).toBe("INVALID_INPUT");
    expect(refused.data.httpStatus).toBe(400);
    expect(errorOf(await call({ id: 5, path: "nope", input: deep })).data.code).toBe("NOT_FOUND");
    expect(commands).toEqual([]);
  });

  it("rate-limits messages per socket with a typed RATE_LIMITED (429), before anything else", async () => {
    const { call } = harness({ commandRate: 3 });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await call({ id: i, path: "nope" }));
    const codes = answers.map((a) => errorOf(a).data.refusal.code);
    expect(codes.slice(0, 3)).toEqual(["INVALID_INPUT", "INVALID_INPUT", "INVALID_INPUT"]);
    expect(codes.slice(3)).toEqual(["RATE_LIMITED", "RATE_LIMITED", "RATE_LIMITED"]);
    expect(errorOf(answers[5]!)).toMatchObject({
      message: "More than 3 messages a second.",
      data: { code: "TOO_MANY_REQUESTS", httpStatus: 429, path: "nope" },
    });
  });

  it("sends a valid game.command to the service and answers with its result", async () => {
    const { call, commands } = harness({});
    const answer = await call({ id: 6, path: "game.command", input: command });
    expect(answer).toEqual({ id: 6, result: { data: { version: 7, duplicate: false } } });
    expect(commands).toEqual([command]);
  });

  it("answers a game.command the schema refuses through tRPC's caller, naming the input paths", async () => {
    const { call, commands } = harness({});
    const answer = await call({ id: 7, path: "game.command", input: { ...command, token: 5 } });
    expect(errorOf(answer)).toMatchObject({
      message: "Invalid input: expected string at token.",
      data: { code: "BAD_REQUEST", path: "game.command", refusal: { code: "INVALID_INPUT" } },
    });
    expect(commands).toEqual([]);
  });

  it("answers the service's refusal typed, and a failure as INTERNAL with the id of its log line", async () => {
    const refusing = harness({
      command: () =>
        Promise.reject(
          new ServiceError({
            code: "NOT_YOUR_TURN",
            message: { en: "Not your turn.", de: "Nicht dran." },
          }),
        ),
    });
    const refused = errorOf(await refusing.call({ id: 8, path: "game.command", input: command }));
    expect(refused).toMatchObject({
      message: "Not your turn.",
      data: { refusal: { code: "NOT_YOUR_TURN" } },
    });
    expect(refusing.logs).toEqual([]);

    const failing = harness({ command: () => Promise.reject(new Error("disk on fire")) });
    const failed = errorOf(await failing.call({ id: 9, path: "game.command", input: command }));
    const refusal = failed.data.refusal as { code: string; errorId?: string };
    expect(refusal.code).toBe("INTERNAL");
    expect(failed.data.httpStatus).toBe(500);
    expect(JSON.stringify(failed)).not.toContain("disk on fire");
    expect(failing.logs).toMatchObject([
      {
        msg: "socket rpc failed",
        path: "game.command",
        errorId: refusal.errorId,
        matchId: "m1",
        commandId: "c1",
      },
    ]);
  });

  it("runs a socket's unwatch and watch of one match in the order sent, answers included", async () => {
    const order: string[] = [];
    let release = () => {};
    const { call } = harness({
      session: {
        unwatch: (matchId) => void order.push(`unwatch ${matchId}`),
        watch: async (input) => {
          order.push(`watch ${input.matchId} begins`);
          await new Promise<void>((resolve) => (release = resolve));
          order.push(`watch ${input.matchId} ends`);
          return { matchId: input.matchId, viewer: "spectator", version: 3 };
        },
      },
    });
    const watched = call({ id: 10, path: "game.watch", input: { matchId: "m1" } });
    const unwatched = call({ id: 11, path: "game.unwatch", input: { matchId: "m1" } });
    const other = call({ id: 12, path: "game.unwatch", input: { matchId: "m2" } });
    await other;
    expect(order).toEqual(["watch m1 begins", "unwatch m2"]);
    release();
    expect((await watched).result?.data).toEqual({
      matchId: "m1",
      viewer: "spectator",
      version: 3,
    });
    await unwatched;
    expect(order).toEqual(["watch m1 begins", "unwatch m2", "watch m1 ends", "unwatch m1"]);
  });
});

describe("rpcMessageOf", () => {
  /** The zod schema it replaces, for comparison. */
  const rpcMessage = z.object({
    id: z.union([z.string().max(64), z.number()]),
    path: z.string().max(64),
    input: z.unknown().optional(),
  });
  const sameAsZod = (message: unknown) => {
    const zod = rpcMessage.safeParse(message);
    expect(rpcMessageOf(message)).toStrictEqual(zod.success ? zod.data : null);
  };

  it("accepts and refuses what the zod schema does, with the same result", () => {
    const text = fc.oneof(fc.string({ maxLength: 70 }), fc.constant("x".repeat(64)));
    const id = fc.oneof(
      text,
      fc.double(),
      fc.integer(),
      fc.constantFrom(NaN, Infinity, -Infinity, null, true),
    );
    const message = fc.oneof(
      fc.record(
        { id, path: fc.oneof(text, fc.integer()), input: fc.jsonValue(), extra: fc.integer() },
        { requiredKeys: [] },
      ),
      fc.record({ id, path: text, input: fc.constant(undefined) }),
      fc.jsonValue(),
      fc.anything(),
    );
    fc.assert(fc.property(message, sameAsZod), { numRuns: 2000 });
    for (const edge of [
      { id: "x".repeat(64), path: "y".repeat(64) },
      { id: "x".repeat(65), path: "game.view" },
      { id: 1, path: "y".repeat(65) },
      [{ id: 1, path: "game.view" }],
      Object.create({ id: 1, path: "game.view" }) as unknown,
    ])
      sameAsZod(edge);
  });
});

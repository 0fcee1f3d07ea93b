import { Decoder, Encoder, PacketType, type Packet } from "socket.io-parser";
import { io, type Socket } from "socket.io-client";

/**
 * The worst inputs a client can send (issue #18), as JSON text: deep nesting and wide junk, each
 * under the server's 64 KiB payload limit. Text, because a hostile client need not use
 * JSON.stringify (which itself overflows the stack on such depths) nor socket.io's encoder.
 */

/** `[[[…]]]` nested `depth` times. */
export const nestedArrays = (depth: number): string => "[".repeat(depth) + "]".repeat(depth);

/** `{"a":{"a":…{}}}` nested `depth` times. */
export const nestedObjects = (depth: number): string =>
  '{"a":'.repeat(depth) + "{}" + "}".repeat(depth);

/** `count` junk keys of `size` characters each, as a JSON object. */
export const junkKeys = (count: number, size = 24, value = '"N-1"'): string =>
  `{${Array.from({ length: count }, (_, i) => `"${`k${i}`.padEnd(size, "x")}":${value}`).join(",")}}`;

/** Text that only a JavaScript error (a message or a stack) would put in an answer. */
export const JS_ERROR =
  /Maximum call stack|RangeError|TypeError|ReferenceError|stack size|at Object\.|\.[jt]s:\d+/;

export interface HostilePayload {
  readonly name: string;
  readonly path: string;
  /** The procedure's input as JSON text. */
  readonly input: string;
}

/** Each kind of worst input, aimed at the procedure where it does most (all ≤ 64 KiB). */
export function worstPayloads(): HostilePayload[] {
  return [
    // The report's body: 58 KB of nested arrays in a match's options.
    {
      name: "deep arrays in options",
      path: "lobby.create",
      input: `{"variant":"noris","seats":2,"options":{"x":${nestedArrays(29_000)}}}`,
    },
    {
      name: "deep objects in a rule set",
      path: "ruleSets.save",
      input: `{"name":"deep","document":{"preset":"noris","x":${nestedObjects(10_000)}}}`,
    },
    {
      name: "deep command",
      path: "game.command",
      input: `{"matchId":"abcdefgh","token":"t","commandId":"c","command":${nestedArrays(29_000)}}`,
    },
    // The amplification payload: wide junk keys in a house-rules document.
    {
      name: "wide ruleIds",
      path: "lobby.create",
      input: `{"variant":"custom","seats":2,"options":{"preset":"noris","ruleIds":${junkKeys(1_800)}}}`,
    },
    {
      name: "wide rule set",
      path: "ruleSets.save",
      input: `{"name":"wide","document":${junkKeys(2_200, 20, "1")}}`,
    },
    {
      name: "wide input",
      path: "lobby.create",
      input: junkKeys(2_200, 20, "1"),
    },
    // At the value limit (INPUT_LIMITS.nodes): parsed, walked and refused by the schema.
    {
      name: "wide input at the value limit",
      path: "lobby.create",
      input: junkKeys(1_000, 56, "1"),
    },
    {
      name: "long string",
      path: "lobby.join",
      input: `{"matchId":"abcdefgh","name":"${"\\u0001".repeat(10_000)}"}`,
    },
    {
      name: "long array",
      path: "lobby.list",
      input: `{"status":[${Array.from({ length: 30_000 }, () => "0").join(",")}]}`,
    },
    {
      name: "a list of junk keys in a rule set",
      path: "ruleSets.save",
      input: `{"name":"junk","document":{"preset":"noris","effects":${junkKeys(1_500, 16, '{"kind":"skip"}')}}}`,
    },
  ];
}

/** An rpc input sent as it is written (see `rawSocket`). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** socket.io's encoder, except that an `rpc` input given as RawJson goes out as its text. */
class RawEncoder extends Encoder {
  override encode(packet: Packet): string[] {
    const data = packet.data as unknown[] | undefined;
    const envelope = data?.[1] as { input?: unknown } | undefined;
    if (packet.type === PacketType.EVENT && envelope?.input instanceof RawJson) {
      const { input, ...rest } = envelope;
      const head = JSON.stringify(rest).slice(0, -1);
      const sep = head === "{" ? "" : ",";
      return [
        `2${packet.id ?? ""}[${JSON.stringify(data![0])},${head}${sep}"input":${input.text}}]`,
      ];
    }
    return super.encode(packet) as string[];
  }
}

/** A socket.io client that can send RawJson inputs, connected. */
export async function rawSocket(
  url: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<Socket> {
  const socket = io(url, {
    transports: ["websocket"],
    forceNew: true,
    reconnection: false,
    extraHeaders: { ...headers },
    parser: { Encoder: RawEncoder, Decoder },
  });
  await new Promise<void>((done, fail) => {
    socket.once("connect", () => done());
    socket.once("connect_error", fail);
  });
  return socket;
}

/** What a refused rpc or HTTP call answered: the refusal code and status, if typed. */
export interface HostileAnswer {
  readonly status: number;
  readonly code: string | undefined;
  readonly text: string;
}

/** Sends one payload over the socket; resolves with the answer's status, code and text. */
export async function sendOverSocket(
  socket: Socket,
  payload: HostilePayload,
  id: number,
): Promise<HostileAnswer> {
  const answer = (await socket
    .timeout(30_000)
    .emitWithAck("rpc", { id, path: payload.path, input: new RawJson(payload.input) })) as {
    error?: { data?: { httpStatus?: number; refusal?: { code?: string } } };
  };
  return {
    status: answer.error?.data?.httpStatus ?? 200,
    code: answer.error?.data?.refusal?.code,
    text: JSON.stringify(answer),
  };
}

import { Decoder, Encoder, PacketType, type Packet } from "socket.io-parser";
import type { ServiceError } from "../errors/ServiceError.js";
import { inputTextRefusal } from "../trpc/text.js";

/** The default encoder's text encoding (a method of `Encoder` that its typings keep private). */
type TextEncoding = { encodeAsString(packet: Packet): string };

/** The default decoder's packet decoding (a method its typings keep private). */
type StringDecoding = { decodeString(text: string): Packet };

/**
 * socket.io's default parser with one check left out: before encoding an event or an ack, the
 * default `Encoder.encode` walks the whole payload looking for binary data (`hasBinary`), a few
 * per cent of the server's CPU with four frames per move. This server sends JSON only (frames,
 * acks, rpc answers; never a Buffer), so every packet goes straight to the default encoder's own
 * text encoding, the branch `encode` takes for a payload without binary: the bytes on the wire
 * are the same. Decoding (what clients send) is the default decoder's.
 */
export class JsonEncoder extends Encoder {
  override encode(packet: Packet): string[] {
    const data: unknown = packet.data;
    if (packet.type === PacketType.EVENT && Array.isArray(data) && data.length === 2) {
      const [event, payload] = data as [unknown, unknown];
      const shared = sharedJsonOf(payload);
      if (typeof event === "string" && shared !== undefined) {
        // The commit's public part, encoded once for every seat's packet (issue #22).
        const { shared: _encoded, ...own } = payload as { shared: unknown };
        const head = (this as unknown as TextEncoding).encodeAsString({ ...packet, data: null });
        const rest = JSON.stringify(own);
        const fields = rest === "{}" ? "{" : `${rest.slice(0, -1)},`;
        return [`${head}[${JSON.stringify(event)},${fields}"shared":${shared}}]`];
      }
    }
    if (packet.type === PacketType.ACK && Array.isArray(data) && data.length === 1) {
      const result = answerJsonOf(data[0]);
      if (result !== undefined) {
        // An rpc answer whose data is kept as text (`keepJson`: the lobby's list).
        const head = (this as unknown as TextEncoding).encodeAsString({ ...packet, data: null });
        return [`${head}[{"id":${JSON.stringify(result.id)},"result":{"data":${result.data}}}]`];
      }
    }
    return [(this as unknown as TextEncoding).encodeAsString(packet)];
  }
}

/**
 * Values whose JSON text is kept, by identity: made at once (`encodeOnce`) or on first need
 * (`keepJson`, null until then).
 */
const encoded = new WeakMap<object, string | null>();

/**
 * The value's JSON text, kept so that every packet that carries it as its payload's `shared`
 * property (the last one) reuses the text instead of encoding it again. The same bytes as
 * `JSON.stringify` of the whole payload; through another process's adapter the payload is
 * encoded in full there.
 */
export function encodeOnce<T extends object>(value: T): T {
  encoded.set(value, JSON.stringify(value));
  return value;
}

/**
 * Marks a value that never changes (frozen) whose JSON text is made the first time it is
 * needed and then kept (`jsonOf`): an rpc answer's data that many sockets ask for, as the
 * lobby's list (one answer per list, until the list changes).
 */
export function keepJson<T extends object>(value: T): T {
  if (!encoded.has(value)) encoded.set(value, null);
  return value;
}

/** The kept JSON text of a value marked by `encodeOnce` or `keepJson`; undefined otherwise. */
export function jsonOf(value: object): string | undefined {
  const text = encoded.get(value);
  if (text !== null) return text;
  const made = JSON.stringify(value);
  encoded.set(value, made);
  return made;
}

const sharedJsonOf = (payload: unknown): string | undefined => {
  if (payload === null || typeof payload !== "object" || !("shared" in payload)) return undefined;
  const shared = payload.shared;
  return shared !== null && typeof shared === "object" ? jsonOf(shared) : undefined;
};

/**
 * An rpc answer `{ id, result: { data } }` (exactly these keys, in this order, as `serveRpc`
 * builds it) whose data's text is kept: its id and that text. Undefined for any other value.
 */
function answerJsonOf(reply: unknown): { id: unknown; data: string } | undefined {
  if (reply === null || typeof reply !== "object") return undefined;
  const { result } = reply as { result?: unknown };
  if (result === null || typeof result !== "object") return undefined;
  const { data } = result as { data?: unknown };
  if (data === null || typeof data !== "object") return undefined;
  const text = jsonOf(data);
  if (text === undefined) return undefined;
  const keys = Object.keys(reply);
  const resultKeys = Object.keys(result);
  if (keys.length !== 2 || keys[0] !== "id" || keys[1] !== "result") return undefined;
  if ((reply as { id: unknown }).id === undefined) return undefined;
  if (resultKeys.length !== 1 || resultKeys[0] !== "data") return undefined;
  return { id: (reply as { id: unknown }).id, data: text };
}

/** socket.io-parser's packet type digits: an event, and the two binary packets. */
const EVENT = "2";
const BINARY_EVENT = "5";
const BINARY_ACK = "6";

/**
 * What an `rpc` event's arguments become when its JSON text is deeper or larger than any
 * procedure's input may be (`INPUT_LIMITS`, plus the packet's array and the rpc envelope): the
 * gateway answers `TooLarge.refusal`, the typed INVALID_INPUT, without JSON.parse building it.
 */
export class TooLarge {
  constructor(readonly refusal: ServiceError) {}
}

/** The packet's array, `"rpc"` and the envelope's `id` and `path` around the input. */
const ENVELOPE = { depth: 2, nodes: 4 };

/**
 * The default decoder, refusing binary packets: this server's protocol is JSON only, and the
 * default decoder rebuilds a binary packet's payload by recursion over it (a deep payload would
 * overflow the stack). A refused packet is a parse error: socket.io closes the connection.
 */
export class JsonDecoder extends Decoder {
  override add(chunk: unknown): void {
    if (typeof chunk !== "string" || chunk[0] === BINARY_EVENT || chunk[0] === BINARY_ACK)
      throw new Error("binary packets are not accepted");
    const start = chunk[0] === EVENT ? chunk.indexOf("[") : -1;
    if (start > 0 && chunk.startsWith('"rpc",', start + 1)) {
      const refused = inputTextRefusal(chunk, ENVELOPE);
      if (refused !== null) {
        // The header (type, namespace, ack id) is decoded as sent, so that the refusal goes to
        // the caller's callback; the arguments are the refusal.
        const packet = (this as unknown as StringDecoding).decodeString(
          `${chunk.slice(0, start)}["rpc"]`,
        );
        this.emitReserved("decoded", { ...packet, data: ["rpc", new TooLarge(refused)] });
        return;
      }
    }
    super.add(chunk);
  }
}

/** The `parser` option of the socket.io `Server`. */
export const jsonParser = { Encoder: JsonEncoder, Decoder: JsonDecoder };

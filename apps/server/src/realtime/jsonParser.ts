import { Decoder, Encoder, type Packet } from "socket.io-parser";

/** The default encoder's text encoding (a method of `Encoder` that its typings keep private). */
type TextEncoding = { encodeAsString(packet: Packet): string };

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
    return [(this as unknown as TextEncoding).encodeAsString(packet)];
  }
}

/** The `parser` option of the socket.io `Server`. */
export const jsonParser = { Encoder: JsonEncoder, Decoder };

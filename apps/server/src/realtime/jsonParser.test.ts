import { Encoder, PacketType, type Packet } from "socket.io-parser";
import { describe, expect, it } from "vitest";
import { JsonEncoder } from "./jsonParser.js";

describe("JsonEncoder", () => {
  it("encodes every JSON packet exactly as socket.io's default encoder does", () => {
    const frame = {
      kind: "delta",
      matchId: "m1",
      version: 12,
      events: [{ version: 12, type: "card.played", data: { seat: 1, card: "H10" }, at: "t" }],
      view: { hand: ["SA", "D7"], pile: null, counts: [3, 4] },
      note: "ümlaut \u2028 \"quoted\"",
    };
    const packets: Packet[] = [
      { type: PacketType.CONNECT, nsp: "/", data: { sid: "abc" } },
      { type: PacketType.EVENT, nsp: "/", data: ["match", frame] },
      { type: PacketType.EVENT, nsp: "/admin", data: ["rpc", { id: 3, result: { data: null } }] },
      { type: PacketType.ACK, nsp: "/", id: 42, data: [{ id: 7, result: { data: frame } }] },
      { type: PacketType.CONNECT_ERROR, nsp: "/", data: { message: "LIMIT" } },
      { type: PacketType.DISCONNECT, nsp: "/" },
    ];
    const ours = new JsonEncoder();
    const theirs = new Encoder();
    for (const packet of packets) expect(ours.encode(packet)).toEqual(theirs.encode(packet));
  });
});

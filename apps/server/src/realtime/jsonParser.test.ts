import { Encoder, PacketType, type Packet } from "socket.io-parser";
import { describe, expect, it } from "vitest";
import { encodeOnce, JsonDecoder, JsonEncoder, keepJson, TooLarge } from "./jsonParser.js";

describe("JsonEncoder", () => {
  it("encodes every JSON packet exactly as socket.io's default encoder does", () => {
    const frame = {
      kind: "delta",
      matchId: "m1",
      version: 12,
      events: [{ version: 12, type: "card.played", data: { seat: 1, card: "H10" }, at: "t" }],
      view: { hand: ["SA", "D7"], pile: null, counts: [3, 4] },
      note: 'ümlaut \u2028 "quoted"',
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

describe("JsonEncoder: a public part encoded once (issue #22)", () => {
  it("writes the same bytes as the default encoder, the public part's text reused", () => {
    const shared = encodeOnce({ kind: "delta", events: [{ data: "ü \u2028" }], view: null });
    const packets: Packet[] = [
      { type: PacketType.EVENT, nsp: "/", data: ["match", { kind: "private", shared }] },
      { type: PacketType.EVENT, nsp: "/admin", data: ["match", { view: [1], shared }] },
      { type: PacketType.EVENT, nsp: "/", data: ["match", { shared }] },
      { type: PacketType.EVENT, nsp: "/", data: ["match", shared] },
    ];
    const ours = new JsonEncoder();
    const theirs = new Encoder();
    for (const packet of packets) expect(ours.encode(packet)).toEqual(theirs.encode(packet));
    // The text is the one made once: a change to the object afterwards is not sent.
    (shared as { view: unknown }).view = "later";
    expect(ours.encode(packets[0]!)[0]).not.toContain("later");
  });
});

describe("JsonEncoder: an rpc answer whose data's text is kept (keepJson)", () => {
  it("writes the same bytes as the default encoder, the data's text made once", () => {
    const list = keepJson(Object.freeze([{ matchId: "m1", name: "Anna \u2028 ü", seats: [1] }]));
    const packets: Packet[] = [
      { type: PacketType.ACK, nsp: "/", id: 42, data: [{ id: 7, result: { data: list } }] },
      { type: PacketType.ACK, nsp: "/", id: 0, data: [{ id: 'x"y', result: { data: list } }] },
      { type: PacketType.ACK, nsp: "/admin", id: 3, data: [{ id: null, result: { data: list } }] },
    ];
    const ours = new JsonEncoder();
    const theirs = new Encoder();
    for (const packet of packets) expect(ours.encode(packet)).toEqual(theirs.encode(packet));
    // Encoded once: what changed in the (test's unfrozen) object afterwards is not sent.
    const loose = keepJson({ n: 1 });
    const answer: Packet = {
      type: PacketType.ACK,
      nsp: "/",
      id: 1,
      data: [{ id: 1, result: { data: loose } }],
    };
    expect(ours.encode(answer)).toEqual(theirs.encode(answer));
    loose.n = 2;
    expect(ours.encode(answer)[0]).toContain('"n":1');
  });

  it("any other answer shape is encoded in full, as by default", () => {
    const list = keepJson(Object.freeze([1, 2]));
    const packets: Packet[] = [
      { type: PacketType.ACK, nsp: "/", id: 1, data: [{ result: { data: list }, id: 1 }] },
      { type: PacketType.ACK, nsp: "/", id: 1, data: [{ id: 1, result: { data: list }, x: 1 }] },
      { type: PacketType.ACK, nsp: "/", id: 1, data: [{ id: 1, result: { data: list, y: 2 } }] },
      { type: PacketType.ACK, nsp: "/", id: 1, data: [{ id: undefined, result: { data: list } }] },
      { type: PacketType.ACK, nsp: "/", id: 1, data: [{ id: 1, result: { data: [1, 2] } }] },
    ];
    const ours = new JsonEncoder();
    const theirs = new Encoder();
    for (const packet of packets) expect(ours.encode(packet)).toEqual(theirs.encode(packet));
  });
});

describe("JsonDecoder (issue #18)", () => {
  const decode = (text: string): Packet[] => {
    const decoder = new JsonDecoder();
    const out: Packet[] = [];
    decoder.on("decoded", (packet: Packet) => out.push(packet));
    decoder.add(text);
    return out;
  };

  it("decodes JSON packets as the default decoder does", () => {
    expect(decode('21["rpc",{"id":1,"path":"variants.list"}]')).toEqual([
      { type: PacketType.EVENT, nsp: "/", id: 1, data: ["rpc", { id: 1, path: "variants.list" }] },
    ]);
  });

  it("turns a too deep or too large rpc into its refusal, for the caller's ack id, unparsed", () => {
    const deep = `27["rpc",{"id":1,"path":"lobby.list","input":${"[".repeat(50_000)}${"]".repeat(50_000)}}]`;
    const [packet] = decode(deep);
    expect(packet).toMatchObject({ type: PacketType.EVENT, nsp: "/", id: 7 });
    const [event, refused] = packet!.data as [string, TooLarge];
    expect(event).toBe("rpc");
    expect(refused).toBeInstanceOf(TooLarge);
    expect(refused.refusal.refusal.code).toBe("INVALID_INPUT");
    const wide = `28["rpc",{"id":1,"path":"lobby.list","input":[${Array(5000).fill(0).join(",")}]}]`;
    expect((decode(wide)[0]!.data as unknown[])[1]).toBeInstanceOf(TooLarge);
  });

  it("refuses binary packets (their default decoding recurses over the payload)", () => {
    expect(() => decode('51-["rpc",{"_placeholder":true,"num":0}]')).toThrow(/binary/);
    expect(() => decode('61-0[{"_placeholder":true,"num":0}]')).toThrow(/binary/);
  });
});

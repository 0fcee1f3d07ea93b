import { describe, expect, it } from "vitest";
import { postgresCounter, redisCounter, type WireCounter } from "./wireCounter.js";

/** Feeds `bytes` in pieces of every size from 1 to 7 bytes. */
function feedInPieces(counter: WireCounter, bytes: Buffer): number {
  for (let at = 0, size = 1; at < bytes.length; at += size, size = (size % 7) + 1)
    counter.feed(bytes.subarray(at, at + size));
  return counter.count;
}

const typed = (type: string, body: string) => {
  const payload = Buffer.from(body);
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(4 + payload.length, 1);
  return Buffer.concat([head, payload]);
};

describe("wire counters of the cluster test", () => {
  it("PostgreSQL: counts simple queries and Syncs after the start-up message", () => {
    const startup = Buffer.alloc(12);
    startup.writeInt32BE(12, 0);
    startup.writeInt32BE(196608, 4);
    const bytes = Buffer.concat([
      startup,
      typed("Q", "SELECT 1\0"),
      typed("P", "\0SELECT $1\0\0\0"),
      typed("B", "\0\0\0\0\0\0\0\0"),
      typed("E", "\0\0\0\0\0"),
      typed("S", ""),
      typed("X", ""),
    ]);
    expect(feedInPieces(postgresCounter(), bytes)).toBe(2);
  });

  it("Redis: counts RESP arrays, bulk strings holding * and CRLF included", () => {
    const command = (...args: string[]) =>
      `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join("")}`;
    const bytes = Buffer.from(
      command("XADD", "s", "*", "data", "*2\r\n$1\r\nx\r\n") + command("PING") + "PING\r\n",
    );
    expect(feedInPieces(redisCounter(), bytes)).toBe(3);
  });
});

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashToken, newSeatToken, TOKEN_HASHES_KEPT, tokenHashesKept } from "./tokens.js";

const sha256 = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

describe("hashToken", () => {
  it("is the token's SHA-256 in hex, the first time and when it is remembered", () => {
    const token = newSeatToken();
    expect(hashToken(token)).toBe(sha256(token));
    expect(hashToken(token)).toBe(sha256(token));
    expect(hashToken("ä-non-ascii")).toBe(sha256("ä-non-ascii"));
  });

  it("remembers at most TOKEN_HASHES_KEPT tokens, however many are sent", () => {
    const first = newSeatToken();
    hashToken(first);
    for (let i = 0; i < TOKEN_HASHES_KEPT * 2; i++) hashToken(`flood-${i}`);
    expect(tokenHashesKept()).toBe(TOKEN_HASHES_KEPT);
    // A forgotten token is hashed again, to the same hash.
    expect(hashToken(first)).toBe(sha256(first));
    expect(tokenHashesKept()).toBe(TOKEN_HASHES_KEPT);
  });
});

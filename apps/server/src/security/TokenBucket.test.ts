import { describe, expect, it } from "vitest";
import { TokenBucket } from "./TokenBucket.js";

describe("TokenBucket", () => {
  it("allows a burst of its capacity, then refills at its rate", () => {
    let now = 0;
    const bucket = new TokenBucket(4, 4, () => now);
    expect([1, 2, 3, 4, 5].map(() => bucket.take())).toEqual([true, true, true, true, false]);
    now += 250;
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    now += 10_000;
    expect([1, 2, 3, 4, 5].map(() => bucket.take())).toEqual([true, true, true, true, false]);
  });
});

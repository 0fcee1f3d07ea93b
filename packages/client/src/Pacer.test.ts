import { afterEach, describe, expect, it, vi } from "vitest";
import { Pacer } from "./Pacer.js";

afterEach(() => vi.useRealTimers());

describe("Pacer", () => {
  it("sends a burst of half the rate, then at 90 % of the rate", async () => {
    vi.useFakeTimers();
    const pacer = new Pacer(20, () => Date.now());
    const sent: number[] = [];
    const start = Date.now();
    const all = Promise.all(
      Array.from({ length: 19 }, () => pacer.take().then(() => sent.push(Date.now() - start))),
    );
    await vi.advanceTimersByTimeAsync(2000);
    await all;
    expect(sent.filter((t) => t === 0)).toHaveLength(10);
    // Nine more at 18 a second: the last one half a second in, never faster.
    expect(sent.at(-1)).toBeGreaterThanOrEqual(500);
    const window = sent.filter((t) => t < 1000).length;
    expect(window).toBeLessThanOrEqual(20);
  });
});

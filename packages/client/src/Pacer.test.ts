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

  it("lets callers through in the order they asked, also while they wait", async () => {
    vi.useFakeTimers();
    let now = 0;
    const pacer = new Pacer(4, () => now);
    const order: number[] = [];
    const all = Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        pacer.take().then(() => {
          order.push(i);
          // A later caller's clock reads later: it must still not overtake.
          now += 7;
        }),
      ),
    );
    for (let step = 0; step < 40; step++) {
      now += 100;
      await vi.advanceTimersByTimeAsync(100);
    }
    await all;
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

import { describe, expect, it } from "vitest";
import { FastRng } from "./rng.js";

describe("FastRng (simulations only)", () => {
  it("is a function of its seed: the same seed gives the same stream, another seed another", () => {
    const take = (seed: number) => {
      const rng = new FastRng(seed);
      return Array.from({ length: 64 }, () => rng.next());
    };
    expect(take(42)).toEqual(take(42));
    expect(take(42)).not.toEqual(take(43));
    const rng = new FastRng(5);
    const first = rng.next();
    rng.reseed(5);
    expect(rng.next()).toBe(first);
  });

  it("below(n) stays in [0, n) and reaches every value about equally often", () => {
    const rng = new FastRng(2026);
    const n = 7;
    const counts = new Array<number>(n).fill(0);
    const draws = 70_000;
    const outside: number[] = [];
    for (let i = 0; i < draws; i++) {
      const x = rng.below(n);
      if (!(Number.isInteger(x) && x >= 0 && x < n)) outside.push(x);
      else counts[x]!++;
    }
    // One assertion for all draws: 70,000 expect() calls took seconds on a loaded machine.
    expect(outside).toEqual([]);
    // chi-square with 6 degrees of freedom: 22.46 is the 0.1 % point
    const chi = counts.reduce((sum, k) => sum + (k - draws / n) ** 2 / (draws / n), 0);
    expect(chi).toBeLessThan(22.46);
  });

  it("random() is in [0, 1)", () => {
    const rng = new FastRng(0);
    const outside: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      const x = rng.random();
      if (!(x >= 0 && x < 1)) outside.push(x);
    }
    expect(outside).toEqual([]);
  });
});

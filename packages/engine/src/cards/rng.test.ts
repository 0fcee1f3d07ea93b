import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BAVARIAN_32 } from "./decks.js";
import { createRng, isSeed, seededShuffle, shuffle } from "./rng.js";

/** The generator's first two 32-bit words, rebuilt with node:crypto from its definition. */
function firstNumber(seed: string, stream: number): number {
  const key = createHash("sha256").update(`maumau/rng/v1\u0000${seed}`, "utf8").digest();
  const input = Buffer.alloc(44);
  key.copy(input, 0);
  input.writeUInt32BE(Math.floor(stream / 0x100000000), 32);
  input.writeUInt32BE(stream >>> 0, 36);
  input.writeUInt32BE(0, 40);
  const block = createHash("sha256").update(input).digest();
  return ((block.readUInt32BE(0) >>> 5) * 0x4000000 + (block.readUInt32BE(4) >>> 6)) / 2 ** 53;
}

describe("issue #12: the shuffle generator cannot be run backwards", () => {
  it("is SHA-256 in counter mode under a key hashed from the seed", () => {
    for (const [seed, stream] of [
      ["kQ3v0m9XcZ0l8d2JtB5yq1hW7uUe4rNsGfAaPpLxYiE", 1000],
      ["7", 0],
      ["x", 2 ** 40 + 3],
    ] as const)
      expect(createRng(seed, stream)(), `${seed}/${stream}`).toBe(firstNumber(seed, stream));
  });

  it("reads a numeric seed as its decimal string, so scripts and simulations keep theirs", () => {
    const a = createRng(2026, 5);
    const b = createRng("2026", 5);
    for (let i = 0; i < 20; i++) expect(a()).toBe(b());
    expect(seededShuffle(BAVARIAN_32.cards, 7, 1, 0)).toEqual(
      seededShuffle(BAVARIAN_32.cards, "7", 1, 0),
    );
  });

  it("gives another stream for another seed or stream number, and stays in [0, 1)", () => {
    const draws = (seed: string, stream: number) => {
      const random = createRng(seed, stream);
      return Array.from({ length: 64 }, () => random());
    };
    const base = draws("seed", 1);
    expect(draws("seed", 2)).not.toEqual(base);
    expect(draws("seee", 1)).not.toEqual(base);
    expect(draws("seed", 1)).toEqual(base);
    for (const x of base) expect(x >= 0 && x < 1).toBe(true);
  });

  it("shuffles evenly: every card lands in every position about as often", () => {
    const counts = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
    const cards = BAVARIAN_32.cards.slice(0, 8);
    const random = createRng("evenness", 0);
    const runs = 16_000;
    for (let i = 0; i < runs; i++)
      shuffle(cards, random).forEach((card, at) => counts[cards.indexOf(card)]![at]!++);
    for (const row of counts)
      for (const n of row) expect(Math.abs(n - runs / 8)).toBeLessThan(runs / 8 / 5);
  });

  it("accepts a seed of 1–256 characters or a safe integer", () => {
    for (const ok of ["a", "x".repeat(256), 0, 7, -3, Number.MAX_SAFE_INTEGER])
      expect(isSeed(ok)).toBe(true);
    for (const bad of ["", "x".repeat(257), 1.5, NaN, 2 ** 53, null, undefined, {}])
      expect(isSeed(bad)).toBe(false);
  });
});

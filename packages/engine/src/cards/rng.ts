import type { CardCode } from "./codes.js";

/**
 * A small, fast seeded generator (sfc32). The engine never calls Math.random: every random
 * outcome is derived from a seed and a stream number, and its result is written into the
 * event log, so a replay needs no generator at all.
 */
export function createRng(seed: number, stream = 0): () => number {
  let a = 0x9e3779b9 ^ (seed >>> 0);
  let b = 0x243f6a88 ^ Math.imul(stream >>> 0, 0x85ebca6b);
  let c = 0xb7e15162 ^ ((seed / 0x100000000) >>> 0);
  let d = 1;
  const next = (): number => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** Fisher–Yates with the given generator; returns a new array. */
export function shuffle(cards: readonly CardCode[], random: () => number): CardCode[] {
  const out = cards.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const tmp = out[i]!;
    out[i] = out[j]!;
    out[j] = tmp;
  }
  return out;
}

/** A deterministic shuffle: game `game`'s `n`-th shuffle under `seed`. */
export function seededShuffle(
  cards: readonly CardCode[],
  seed: number,
  game: number,
  n: number,
): CardCode[] {
  return shuffle(cards, createRng(seed, game * 1000 + n));
}

/** A fresh 31-bit seed from a caller-supplied source of randomness (I/O lives outside). */
export const seedFrom = (random: () => number): number => Math.floor(random() * 0x7fffffff);

import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import type { CardCode } from "./codes.js";

/**
 * A match's seed. The server draws 256 bits from node:crypto (a base64url string); rule
 * scripts, tests and simulations may give a number, which is read as `String(seed)`.
 */
export type Seed = string | number;

/** A seed the engine accepts: a non-empty string of at most 256 characters, or a safe integer. */
export const isSeed = (seed: unknown): seed is Seed =>
  typeof seed === "string"
    ? seed.length >= 1 && seed.length <= 256
    : typeof seed === "number" && Number.isSafeInteger(seed);

const KEY_DOMAIN = "maumau/rng/v1\u0000";

/**
 * A seeded generator that cannot be run backwards: SHA-256 in counter mode under a key hashed
 * from the seed (block i = SHA-256(key ‖ stream ‖ i)). Seeing any number of its outputs (a
 * player's own hand, a public reshuffle) tells nothing about the seed or other streams short
 * of breaking SHA-256. The engine never calls Math.random: every random outcome is derived
 * from a seed and a stream number, and its result is written into the event log, so a replay
 * needs no generator at all.
 */
export function createRng(seed: Seed, stream = 0): () => number {
  const key = sha256(utf8ToBytes(KEY_DOMAIN + String(seed)));
  const input = new Uint8Array(44);
  input.set(key, 0);
  const view = new DataView(input.buffer);
  view.setUint32(32, Math.floor(stream / 0x100000000) >>> 0);
  view.setUint32(36, stream >>> 0);
  let counter = 0;
  let block = new DataView(new ArrayBuffer(0));
  let word = 8;
  const nextWord = (): number => {
    if (word === 8) {
      view.setUint32(40, counter++);
      const out = sha256(input);
      block = new DataView(out.buffer, out.byteOffset, out.byteLength);
      word = 0;
    }
    return block.getUint32(4 * word++);
  };
  // 53 random bits per number, so `Math.floor(random() * n)` is as even as a double allows.
  return () => ((nextWord() >>> 5) * 0x4000000 + (nextWord() >>> 6)) / 0x20000000000000;
}

/**
 * Game `game`'s commitment to the seed: hex SHA-256 of a per-game key. It is published when
 * the game starts (in `game.started`, for every viewer); once the match is over the log reveals
 * the seed, and anyone can check the commitment and rebuild every shuffle from it.
 */
export const commitmentOf = (seed: Seed, game: number): string =>
  bytesToHex(sha256(utf8ToBytes(`maumau/commit/v1\u0000${String(seed)}\u0000${game}`)));

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
  seed: Seed,
  game: number,
  n: number,
): CardCode[] {
  return shuffle(cards, createRng(seed, game * 1000 + n));
}

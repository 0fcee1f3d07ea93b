/**
 * xoshiro128** (Blackman & Vigna): a small, fast, seeded generator for simulations only.
 * Playouts are what-ifs a bot imagines, never a shuffle of record: every real shuffle of a
 * match comes from `createRng` (SHA-256 counter mode) and is written into the log.
 */
export class FastRng {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  constructor(seed: number) {
    this.reseed(seed);
  }

  /** Restarts the stream from `seed` (any safe integer); splitmix32 spreads it over the state. */
  reseed(seed: number): void {
    let s = (seed ^ Math.floor(seed / 0x100000000)) >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  /** The next 32 random bits as an unsigned integer. */
  next(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** An integer in [0, n) for 0 < n ≤ 2^21 (bias below 2^-11, irrelevant for playouts). */
  below(n: number): number {
    return Math.floor((this.next() * n) / 0x100000000);
  }

  /** A number in [0, 1), for callers that take a `() => number` generator. */
  random(): number {
    return this.next() / 0x100000000;
  }
}

const rotl = (x: number, k: number): number => (x << k) | (x >>> (32 - k));

import type { IncomingMessage } from "node:http";
import { TokenBucket } from "./TokenBucket.js";

/**
 * Who a request comes from, for per-client limits: the peer address, or the first address of
 * X-Forwarded-For when the server sits behind a proxy that sets it (`TRUST_PROXY`).
 */
export function clientOf(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    if (first) return normalise(first);
  }
  return normalise(req.socket.remoteAddress ?? "unknown");
}

/**
 * One key per client: an IPv4 peer on a dual-stack socket (::ffff:1.2.3.4) is its IPv4
 * address; an IPv6 peer is its /64 network, which a single host or home is given whole (a
 * client that picked a new address in it for every connection would otherwise be a new client
 * each time).
 */
function normalise(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  if (!plain.includes(":")) return plain;
  const groups = ipv6Groups(plain);
  return groups === null ? plain : `${groups.slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (hex, no leading zeros), or null if it is none. */
function ipv6Groups(address: string): string[] | null {
  let text = address.replace(/%.*$/, "").toLowerCase();
  // An embedded IPv4 address (64:ff9b::1.2.3.4) as its two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4 !== null) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] === "" ? [] : halves[0]!.split(":");
  const tail = halves.length === 2 && halves[1] !== "" ? halves[1]!.split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16).toString(16));
}

/** One token bucket per client, forgotten once idle (so that the map cannot grow without end). */
export class ClientLimiter {
  private readonly buckets = new Map<string, { bucket: TokenBucket; used: number }>();
  private calls = 0;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number = ratePerSecond * 2,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** False when this client is over its rate. */
  take(client: string): boolean {
    const now = this.now();
    let entry = this.buckets.get(client);
    if (entry === undefined) {
      entry = { bucket: new TokenBucket(this.ratePerSecond, this.burst, this.now), used: now };
      this.buckets.set(client, entry);
    }
    entry.used = now;
    if (++this.calls % 1024 === 0) this.prune(now);
    return entry.bucket.take();
  }

  get size(): number {
    return this.buckets.size;
  }

  /** A bucket idle long enough to be full again is the same as a new one: drop it. */
  private prune(now: number): void {
    const full = (this.burst / this.ratePerSecond) * 1000;
    for (const [client, entry] of this.buckets)
      if (now - entry.used > full) this.buckets.delete(client);
  }
}

/** Open connections per client, capped. */
export class ConnectionCounter {
  private readonly open = new Map<string, number>();
  constructor(readonly max: number) {}

  /** Counts one more for the client, or false (nothing counted) when it is at the cap. */
  acquire(client: string): boolean {
    const n = this.open.get(client) ?? 0;
    if (n >= this.max) return false;
    this.open.set(client, n + 1);
    return true;
  }

  release(client: string): void {
    const n = (this.open.get(client) ?? 1) - 1;
    if (n <= 0) this.open.delete(client);
    else this.open.set(client, n);
  }
}

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

// An IPv4 peer on a dual-stack socket shows as ::ffff:1.2.3.4; one client, one key.
const normalise = (address: string): string => address.replace(/^::ffff:/i, "");

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

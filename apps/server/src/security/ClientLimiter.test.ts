import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientOf, ClientLimiter, ConnectionCounter } from "./ClientLimiter.js";

const req = (remoteAddress: string, forwarded?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded },
  }) as unknown as IncomingMessage;

describe("clientOf", () => {
  it("is the peer address; X-Forwarded-For only when the proxy is trusted", () => {
    expect(clientOf(req("::ffff:10.0.0.1"), false)).toBe("10.0.0.1");
    expect(clientOf(req("10.0.0.1", "1.2.3.4, 10.0.0.1"), false)).toBe("10.0.0.1");
    expect(clientOf(req("10.0.0.1", "1.2.3.4, 10.0.0.1"), true)).toBe("1.2.3.4");
  });
});

describe("ClientLimiter", () => {
  it("gives each client its own bucket, refills it, and forgets idle clients", () => {
    let now = 0;
    const limiter = new ClientLimiter(10, 20, () => now);
    for (let i = 0; i < 20; i++) expect(limiter.take("a")).toBe(true);
    expect(limiter.take("a")).toBe(false);
    expect(limiter.take("b")).toBe(true);
    now += 1000;
    for (let i = 0; i < 10; i++) expect(limiter.take("a")).toBe(true);
    expect(limiter.take("a")).toBe(false);
    now += 10_000;
    for (let i = 0; i < 2048; i++) limiter.take(`c${i % 2}`);
    expect(limiter.size).toBe(2);
  });
});

describe("ConnectionCounter", () => {
  it("caps connections per client and frees them again", () => {
    const counter = new ConnectionCounter(2);
    expect(counter.acquire("a")).toBe(true);
    expect(counter.acquire("a")).toBe(true);
    expect(counter.acquire("a")).toBe(false);
    expect(counter.acquire("b")).toBe(true);
    counter.release("a");
    expect(counter.acquire("a")).toBe(true);
  });
});

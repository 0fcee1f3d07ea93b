import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientOf, ClientLimiter, ConnectionCounter } from "./ClientLimiter.js";

const req = (remoteAddress: string, forwarded?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded },
  }) as unknown as IncomingMessage;

describe("clientOf", () => {
  it("takes an IPv6 peer's /64 network as the client: a new address in it is no new client", () => {
    const of = (address: string) => clientOf(req(address), false);
    expect(of("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(of("2001:0db8:0001:0002:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(of("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(of("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(of("::1")).toBe("0:0:0:0::/64");
    expect(of("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    // IPv4, plain or on a dual-stack socket, stays the address.
    expect(of("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientOf(req("10.0.0.1", "2001:db8:9:9::5"), true)).toBe("2001:db8:9:9::/64");
  });

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

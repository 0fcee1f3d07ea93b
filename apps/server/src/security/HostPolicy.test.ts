import { describe, expect, it } from "vitest";
import { HostPolicy } from "./HostPolicy.js";

const req = (host: string | undefined) => ({ headers: host === undefined ? {} : { host } });

describe("HostPolicy (issue #18.7: DNS rebinding)", () => {
  const policy = new HostPolicy(["games.lan"], "https://mau.example");

  it("allows loopback names, IP addresses, the public origin's host and the allow-list", () => {
    for (const host of [
      "localhost",
      "LOCALHOST:3000",
      "localhost.:3000",
      "app.localhost:5173",
      "127.0.0.1:3000",
      "[::1]:3000",
      "10.0.0.7",
      "mau.example",
      "Mau.Example:443",
      "games.lan:3000",
    ])
      expect(policy.allows(req(host)), host).toBe(true);
    expect(policy.allows(req(undefined))).toBe(true);
  });

  it("refuses other names and garbage", () => {
    for (const host of [
      "evil.example",
      "evil.example:3000",
      "localhost.evil.example",
      "mau.example.evil.example",
      "127.0.0.1.evil.example",
      "",
      "localhost/x@evil.example",
      "a b",
    ])
      expect(policy.allows(req(host)), host).toBe(false);
  });

  it("* allows any host", () => {
    expect(new HostPolicy(["*"], null).allows(req("evil.example"))).toBe(true);
  });
});

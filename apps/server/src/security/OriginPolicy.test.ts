import { describe, expect, it } from "vitest";
import { OriginPolicy } from "./OriginPolicy.js";

const req = (origin: string | undefined, host = "game.example:3000") => ({
  headers: origin === undefined ? { host } : { host, origin },
});

describe("OriginPolicy", () => {
  const policy = new OriginPolicy(["https://friends.example"], ["https://app.example"]);

  it("allows requests without an Origin (non-browser clients)", () => {
    expect(policy.allows(req(undefined))).toBe(true);
  });

  it("allows the same origin, the allow-list and the CORS list", () => {
    expect(policy.allows(req("http://game.example:3000"))).toBe(true);
    expect(policy.allows(req("https://game.example:3000"))).toBe(true);
    expect(policy.allows(req("https://friends.example"))).toBe(true);
    expect(policy.allows(req("https://app.example"))).toBe(true);
  });

  it("refuses other origins, opaque ones and garbage", () => {
    expect(policy.allows(req("https://evil.example"))).toBe(false);
    expect(policy.allows(req("http://game.example:3001"))).toBe(false);
    expect(policy.allows(req("null"))).toBe(false);
    expect(policy.allows(req("not a url"))).toBe(false);
  });

  it("names CORS origins only", () => {
    expect(policy.corsOrigin(req("https://app.example"))).toBe("https://app.example");
    expect(policy.corsOrigin(req("https://friends.example"))).toBeNull();
    expect(new OriginPolicy([], []).corsEnabled).toBe(false);
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLASSIC_BRANCHES, PLAYED_EFFECT, STARTER_EFFECT } from "./branches.js";

describe("CLASSIC_BRANCHES lists every rule branch decide marks", () => {
  it("the ids of decide.ts and the list are the same", () => {
    const source = readFileSync(new URL("./decide.ts", import.meta.url), "utf8");
    const literal = [...source.matchAll(/ruleBranch\("decide", "([^"]+)"\)/g)].map((m) => m[1]!);
    expect(source).toContain('ruleBranch("decide", PLAYED_EFFECT[effect.kind])');
    expect(source).toContain('ruleBranch("decide", STARTER_EFFECT[effect.kind])');
    const marked = new Set([
      ...literal,
      ...Object.values(PLAYED_EFFECT),
      ...Object.values(STARTER_EFFECT),
    ]);
    expect([...marked].sort()).toEqual(Object.keys(CLASSIC_BRANCHES).sort());
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { haproxyConfig } from "./cluster.js";

const deployDoc = new URL("../../../../docs/deploy.md", import.meta.url);

describe("docs/deploy.md", () => {
  it("shows the HAProxy configuration the cluster test runs", () => {
    const doc = readFileSync(deployDoc, "utf8");
    const block = /```haproxy\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(block, "a ```haproxy block in docs/deploy.md").toBeDefined();
    const config = haproxyConfig({
      bind: "10.213.x.1:8080",
      hosts: [1, 2, 3].map((i) => ({ name: `h${i}`, address: `10.213.x.1${i}:3000` })),
    });
    expect(block!.trim()).toBe(config.trim());
  });
});

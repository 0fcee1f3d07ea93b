import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError } from "../args.js";
import { configDir, SeatStore } from "./seatStore.js";
import { onlineServer, resolveTarget, shareLink } from "./target.js";
import { langOf } from "./texts.js";

describe("--server and --match: ids and the web's share links", () => {
  it.each([
    ["http://host:3000", undefined, { server: "http://host:3000", matchId: null }],
    ["http://host:3000/", "Ab3_dE-f", { server: "http://host:3000", matchId: "Ab3_dE-f" }],
    [
      "http://host:3000/m/Ab3dEf?join",
      undefined,
      { server: "http://host:3000", matchId: "Ab3dEf" },
    ],
    [
      "http://host:3000",
      "http://host:3000/m/Ab3dEf?join",
      { server: "http://host:3000", matchId: "Ab3dEf" },
    ],
    ["https://x.org/maumau/m/Zz", undefined, { server: "https://x.org/maumau", matchId: "Zz" }],
  ])("%s %s", (server, match, expected) => {
    expect(resolveTarget(server, match)).toEqual(expected);
  });

  it.each([
    ["localhost:3000", undefined],
    ["ftp://host", undefined],
    ["http://host:3000", "not an id!"],
    ["http://host:3000", "http://other:3000/m/Ab3dEf?join"],
    ["http://host:3000/m/One", "Two"],
  ])("refuses %s %s with a usage error", (server, match) => {
    expect(() => resolveTarget(server, match)).toThrow(UsageError);
  });

  it("makes the share link the web makes", () => {
    expect(shareLink("http://host:3000", "Ab3dEf")).toBe("http://host:3000/m/Ab3dEf?join");
  });
});

describe("seat tokens in the config directory", () => {
  it("uses XDG_CONFIG_HOME, else ~/.config", () => {
    expect(configDir({ XDG_CONFIG_HOME: "/x" })).toBe("/x/maumau");
    expect(configDir({})).toMatch(/\.config\/maumau$/);
  });

  it("keeps, finds and forgets a seat; the file is 0600 in a 0700 directory", () => {
    const dir = mkdtempSync(join(tmpdir(), "maumau-seats-"));
    try {
      const store = new SeatStore(join(dir, "maumau"));
      expect(store.get("http://h", "m1")).toBeNull();
      store.keep({ server: "http://h", matchId: "m1", seat: 2, token: "t".repeat(43) });
      expect(store.get("http://h", "m1")).toMatchObject({ seat: 2, token: "t".repeat(43) });
      expect(store.get("http://other", "m1")).toBeNull();
      expect(statSync(store.file).mode & 0o777).toBe(0o600);
      expect(statSync(store.dir).mode & 0o777).toBe(0o700);
      store.name = "Ann";
      expect(store.name).toBe("Ann");
      store.forget("http://h", "m1");
      expect(store.get("http://h", "m1")).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("language", () => {
  it("--lang wins, else LC_ALL, LC_MESSAGES, LANG; German for de…", () => {
    expect(langOf("en", { LANG: "de_DE.UTF-8" })).toBe("en");
    expect(langOf(undefined, { LANG: "de_DE.UTF-8" })).toBe("de");
    expect(langOf(undefined, { LC_ALL: "en_US.UTF-8", LANG: "de_DE.UTF-8" })).toBe("en");
    expect(langOf(undefined, {})).toBe("en");
  });
});

describe("onlineServer: a share link pasted as --match alone plays online", () => {
  it("takes the server from the link, keeps --server when given, and wants --server for a bare id", () => {
    expect(onlineServer(undefined, "http://h:3000/m/AbCdEf123456?join")).toBe(
      "http://h:3000/m/AbCdEf123456?join",
    );
    expect(onlineServer("http://h:3000", "AbCdEf123456")).toBe("http://h:3000");
    expect(onlineServer(undefined, undefined)).toBeUndefined();
    expect(() => onlineServer(undefined, "AbCdEf123456")).toThrow(/--server/);
  });
});

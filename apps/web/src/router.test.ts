import { describe, expect, it } from "vitest";
import { parseRoute, paths } from "./router";

describe("routes: every screen has its own URL", () => {
  it("reads the lobby, rule books, a rule and matches", () => {
    expect(parseRoute("/")).toEqual({ page: "lobby" });
    expect(parseRoute("/rules")).toEqual({ page: "rules", variant: null, rule: null });
    expect(parseRoute("/rules/noris", "", "#N-4.2")).toEqual({
      page: "rules",
      variant: "noris",
      rule: "N-4.2",
    });
    expect(parseRoute("/m/AbCdEf123456")).toEqual({
      page: "match",
      matchId: "AbCdEf123456",
      join: false,
    });
    expect(parseRoute("/m/AbCdEf123456", "?join")).toMatchObject({ join: true });
  });

  it("reads replays, with the move a link points at", () => {
    expect(parseRoute("/replays")).toEqual({ page: "replays" });
    expect(parseRoute("/replay/AbCdEf123456", "?at=17")).toEqual({
      page: "replay",
      matchId: "AbCdEf123456",
      at: 17,
      room: null,
      together: false,
    });
    expect(parseRoute("/replay/AbCdEf123456", "?room=Rm_1-x")).toMatchObject({ room: "Rm_1-x" });
    expect(parseRoute("/replay/AbCdEf123456", "?room=<b>")).toMatchObject({ room: null });
    expect(parseRoute("/replay/AbCdEf123456", "?together")).toMatchObject({ together: true });
    expect(paths.replayRoom("AbCdEf123456", "Rm1")).toBe("/replay/AbCdEf123456?room=Rm1");
    expect(parseRoute("/replay/AbCdEf123456", "?at=x")).toMatchObject({ at: null });
    expect(paths.replay("AbCdEf123456", 3)).toBe("/replay/AbCdEf123456?at=3");
  });

  it("answers not found for anything else, and for ids that cannot be match ids", () => {
    expect(parseRoute("/nowhere").page).toBe("notFound");
    expect(parseRoute("/m/a b").page).toBe("notFound");
    expect(parseRoute("/m/abc/def").page).toBe("notFound");
    expect(parseRoute("/m/%E0%A4%A").page).toBe("notFound");
  });

  it("builds the paths it reads", () => {
    expect(parseRoute(paths.rules("bavarian", "B-2.2").split("#")[0]!, "", "#B-2.2")).toEqual({
      page: "rules",
      variant: "bavarian",
      rule: "B-2.2",
    });
    const join = new URL(paths.join("AbCdEf123456"), "http://x");
    expect(parseRoute(join.pathname, join.search)).toMatchObject({ page: "match", join: true });
  });
});

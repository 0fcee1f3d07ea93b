import { describe, expect, it } from "vitest";
import { withCalls, withoutCalls, type PlayCommand } from "./withCalls.js";

const legal: PlayCommand = { type: "playCard", seat: 1, card: "red/7", mau: true, mauMau: true };

describe("the calls on a legal play (N-5)", () => {
  it("strips the calls a legal move carries: they are the player's to make", () => {
    expect(withoutCalls(legal)).toEqual({ type: "playCard", seat: 1, card: "red/7" });
  });

  it("adds only the calls the player made", () => {
    expect(withCalls(legal, { mau: true, mauMau: false })).toEqual({
      type: "playCard",
      seat: 1,
      card: "red/7",
      mau: true,
    });
    expect(withCalls(legal, null)).toEqual(withoutCalls(legal));
  });
});

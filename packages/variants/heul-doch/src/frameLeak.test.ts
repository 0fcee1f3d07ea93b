import { isRefusal, openMatch, viewHeulDoch, type HeulDochState } from "@maumau/engine";
import { heulDochFrameLeak } from "@maumau/engine/testing/leaks";
import { describe, expect, it } from "vitest";
import { heulDoch } from "./index.js";

// The server's soak test checks every frame with `heulDochFrameLeak`: another seat's hand must
// not be in it, but with two copies of every card the viewer's own hand can be the same list.
describe("the frame check for another seat's hand", () => {
  const events = openMatch(heulDoch, { players: 3, options: { specials: true }, seed: 7 });
  if (isRefusal(events)) throw new Error(events.code);
  const dealt = heulDoch.engine.replay(events) as HeulDochState;
  // Seat 0 holds the same two cards as seat 1 (a late game, two copies of each card).
  const pair = dealt.hands[1]!.slice(0, 2);
  const state: HeulDochState = { ...dealt, hands: [pair, pair, dealt.hands[2]!] };
  const frameOf = (extra: object = {}) => ({
    kind: "events",
    events: [],
    snapshot: { view: viewHeulDoch(state, 1), legal: [], ...extra },
  });

  it("lets the viewer's own hand be the same list as another seat's", () => {
    expect(heulDochFrameLeak(frameOf(), state, 1)).toBeNull();
  });

  it("finds that list once more than what the viewer may see shows it", () => {
    expect(heulDochFrameLeak(frameOf({ debug: state.hands[0] }), state, 1)).toBe(
      "contains seat 0's hand",
    );
    // A spectator may see neither.
    expect(heulDochFrameLeak(frameOf(), state, "spectator")).toBe("contains seat 0's hand");
  });
});

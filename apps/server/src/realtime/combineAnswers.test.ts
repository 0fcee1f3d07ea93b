import { describe, expect, it } from "vitest";
import { combineAnswers } from "./presenceProbes.js";

describe("combineAnswers (what the other processes know of a seat's owner)", () => {
  it("is connected if any process has a socket, and takes the latest HTTP sighting", () => {
    expect(
      combineAnswers([
        { connected: false, seenMsAgo: 900 },
        { connected: false, seenMsAgo: 40 },
        { connected: true, seenMsAgo: null },
      ]),
    ).toEqual({ connected: true, seenMsAgo: 40 });
  });

  it("knows nothing from no answers, a timeout's partial list, or malformed answers", () => {
    expect(combineAnswers([])).toEqual({ connected: false, seenMsAgo: null });
    expect(combineAnswers(undefined)).toEqual({ connected: false, seenMsAgo: null });
    expect(
      combineAnswers([{ connected: "yes" }, null, { connected: false, seenMsAgo: -5 }, 7]),
    ).toEqual({ connected: false, seenMsAgo: null });
  });
});

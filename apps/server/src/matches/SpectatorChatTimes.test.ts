import { describe, expect, it } from "vitest";
import { SpectatorChatTimes } from "./SpectatorChatTimes.js";

describe("SpectatorChatTimes", () => {
  it("keeps each client's times per match, and gives one back", () => {
    const times = new SpectatorChatTimes(10_000);
    times.add("m1", "10.0.0.1", 1_000);
    times.add("m1", "10.0.0.1", 2_000);
    times.add("m2", "10.0.0.1", 2_000);
    expect(times.of("m1", "10.0.0.1")).toEqual([1_000, 2_000]);
    expect(times.of("m1", "10.0.0.2")).toEqual([]);
    times.remove("m1", "10.0.0.1", 2_000);
    expect(times.of("m1", "10.0.0.1")).toEqual([1_000]);
    expect(times.of("m2", "10.0.0.1")).toEqual([2_000]);
    times.remove("m2", "10.0.0.1", 2_000);
    expect(times.size).toBe(1);
  });

  it("forgets the budgets whose window has passed, so that the map cannot grow without end", () => {
    const times = new SpectatorChatTimes(10_000);
    for (let i = 0; i < 5_000; i++) times.add("m", `10.0.${i >> 8}.${i & 255}`, i * 100);
    // The sweeps ran at the 1024th, 2048th, … line: what was older than the window then went.
    expect(times.size).toBeLessThan(1_024 + 100);
    expect(times.of("m", "10.0.0.0")).toEqual([]);
    expect(times.of("m", "10.0.19.135")).toEqual([4_999 * 100]);
  });
});

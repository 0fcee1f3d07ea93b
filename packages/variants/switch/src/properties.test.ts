import { classicLeaks } from "@maumau/engine/testing/leaks";
import { checkProperties } from "@maumau/engine/testing/properties";
import { describe, expect, it } from "vitest";
import { switchGame } from "./index.js";

describe("switch: properties over 1,000 random bot games", () => {
  it("faulty commands refused without a change, legal moves accepted, replay = live, machine = decide, cards conserved, views and events hide secrets, every game ends", () => {
    expect(checkProperties(switchGame, classicLeaks)).toBe(1000);
  }, 600_000);
});

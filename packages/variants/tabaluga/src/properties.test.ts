import { checkClassicProperties } from "@maumau/engine/testing/properties";
import { describe, expect, it } from "vitest";
import { tabaluga } from "./index.js";

describe("tabaluga: properties over 1,000 random bot games", () => {
  it("replay = live, actor = decider, cards conserved, views and events hide secrets, every game ends", () => {
    expect(checkClassicProperties(tabaluga)).toBe(1000);
  }, 600_000);
});

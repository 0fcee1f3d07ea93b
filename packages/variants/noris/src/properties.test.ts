import { checkClassicProperties } from "@maumau/engine/testing/properties";
import { describe, expect, it } from "vitest";
import { noris } from "./index.js";

describe("noris: properties over 1,000 random bot games", () => {
  it("replay = live, actor = decider, cards conserved, views and events hide secrets, every game ends", () => {
    expect(checkClassicProperties(noris)).toBe(1000);
  }, 600_000);
});

import { variants } from "@maumau/registry";
import { describe, expect, it } from "vitest";
import { describeVariant } from "../app.js";
import type { MatchService } from "../matches/MatchService.js";
import type { ReplayRooms } from "../replays/ReplayRooms.js";
import { appRouter } from "./appRouter.js";

const caller = appRouter.createCaller({
  // variants.list reads no match: a service that is never called.
  service: undefined as unknown as MatchService,
  replayRooms: undefined as unknown as ReplayRooms,
  transport: "http",
  client: "127.0.0.1",
  socket: null,
  http: { method: "GET", seatToken: null },
});

describe("variants.list", () => {
  it("describes every variant with its options' JSON Schema", async () => {
    expect(await caller.variants.list()).toEqual(variants.map(describeVariant));
  });

  it("describes them once, not again per request (the schemas cost CPU per call)", async () => {
    const first = await caller.variants.list();
    const second = await caller.variants.list();
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });
});

import {
  createRng,
  GameDriver,
  heulDochPredicates,
  isRefusal,
  pileHints,
  type HeulDochState,
  type HeulDochView,
} from "@maumau/engine";
import { describe, expect, it } from "vitest";
import { heulDoch } from "./index.js";

const key = (p: { to: number; faceDown: boolean }) => `${p.to}:${p.faceDown ? "down" : "up"}`;

describe("H-3 pile hints for newcomers (engine pileHints)", () => {
  it("H-3.1–H-3.4 the hints allow exactly the piles the referee allows, from the seat's own view", () => {
    for (const players of [3, 4, 6]) {
      const driver = GameDriver.open(heulDoch, {
        players,
        options: { specials: true },
        seed: players,
      });
      if (isRefusal(driver)) throw new Error("cannot open");
      const random = createRng(players);
      let checked = 0;
      for (let step = 0; step < 200 && driver.progress().toAct !== null; step++) {
        const seat = driver.progress().toAct!;
        const state = driver.state as HeulDochState;
        const view = driver.view(seat) as HeulDochView;
        for (const card of new Set(view.hand ?? [])) {
          const hints = pileHints(
            players,
            view.piles.map((p) => p.top),
            seat,
            card,
          );
          const allowed = hints
            .filter((h) => h.allowed)
            .map(key)
            .sort();
          const referee = heulDochPredicates.placements(state, seat, card).map(key).sort();
          expect(allowed, `${card} from seat ${seat}`).toEqual(referee);
          checked++;
        }
        const r = driver.dispatch(driver.botMove(seat, "random", random));
        if (!r.ok) throw new Error("bot refused");
      }
      expect(checked).toBeGreaterThan(50);
    }
  });

  it("H-3.2 a card that fits a neighbour must go there (or face down), with the rule", () => {
    const hints = pileHints(
      3,
      [
        { card: "red/3", faceDown: false },
        { card: "blue/4", faceDown: false },
        { card: "green/6", faceDown: false },
      ],
      0,
      "blue/6",
    );
    expect(hints.find((h) => h.to === 1)).toMatchObject({
      allowed: true,
      reason: "fitsNeighbour",
      must: true,
      top: "blue/4",
    });
    expect(hints.find((h) => h.to === 0 && !h.faceDown)).toMatchObject({
      allowed: false,
      reason: "givesAway",
      rule: "H-3.2",
    });
    expect(hints.find((h) => h.to === 0 && h.faceDown)).toMatchObject({
      allowed: true,
      reason: "onion",
    });
  });

  it("H-3.3/H-3.4 an onion takes nothing from a neighbour; a far pile never counts", () => {
    const hints = pileHints(
      4,
      [
        null,
        { card: null, faceDown: true },
        { card: "blue/4", faceDown: false },
        { card: "red/2", faceDown: false },
      ],
      0,
      "blue/2",
    );
    expect(hints.find((h) => h.to === 1)).toMatchObject({
      allowed: false,
      reason: "closed",
      rule: "H-3.3",
    });
    expect(hints.find((h) => h.to === 2)).toMatchObject({
      allowed: false,
      reason: "notNeighbour",
      rule: "H-3.4",
    });
    expect(hints.find((h) => h.to === 3)).toMatchObject({ allowed: true, reason: "fitsNeighbour" });
  });
});

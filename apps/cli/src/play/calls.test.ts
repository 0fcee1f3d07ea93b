import { createRng, GameDriver, isRefusal, parseCard, type BotLevel } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { describe, expect, it } from "vitest";
import { viewOf } from "../families/index.js";

/**
 * Every play of bot matches of `id`, with the calls made and the hand it left: the calls a bot
 * says are the ones the variant has, where they apply (#20.11).
 */
function botPlays(id: string, level: BotLevel, seeds: number) {
  const plays: { card: string; mau: boolean; mauMau: boolean; left: number }[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const driver = GameDriver.open(findVariant(id)!, { players: 3, options: {}, seed }, "machine");
    if (isRefusal(driver)) throw new Error(driver.message.en);
    const random = createRng(seed, 7);
    for (let p = driver.progress(), n = 0; p.status !== "matchOver" && n < 5000; n++) {
      const seat = p.toAct;
      if (seat === null) {
        driver.dispatch({ type: "startNextGame" });
        p = driver.progress();
        continue;
      }
      const before = viewOf(driver.view(seat), "classic")!.hand!.length;
      const result = driver.dispatch(driver.botMove(seat, level, random));
      if (!result.ok) throw new Error(result.refusal.message.en);
      for (const e of result.events as { type: string; data: Record<string, unknown> }[])
        if (e.type === "card.played")
          plays.push({
            card: String(e.data.card),
            mau: e.data.mau === true,
            mauMau: e.data.mauMau === true,
            left: before - 1,
          });
      p = driver.progress();
    }
    driver.stop();
  }
  return plays;
}

describe("bots say only the calls the variant has, and only where they apply", () => {
  for (const level of ["heuristic", "random"] as const) {
    it(`N-5.1 (${level}): "mau" on the second-to-last card only, never "Mau-Mau" (N-6.1)`, () => {
      const plays = botPlays("noris", level, 3);
      expect(plays.some((p) => p.mau)).toBe(true);
      for (const p of plays) {
        expect(p.mau, JSON.stringify(p)).toBe(p.left === 1);
        expect(p.mauMau).toBe(false);
      }
    });

    it(`B-4.4 (${level}): no "Mau-Mau" on an Ass played last; B-5.1/B-5.2 otherwise`, () => {
      const plays = botPlays("bavarian", level, 3);
      // The case the rule is about is among them: an Ass as the last card.
      expect(plays.some((p) => p.left === 0 && parseCard(p.card).rank === "a")).toBe(true);
      for (const p of plays) {
        expect(p.mau, JSON.stringify(p)).toBe(p.left === 1);
        const ace = parseCard(p.card).rank === "a";
        expect(p.mauMau, JSON.stringify(p)).toBe(p.left === 0 && !ace);
      }
    });
  }
});

import { createRng, GameDriver, isRefusal, type AnyVariant } from "@maumau/engine";
import { bavarian } from "@maumau/variant-bavarian";
import { french } from "@maumau/variant-french";
import { noris } from "@maumau/variant-noris";
import { describe, expect, it } from "vitest";
import { custom, fromDocument, parseRuleSet, presets, type PresetId } from "./index.js";

const originals: Record<PresetId, AnyVariant> = {
  noris,
  french,
  bavarian,
};

/** Plays one game with bots; returns the log with the variant id blanked (the only allowed difference). */
function playLog(variant: AnyVariant, options: unknown, seed: number, players: number): string {
  const driver = GameDriver.open(variant, { players, options, seed });
  if (isRefusal(driver)) throw new Error(driver.message.en);
  const random = createRng(seed, 3);
  for (let moves = 0; moves < 5000; moves++) {
    const p = driver.progress();
    if (p.toAct === null) break;
    const r = driver.dispatch(driver.botMove(p.toAct, moves % 2 ? "heuristic" : "random", random));
    if (!r.ok) throw new Error(r.refusal.message.en);
  }
  return JSON.stringify(driver.events).replace(`"variant":"${variant.id}"`, '"variant":"*"');
}

describe("C-1 presets: noris, french and bavarian as rule-set documents", () => {
  for (const id of Object.keys(presets) as PresetId[]) {
    it(`${id}: exported to JSON and read back, the rules equal the variant's`, () => {
      const json = JSON.stringify(presets[id]);
      const parsed = parseRuleSet(JSON.parse(json));
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      const original = originals[id];
      expect(fromDocument(parsed.doc)).toEqual(
        original.ruleSetFor(original.optionsSchema.parse({})),
      );
    });

    it(`${id}: the preset plays identically to its variant over 1,000 games`, () => {
      const doc = JSON.parse(JSON.stringify(presets[id])) as unknown;
      const original = originals[id];
      for (let seed = 0; seed < 1000; seed++) {
        const players =
          original.players.min + (seed % (original.players.max - original.players.min + 1));
        expect(playLog(custom as AnyVariant, doc, seed, players)).toBe(
          playLog(original, {}, seed, players),
        );
      }
    }, 600_000);
  }
});

import { colourOf, createRng, GameDriver, isRefusal } from "@maumau/engine";
import { describe, expect, it } from "vitest";
import { findVariant, variantIds, variants } from "./index.js";

describe("the registry", () => {
  it("lists each variant once, by a unique slug id", () => {
    const ids = variantIds();
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
    expect(ids).toEqual(
      expect.arrayContaining([
        "noris",
        "tabaluga",
        "french",
        "bavarian",
        "heul-doch",
        "custom",
        "crazy-eights",
        "switch",
      ]),
    );
    expect(findVariant("skat")).toBeUndefined();
  });

  describe.each(variants.map((v) => [v.id, v] as const))(
    "%s keeps the variant contract",
    (_id, variant) => {
      it("has names, a description, a player range, a deck and a rule book in both languages", () => {
        for (const text of [variant.names, variant.description]) {
          expect(text.de.length).toBeGreaterThan(0);
          expect(text.en.length).toBeGreaterThan(0);
        }
        expect(variant.players.min).toBeGreaterThanOrEqual(2);
        expect(variant.players.max).toBeGreaterThanOrEqual(variant.players.min);
        expect(variant.deck.length).toBeGreaterThan(0);
        expect(variant.ruleBook.length).toBeGreaterThan(0);
        for (const rule of variant.ruleBook) {
          expect(rule.id).toMatch(/^[A-Z]+-\d+(\.\d+)?[a-z]?$/);
          expect(rule.text.de.length * rule.text.en.length).toBeGreaterThan(0);
        }
      });

      it("themes every colour of its deck", () => {
        const colours = new Set(variant.deck.map(colourOf).filter((c): c is string => c !== null));
        for (const colour of colours) expect(variant.theme.colours[colour], colour).toBeDefined();
      });

      it("fills defaults for empty options and refuses an unknown option by name", () => {
        expect(variant.optionsSchema.safeParse({}).success).toBe(true);
        const bad = variant.optionsSchema.safeParse({ noSuchOption: 1 });
        expect(bad.success).toBe(false);
        expect(JSON.stringify(bad.error?.issues)).toMatch(/noSuchOption/);
      });

      it("is frozen, and a whole bot game leaves its definition untouched", () => {
        expect(Object.isFrozen(variant)).toBe(true);
        const before = JSON.stringify(variant);
        const options = variant.optionsSchema.parse({}) as { players?: { min: number } };
        const players = Math.max(variant.players.min, options.players?.min ?? 0);
        const driver = GameDriver.open(variant, { players, seed: 11 });
        if (isRefusal(driver)) throw new Error(driver.message.en);
        const random = createRng(11);
        for (let moves = 0; moves < 10_000; moves++) {
          const { toAct } = driver.progress();
          if (toAct === null) break;
          expect(driver.dispatch(driver.botMove(toAct, "heuristic", random)).ok).toBe(true);
        }
        expect(driver.progress().status).toMatch(/gameOver|matchOver/);
        expect(JSON.stringify(variant)).toBe(before);
      });
    },
  );
});

import {
  engineCommandSchema,
  isRefusal,
  createRng,
  openMatch,
  type AnyEngine,
  type Command,
} from "@maumau/engine";
import { describe, expect, it } from "vitest";
import { variants } from "./index.js";

/**
 * Issue #21: the command's zod schema is its type. Every move any variant lists as legal is a
 * value of that schema (strict objects: a field a family adds without declaring it in its
 * `commands.ts` fails here), and the schema refuses what is no command.
 */
describe("the command schema is the engine's command type", () => {
  for (const variant of variants)
    it(`${variant.id}: every legal move of 20 random games parses unchanged`, () => {
      const engine = variant.engine as AnyEngine;
      const seen = new Set<string>();
      for (let seed = 1; seed <= 20; seed++) {
        const opened = openMatch(variant, { players: variant.players.min + (seed % 2), seed });
        if (isRefusal(opened)) throw new Error(opened.message.en);
        let state = engine.replay(opened);
        const random = createRng(seed);
        for (let step = 0; step < 400; step++) {
          const seat = engine.progress(state).toAct;
          if (seat === null) break;
          const legal = engine.legalMoves(state, seat);
          for (const move of legal) {
            expect(engineCommandSchema.parse(move)).toEqual(move);
            seen.add(move.type);
          }
          const move = legal[Math.floor(random() * legal.length)] as Command;
          const applied = engine.apply(state, move);
          if (isRefusal(applied)) throw new Error(applied.message.en);
          state = applied.state;
        }
      }
      expect(seen.has("playCard")).toBe(true);
    });

  it("refuses what is no command: an unknown type, a missing seat, a field no family has", () => {
    for (const bad of [
      { type: "shuffle", seat: 0 },
      { type: "drawCard" },
      { type: "playCard", seat: 0, card: "red/9", colour: "red" },
      { type: "cut", seat: 0, at: 1.5 },
    ])
      expect(engineCommandSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

import { isRefusal, openMatch, type AnyEngine, type Command } from "@maumau/engine";
import { describe, expect, it } from "vitest";
import { variants } from "./index.js";

/**
 * A command type that names a key of Object.prototype ("constructor", "toString", …) is no
 * command: every engine refuses it with INVALID_COMMAND and changes nothing. (The check
 * tables are plain objects; a lookup that is not restricted to own keys found the prototype's
 * function and threw "checks is not iterable".)
 */
describe("command types that are Object.prototype keys", () => {
  for (const variant of variants)
    it(`${variant.id}: refused with INVALID_COMMAND`, () => {
      const events = openMatch(variant, { players: 3, seed: 1 });
      if (isRefusal(events)) throw new Error(events.message.en);
      const engine = variant.engine as AnyEngine;
      const state = engine.replay(events);
      const seat = engine.progress(state).toAct ?? 0;
      for (const type of ["constructor", "toString", "hasOwnProperty", "__proto__", "valueOf"]) {
        const decision = engine.decide(state, { type, seat } as unknown as Command);
        expect(isRefusal(decision) && decision.code, type).toBe("INVALID_COMMAND");
      }
    });
});

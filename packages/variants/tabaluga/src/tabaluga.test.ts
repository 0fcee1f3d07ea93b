import { createRng, GameDriver, isRefusal, type AnyVariant } from "@maumau/engine";
import {
  draw,
  forEachReferee,
  handSize,
  ok,
  pendingDraw,
  play,
  refused,
  table,
  turn,
} from "@maumau/engine/testing";
import { noris } from "@maumau/variant-noris";
import { describe, expect, it } from "vitest";
import { tabaluga } from "./index.js";

forEachReferee(tabaluga, ({ given }) => {
  /** Bots play a whole match; every event, with the variant id taken out of the first one. */
  function botMatch(variant: AnyVariant, seed: number): unknown[] {
    const driver = GameDriver.open(variant, { players: 4, seed, options: { games: 2 } });
    if (isRefusal(driver)) throw new Error(driver.message.en);
    const random = createRng(seed + 1);
    for (let moves = 0; moves < 20_000; moves++) {
      const { status, toAct } = driver.progress();
      if (status === "matchOver") break;
      const command =
        status === "gameOver"
          ? { type: "startNextGame" as const }
          : driver.botMove(toAct!, "heuristic", random);
      const result = driver.dispatch(command);
      if (!result.ok) throw new Error(`refused ${JSON.stringify(command)}: ${result.refusal.code}`);
    }
    expect(driver.progress().status).toBe("matchOver");
    return driver.events.map((e) =>
      e.type === "match.started"
        ? { ...e, data: { ...(e as unknown as { data: object }).data, variant: "(variant)" } }
        : e,
    );
  }

  describe("tabaluga: the noris rules (rules/noris.md) with its own look", () => {
    it("plays identically to noris: same events for the same seed and bot moves", () => {
      for (const seed of [1, 7, 42])
        expect(botMatch(tabaluga, seed)).toEqual(botMatch(noris, seed));
    });

    it("has the same deck, rule set, options and rule book", () => {
      expect(tabaluga.deck).toEqual(noris.deck);
      expect(tabaluga.players).toEqual(noris.players);
      for (const options of [{}, { games: 5, voluntaryDraw: true }]) {
        const parsed = tabaluga.optionsSchema.parse(options);
        expect(parsed).toEqual(noris.optionsSchema.parse(options));
        expect(tabaluga.ruleSetFor(parsed)).toEqual(noris.ruleSetFor(parsed));
      }
      expect(tabaluga.ruleBook.map((r) => r.id)).toEqual(noris.ruleBook.map((r) => r.id));
    });

    it("has its own id, names and theme", () => {
      expect(tabaluga.id).toBe("tabaluga");
      expect(tabaluga.names.en).not.toBe(noris.names.en);
      expect(tabaluga.names.de).not.toBe(noris.names.de);
      expect(tabaluga.theme).not.toEqual(noris.theme);
      expect(Object.keys(tabaluga.theme.colours).sort()).toEqual([
        "blue",
        "green",
        "red",
        "yellow",
      ]);
      expect(tabaluga.theme.colours.green?.label.de).not.toBe(noris.theme.colours.green?.label.de);
    });

    it("records its own id in the log", () => {
      const driver = GameDriver.open(tabaluga, { players: 2, seed: 3 });
      if (isRefusal(driver)) throw new Error(driver.message.en);
      expect(driver.events[0]).toMatchObject({
        type: "match.started",
        data: { variant: "tabaluga" },
      });
    });

    it("N-4.2 draw2 stacks and N-4.3 draw4 cannot be answered, as in noris", () => {
      for (const variant of [noris, tabaluga]) {
        given(
          table(variant, {
            players: 3,
            options: { games: 1 },
            hands: { 1: ["red/draw2", "blue/draw4"], 2: ["blue/draw2", "green/draw4"] },
            starter: "red/9",
          }),
        )
          .when(play(1, "red/draw2"), play(2, "blue/draw2"))
          .then(ok(), pendingDraw(4), turn(0))
          .when(draw(0))
          .then(ok(), handSize(0, 9), turn(1))
          .when(play(1, "blue/draw4"), play(2, "green/draw4"))
          .then(refused("ILLEGAL_MOVE", "N-4.3"), pendingDraw(4), turn(2));
      }
    });
  });
});

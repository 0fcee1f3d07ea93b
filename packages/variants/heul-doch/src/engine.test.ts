import {
  GameDriver,
  HEUL_DOCH_CHECKS,
  chartOf,
  createRng,
  heulDochEngine,
  heulDochGuardName,
  heulDochPredicates,
  heulDochRuleSetOf,
  isRefusal,
  openMatch,
  parseOptions,
  type Command,
  type HeulDochEvent,
  type HeulDochState,
  type HeulDochView,
} from "@maumau/engine";
import { check, forEachReferee, ok, play, raw, refused, table } from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { heulDoch } from "./index.js";
import { stack, type HeulDochStack } from "./stack.test-helper.js";

forEachReferee(heulDoch, ({ given }) => {
  const EXAMPLE: HeulDochStack = {
    players: 3,
    specials: true,
    piles: { 0: "red/5", 1: "blue/3", 2: "green/6" },
    hands: {
      0: ["blue/5", "red/1", "orange/7", "towel"],
      1: ["black/1", "black/2", "black/3", "black/4"],
      2: ["purple/1", "purple/2", "purple/3", "orange/1"],
    },
  };
  const deal = () =>
    given(
      table(heulDoch, {
        players: 3,
        options: { specials: true },
        deck: stack(EXAMPLE),
        mode: "both",
      }),
    );

  const RULE_IDS = [
    "H-1.1",
    "H-1.2",
    "H-2.1",
    "H-2.2",
    "H-3.1",
    "H-3.1a",
    "H-3.1b",
    "H-3.1c",
    "H-3.2",
    "H-3.3",
    "H-3.4",
    "H-3.5",
    "H-3.6",
    "H-4.1",
    "H-4.2",
    "H-4.3",
    "H-4.4",
    "H-5.1",
    "H-6.1",
    "H-6.2",
    "H-6.3",
    "H-6.4",
  ];

  describe("the variant", () => {
    it("has a rule book entry, in English and German, for every rule id of rules/heul-doch.md", () => {
      expect(heulDoch.ruleBook.map((r) => r.id)).toEqual(RULE_IDS);
      for (const r of heulDoch.ruleBook) {
        expect(r.text.en.length).toBeGreaterThan(10);
        expect(r.text.de.length).toBeGreaterThan(10);
      }
      const cited = Object.values(HEUL_DOCH_CHECKS)
        .flatMap((byCommand) => Object.values(byCommand).flat())
        .flatMap((c) => (c.rule ? [c.rule] : []));
      for (const id of cited) expect(RULE_IDS).toContain(id);
    });

    it("validates options: defaults, unknown options refused by name, first must be a seat", () => {
      expect(parseOptions(heulDoch, {})).toEqual({
        specials: false,
        memory: true,
        first: 0,
        games: 1,
      });
      for (const bad of [{ colour: "red" }, { games: 0 }, { first: -1 }, { specials: "yes" }]) {
        const r = parseOptions(heulDoch, bad);
        expect(isRefusal(r) && r.code).toBe("INVALID_COMMAND");
      }
      const unknown = parseOptions(heulDoch, { colour: "red" });
      expect(isRefusal(unknown) && unknown.message.en).toContain("colour");
      expect(isRefusal(openMatch(heulDoch, { players: 4, options: { first: 4 }, seed: 1 }))).toBe(
        true,
      );
      for (const players of [2, 7])
        expect(isRefusal(openMatch(heulDoch, { players, seed: 1 }))).toBe(true);
      const bad = openMatch(heulDoch, { players: 3, seed: 1, deck: ["red/1"] });
      expect(isRefusal(bad)).toBe(true);
    });

    it("shuffles from the seed: the same seed gives the same game, the log holds the order", () => {
      const a = openMatch(heulDoch, { players: 4, options: { specials: true }, seed: 42 });
      const b = openMatch(heulDoch, { players: 4, options: { specials: true }, seed: 42 });
      const c = openMatch(heulDoch, { players: 4, options: { specials: true }, seed: 43 });
      expect(a).toEqual(b);
      expect(a).not.toEqual(c);
    });
  });

  describe("refusals follow FORMAT.md's precedence", () => {
    it("INVALID_COMMAND: an unknown card, a seat that does not exist, a field of the wrong type, an unknown command", () => {
      deal()
        .when(play(0, "pink/9"))
        .then(refused("INVALID_COMMAND"))
        .when(play(0, "red/8"))
        .then(refused("INVALID_COMMAND"))
        .when(play(3, "red/1"))
        .then(refused("INVALID_COMMAND"))
        .when(raw({ type: "playCard", seat: 0, card: "blue/5", to: "1" }))
        .then(refused("INVALID_COMMAND"))
        .when(raw({ type: "playCard", seat: 0, card: "blue/5", to: 5 }))
        .then(refused("INVALID_COMMAND"))
        .when(raw({ type: "playCard", seat: 0, card: "blue/5", faceDown: "yes" }))
        .then(refused("INVALID_COMMAND"))
        .when(raw({ type: "playCard", seat: 0, card: "towel", direction: 1 }))
        .then(refused("INVALID_COMMAND"))
        .when(raw({ type: "drawCard", seat: "0" }))
        .then(refused("INVALID_COMMAND"));
      const decider = deal().driver;
      expect(decider.dispatch(raw({ type: "shuffle", seat: 0 }))).toMatchObject({
        ok: false,
        refusal: { code: "INVALID_COMMAND" },
      });
    });

    it("NOT_YOUR_TURN before NOT_IN_HAND before ILLEGAL_MOVE before CHOICE_REQUIRED", () => {
      deal()
        .when(play(1, "red/7", { to: 2 }))
        .then(refused("NOT_YOUR_TURN"))
        .when(play(0, "red/7", { to: 2, faceDown: true }))
        .then(refused("NOT_IN_HAND"))
        .when(play(0, "towel", { to: 1 }))
        .then(refused("ILLEGAL_MOVE", "H-3.1"))
        .when(play(0, "towel"))
        .then(refused("CHOICE_REQUIRED", "H-4.2"))
        .when(play(0, "red/1", { color: "green" }))
        .then(ok());
    });

    it("GAME_OVER before everything but INVALID_COMMAND", () => {
      const g = deal();
      const random = createRng(1);
      g.when((t) => {
        while (t.driver.progress().status === "playing") {
          const seat = t.driver.progress().toAct!;
          t.send(t.driver.botMove(seat, "heuristic", random));
        }
      })
        .when(play(1, "red/7", { to: 2 }))
        .then(refused("GAME_OVER"))
        .when(raw({ type: "drawCard", seat: 0 }))
        .then(refused("GAME_OVER"))
        .when(play(9, "red/1"))
        .then(refused("INVALID_COMMAND"));
    });
  });

  describe("the machine", () => {
    const machine = heulDochEngine.machine(heulDochRuleSetOf({ specials: true }));
    const chart = chartOf(machine);
    const state = (id: string) => chart.states.find((s) => s.id === id)!;

    it("has the states a player names, nested, and no hub", () => {
      expect(chart.initial).toBe("turn");
      expect(chart.states.map((s) => s.id)).toEqual([
        "idle",
        "turn",
        "turn.awaitingCard",
        "turn.handsRunningDown",
        "gameOver",
        "matchOver",
      ]);
      expect(state("turn.awaitingCard").parent).toBe("turn");
      expect(state("turn").initial).toBe("turn.awaitingCard");
      // No always-transitions that route on the phase, and only commands refused at the root.
      for (const s of chart.states)
        expect(s.transitions.some((t) => t.event === "always")).toBe(false);
      expect(chart.transitions.every((t) => t.target === null)).toBe(true);
    });

    it("plays one of the four ways of H-3, each with its rule checks; special cards raise their effects", () => {
      const plays = state("turn.awaitingCard").transitions.filter((t) => t.event === "playCard");
      expect(plays.map((t) => t.checks.at(-1))).toEqual([
        "H-3.1a a number card given face up to a neighbour's pile",
        "H-3.1b a number card kept face up on the own pile",
        "H-3.1c a number card laid face down on the own pile as an onion",
        "H-4 a special card played to the middle",
      ]);
      expect(plays[0]!.checks).toContain(
        "H-3.3 nothing goes onto another player's onion or empty pile",
      );
      expect(plays[1]!.checks).toContain(
        "H-3.2 a card fitting a neighbour may not go on your own pile",
      );
      expect(plays[3]!.checks).toContain("H-4.2 the towel names another player's pile");
      for (const t of plays) {
        expect(t.checks).toContain("it is the player's turn");
        expect(t.checks).toContain("the card is in the hand");
        expect(t.target).toBe("turn.awaitingCard");
      }
      const events = state("turn.awaitingCard").transitions.map((t) => t.event);
      for (const e of [
        "effect.catapult",
        "effect.towel",
        "effect.carousel",
        "effect.werewolf",
        "drawPile.emptied",
      ])
        expect(events).toContain(e);
      expect(state("turn").transitions.find((t) => t.event === "game.ended")?.target).toBe(
        "gameOver",
      );
      expect(state("gameOver").transitions.find((t) => t.event === "match.ended")?.target).toBe(
        "matchOver",
      );
    });

    it("has no special transition and no effects without special cards (built from the rules)", () => {
      const plain = chartOf(heulDochEngine.machine(heulDochRuleSetOf({ specials: false })));
      const events = plain.states.flatMap((s) => s.transitions.map((t) => t.event));
      expect(events.some((e) => e.startsWith("effect."))).toBe(false);
      expect(
        plain.states
          .flatMap((s) => s.transitions)
          .some((t) => t.checks.includes("H-4 a special card played to the middle")),
      ).toBe(false);
    });

    it("names its guards after the rule ids, one per check, unique", () => {
      const names = Object.values(HEUL_DOCH_CHECKS)
        .flatMap((byCommand) => Object.values(byCommand).flat())
        .map(heulDochGuardName);
      const byName = new Map<string, unknown>();
      for (const check of Object.values(HEUL_DOCH_CHECKS).flatMap((b) => Object.values(b).flat())) {
        const other = byName.get(heulDochGuardName(check));
        expect(other === undefined || other === check).toBe(true);
        byName.set(heulDochGuardName(check), check);
      }
      expect(names.length).toBeGreaterThan(byName.size);
    });

    it("gives a fresh refusal object for every refused command, and stays where it was", () => {
      const driver = GameDriver.open(
        heulDoch,
        { players: 3, options: { specials: true }, seed: 1, deck: stack(EXAMPLE) },
        "machine",
      );
      if (isRefusal(driver)) throw new Error("cannot open");
      const a = driver.dispatch(play(1, "black/1"));
      const b = driver.dispatch(play(1, "black/1"));
      expect(a).toEqual(b);
      expect(!a.ok && !b.ok && a.refusal !== b.refusal).toBe(true);
      expect(driver.machineState).toBe("turn.awaitingCard");
      expect(driver.version).toBe(GameDriver.replay(heulDoch, driver.events).version);
    });

    it("H-4.2: the towel raises effect.towel", () => {
      const driver = GameDriver.open(
        heulDoch,
        { players: 3, options: { specials: true }, seed: 1, deck: stack(EXAMPLE) },
        "machine",
      );
      if (isRefusal(driver)) throw new Error("cannot open");
      const r = driver.dispatch(raw({ type: "playCard", seat: 0, card: "towel", target: 1 }));
      expect(r.ok).toBe(true);
      expect(driver.taken).toEqual(["playCard", "effect.towel"]);
      expect(driver.machineState).toBe("turn.awaitingCard");
    });
  });

  describe("views and filtered events", () => {
    const events = (cmds: Command[]) => {
      const driver = GameDriver.open(heulDoch, {
        players: 3,
        options: { specials: true },
        seed: 1,
        deck: stack(EXAMPLE),
      });
      if (isRefusal(driver)) throw new Error("cannot open");
      for (const c of cmds) expect(driver.dispatch(c).ok).toBe(true);
      return { driver, log: driver.events as HeulDochEvent[] };
    };

    it("strips the seed, the deck order, other hands, drawn cards of others, and every onion's code", () => {
      const { driver, log } = events([
        play(0, "orange/7", { faceDown: true }),
        play(1, "black/1", { faceDown: true }),
        play(2, "purple/1", { to: 2, faceDown: true }),
      ]);
      const e = driver.engine;
      const seen = (i: number, v: 0 | 1 | "spectator") => e.eventFor(log[i]!, v) as HeulDochEvent;
      const at = (type: string) => log.findIndex((x) => x.type === type);
      expect(seen(at("match.started"), 0).data).not.toHaveProperty("seed");
      // The commitment to the seed is public (provable fairness); the deck order is not.
      expect(seen(at("game.started"), 0).data).toEqual({
        game: 1,
        first: 0,
        deckSize: 110,
        commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(seen(at("cards.dealt"), 1).data).toEqual({
        counts: [4, 4, 4],
        hand: ["black/1", "black/2", "black/3", "black/4"],
      });
      expect(seen(at("cards.dealt"), "spectator").data).toEqual({ counts: [4, 4, 4], hand: null });
      const placed = at("card.played");
      expect(seen(placed, 0).data).toEqual({ seat: 0, card: null, to: 0, faceDown: true });
      const drawn = at("card.drawn");
      expect(seen(drawn, 0)).toEqual(log[drawn]);
      expect(seen(drawn, 1).data).toEqual({ seat: 0, card: null });
      expect(JSON.stringify(e.view(driver.state, 2))).not.toContain("orange/7");
    });

    it("shows the towel's and carousel's moves with onions face down, and everything once the game is over", () => {
      const { driver, log } = events([
        play(0, "orange/7", { faceDown: true }),
        play(1, "black/1", { faceDown: true }),
        play(2, "purple/1", { faceDown: true }),
      ]);
      const s = driver.state as HeulDochState;
      const hand0 = s.hands[0]!;
      expect(hand0).toContain("towel");
      expect(driver.dispatch(play(0, "towel", { target: 1 })).ok).toBe(true);
      const moved = (driver.events as HeulDochEvent[]).find((x) => x.type === "tops.moved")!;
      expect(driver.engine.eventFor(moved, 2)).toEqual({
        type: "tops.moved",
        data: {
          cause: "towel",
          moves: [
            { from: 0, to: 1, card: { card: null, faceDown: true } },
            { from: 1, to: 0, card: { card: null, faceDown: true } },
          ],
        },
      });
      expect(log.length).toBeGreaterThan(0);
      const random = createRng(2);
      while (driver.progress().status === "playing")
        driver.dispatch(driver.botMove(driver.progress().toAct!, "random", random));
      const view = driver.view("spectator") as HeulDochView;
      expect(view.revealedPiles).toEqual((driver.state as HeulDochState).piles);
      expect(view.spoiledRanks).toEqual(
        view.revealedPiles!.map((p) =>
          heulDochPredicates.spoiledRanks(p.filter((c) => c.faceDown).length),
        ),
      );
      const ended = (driver.events as HeulDochEvent[]).find((x) => x.type === "game.ended")!;
      expect(driver.engine.eventFor(ended, "spectator")).toEqual(ended);
    });
  });

  describe("bots", () => {
    it("the heuristic bot keeps a fitting card on its own pile rather than giving or burying it", () => {
      deal().then(
        check(({ driver }) => {
          const move = driver.botMove(0, "heuristic", createRng(1));
          expect(move).toEqual({ type: "playCard", seat: 0, card: "red/1" });
        }),
      );
    });

    it("a heuristic bot scores more than random bots on average", () => {
      let heuristic = 0;
      let random = 0;
      for (let seed = 1; seed <= 40; seed++) {
        const driver = GameDriver.open(heulDoch, { players: 3, seed, options: { specials: true } });
        if (isRefusal(driver)) throw new Error("cannot open");
        const rng = createRng(seed, 5);
        const hero = seed % 3;
        while (driver.progress().status === "playing") {
          const seat = driver.progress().toAct!;
          const r = driver.dispatch(
            driver.botMove(seat, seat === hero ? "heuristic" : "random", rng),
          );
          expect(r.ok).toBe(true);
        }
        const scores = (driver.state as HeulDochState).scores!;
        heuristic += scores[hero]!;
        random += scores.filter((_, s) => s !== hero).reduce((a, b) => a + b, 0) / 2;
      }
      expect(heuristic).toBeGreaterThan(random);
    });
  });
});

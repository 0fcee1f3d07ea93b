import {
  GameDriver,
  countCards,
  heulDochRuleSetOf,
  createRng,
  heulDochPredicates as hr,
  parseOptions,
  isRefusal,
  type CardCode,
  type HeulDochEvent,
  type HeulDochState,
  type HeulDochView,
  type PileCard,
  type Seat,
} from "@maumau/engine";
import {
  check,
  draw,
  drawPile,
  forEachReferee,
  hand,
  logged,
  nextGame,
  notLogged,
  ok,
  pass,
  play,
  raw,
  refused,
  status,
  table,
  tableHas,
  turn,
  winners,
  type Step,
  type TableSpec,
} from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { heulDoch } from "./index.js";
import { stack, type HeulDochStack } from "./stack.test-helper.js";

forEachReferee(heulDoch, ({ given }) => {
  const up = (card: CardCode): PileCard => ({ card, faceDown: false });
  const onion = (card: CardCode): PileCard => ({ card, faceDown: true });

  /** The neighbour-forced example's table: red/5, blue/3, green/6 on the piles. */
  const EXAMPLE: HeulDochStack = {
    players: 3,
    piles: { 0: "red/5", 1: "blue/3", 2: "green/6" },
    hands: {
      0: ["blue/5", "red/1", "orange/7", "yellow/2"],
      1: ["black/1", "black/2", "black/3", "black/4"],
      2: ["purple/1", "purple/2", "purple/3", "orange/1"],
    },
  };

  /** A table from a stacked deal; decider and actor run in lockstep and must agree. */
  const deal = (
    spec: HeulDochStack,
    options: Record<string, unknown> = {},
    extra: Partial<TableSpec> = {},
  ) =>
    given(
      table(heulDoch, {
        players: spec.players,
        options: { specials: spec.specials === true, ...options },
        deck: stack(spec),
        mode: "both",
        ...extra,
      }),
    );

  const piles = (expected: Readonly<Record<Seat, readonly PileCard[]>>) =>
    check(({ table: t }) => {
      const actual = t.piles as PileCard[][];
      for (const [seat, pile] of Object.entries(expected))
        expect(actual[Number(seat)], `pile of seat ${seat}`).toEqual(pile);
    });
  const middle = (cards: readonly CardCode[]) => tableHas({ middle: cards });
  const stateOf = (d: { state: unknown }) => d.state as HeulDochState;
  const viewOf = (d: { view: (v: Seat | "spectator") => unknown }, v: Seat | "spectator") =>
    d.view(v) as HeulDochView;

  /** Bots play (random, seeded) until `stop` holds or the game is over. */
  const botsUntil =
    (stop: (s: HeulDochState) => boolean, seed = 3): Step =>
    (t) => {
      const random = createRng(seed);
      for (let i = 0; i < 500; i++) {
        const s = stateOf(t.driver);
        if (stop(s) || s.phase !== "playing") return;
        const refusal = t.send(t.driver.botMove(s.turn, "random", random));
        if (refusal) throw new Error(`bot move refused: ${refusal.code}`);
      }
      throw new Error("botsUntil: no end");
    };
  const toTheEnd = botsUntil(() => false);

  describe("H-1 deck", () => {
    it("H-1.1 98 number cards: seven colours × ranks 1–7, twice each", () => {
      const deck = heulDoch.deckFor({ specials: false, memory: true, first: 0, games: 1 });
      expect(deck).toHaveLength(98);
      expect(heulDoch.deck).toEqual(deck);
      const counts = countCards(deck);
      expect(counts.size).toBe(49);
      for (const colour of ["red", "orange", "yellow", "green", "blue", "purple", "black"])
        for (let rank = 1; rank <= 7; rank++) expect(counts.get(`${colour}/${rank}`)).toBe(2);
      deal(EXAMPLE).then(
        check(({ driver }) =>
          expect(driver.engine.cardsInPlay(driver.state).sort()).toEqual([...deck].sort()),
        ),
      );
    });

    it("H-1.2 option specials adds 3 each of catapult, towel, carousel, werewolf; without it they are unknown", () => {
      const deck = heulDoch.deckFor({ specials: true, memory: true, first: 0, games: 1 });
      expect(deck).toHaveLength(110);
      const counts = countCards(deck);
      for (const s of ["catapult", "towel", "carousel", "werewolf"]) expect(counts.get(s)).toBe(3);
      expect(parseOptions(heulDoch, {})).toMatchObject({ specials: false });
      deal(EXAMPLE)
        .when(play(0, "towel", { target: 1 }))
        .then(refused("INVALID_COMMAND"));
      const bad = parseOptions(heulDoch, { special: true });
      expect(isRefusal(bad) && bad.message.en).toContain("special");
    });
  });

  describe("H-2 set-up", () => {
    it("H-2.1 one pile card face up each, seat 0 first, then 4 hand cards one at a time", () => {
      deal(EXAMPLE).then(
        piles({ 0: [up("red/5")], 1: [up("blue/3")], 2: [up("green/6")] }),
        hand(0, ["blue/5", "red/1", "orange/7", "yellow/2"]),
        hand(1, ["black/1", "black/2", "black/3", "black/4"]),
        hand(2, ["purple/1", "purple/2", "purple/3", "orange/1"]),
        drawPile(98 - 3 - 12),
        check(({ driver }) =>
          expect(driver.events.filter((e) => e.type === "pile.dealt")).toEqual([
            { type: "pile.dealt", data: { seat: 0, card: "red/5" } },
            { type: "pile.dealt", data: { seat: 1, card: "blue/3" } },
            { type: "pile.dealt", data: { seat: 2, card: "green/6" } },
          ]),
        ),
      );
    });

    it("H-2.1 a special card dealt to a pile goes back to a random place in the draw pile (logged), the player gets the next card", () => {
      const base = stack({
        players: 3,
        specials: true,
        piles: { 0: "red/5", 1: "blue/3", 2: "green/6" },
      });
      // The towel is the second card: dealt to seat 1's pile.
      const rest = base.slice();
      rest.splice(rest.lastIndexOf("towel"), 1);
      const deck = [rest[0]!, "towel", ...rest.slice(1)];
      for (const seed of [1, 2, 3, 4, 5]) {
        const g = given(
          table(heulDoch, { players: 3, options: { specials: true }, deck, seed, mode: "both" }),
        );
        g.then(
          piles({ 0: [up("red/5")], 1: [up("blue/3")], 2: [up("green/6")] }),
          check(({ driver }) => {
            const events = driver.events as HeulDochEvent[];
            const back = events.find((e) => e.type === "special.returned");
            expect(back).toMatchObject({ data: { seat: 1, card: "towel" } });
            expect(back?.type === "special.returned" && back.data.at).toBeGreaterThanOrEqual(1);
            const s = stateOf(driver);
            expect([...s.drawPile, ...s.hands.flat()]).toContain("towel");
            // The log holds the outcome: a replay needs no generator.
            expect(driver.engine.replay(driver.events)).toEqual(driver.state);
          }),
        );
      }
    });

    it("H-2.2 the first player is option first, default seat 0", () => {
      deal(EXAMPLE).then(turn(0));
      deal(EXAMPLE, { first: 2 }).then(turn(2));
      expect(() => deal(EXAMPLE, { first: 3 })).toThrow(/first/);
    });
  });

  describe("H-3 a turn", () => {
    it("H-3.1 exactly one hand card is played; there is no draw or pass; special cards never go onto a pile", () => {
      deal(EXAMPLE)
        .when(draw(0))
        .then(refused("ILLEGAL_MOVE", "H-3.1"))
        .when(pass(0))
        .then(refused("ILLEGAL_MOVE", "H-3.1"))
        .when(raw({ type: "chooseColour", seat: 0, colour: "red" }))
        .then(refused("ILLEGAL_MOVE"))
        .when(raw({ type: "cut", seat: 0, at: 3 }))
        .then(refused("ILLEGAL_MOVE"))
        .when(play(0, "red/1"))
        .then(ok(), turn(1), hand(0, ["blue/5", "orange/7", "yellow/2", "red/1"]));
      const specials: HeulDochStack = { ...EXAMPLE, specials: true, hands: { 0: ["werewolf"] } };
      deal(specials)
        .when(play(0, "werewolf", { to: 1 }))
        .then(refused("ILLEGAL_MOVE", "H-3.1"))
        .when(play(0, "werewolf", { faceDown: true }))
        .then(refused("ILLEGAL_MOVE", "H-3.1"))
        .when(play(0, "werewolf"))
        .then(ok(), middle(["werewolf"]));
    });

    it("H-3.1a face up onto a neighbour's pile only if it matches that neighbour's top card", () => {
      deal(EXAMPLE)
        .when(play(0, "yellow/2", { to: 1 }))
        .then(refused("ILLEGAL_MOVE", "H-3.1a"))
        .when(play(0, "blue/5", { to: 1 }))
        .then(ok(), piles({ 1: [up("blue/3"), up("blue/5")] }));
    });

    it("H-3.1b face up onto your own pile if it matches your top (or the top is an onion) and no neighbour's", () => {
      deal(EXAMPLE)
        .when(play(0, "yellow/2"))
        .then(refused("ILLEGAL_MOVE", "H-3.1b"))
        .when(play(0, "red/1"))
        .then(ok(), piles({ 0: [up("red/5"), up("red/1")] }));
      // An onion on top takes any card face up that fits no neighbour.
      deal(EXAMPLE)
        .when(
          play(0, "orange/7", { faceDown: true }),
          play(1, "black/1", { faceDown: true }),
          play(2, "purple/1", { faceDown: true }),
          play(0, "yellow/2"),
        )
        .then(ok(), piles({ 0: [up("red/5"), onion("orange/7"), up("yellow/2")] }));
    });

    it("H-3.1c face down onto your own pile as an onion: any number card, never onto another pile", () => {
      deal(EXAMPLE)
        .when(play(0, "orange/7", { faceDown: true, to: 1 }))
        .then(refused("ILLEGAL_MOVE", "H-3.1c"))
        .when(play(0, "blue/5", { faceDown: true }))
        .then(ok(), piles({ 0: [up("red/5"), onion("blue/5")], 1: [up("blue/3")] }));
    });

    it("H-3.2 a card matching a neighbour's top may not go face up onto your own pile; with both fitting you choose", () => {
      deal(EXAMPLE)
        .when(play(0, "blue/5"))
        .then(refused("ILLEGAL_MOVE", "H-3.2"))
        .when(play(0, "blue/5", { to: 1 }))
        .then(ok(), turn(1));
      const both: HeulDochStack = {
        ...EXAMPLE,
        piles: { 0: "red/6", 1: "blue/3", 2: "green/6" },
        hands: { 0: ["blue/6", "red/1", "orange/7", "yellow/2"] },
      };
      deal(both).when(play(0, "blue/6")).then(refused("ILLEGAL_MOVE", "H-3.2"));
      deal(both)
        .when(play(0, "blue/6", { to: 1 }))
        .then(ok(), piles({ 1: [up("blue/3"), up("blue/6")] }));
      deal(both)
        .when(play(0, "blue/6", { to: 2 }))
        .then(ok(), piles({ 2: [up("green/6"), up("blue/6")] }));
    });

    it("H-3.3 an onion or empty pile on top matches nothing: nothing is placed on it, it forces nothing", () => {
      const t: HeulDochStack = {
        ...EXAMPLE,
        hands: { ...EXAMPLE.hands, 1: ["orange/4", "red/3", "red/2", "black/4"] },
      };
      deal(t)
        .when(play(0, "orange/7", { faceDown: true }))
        .then(ok())
        // The onion is an orange 7 over a red 5: neither counts.
        .when(play(1, "orange/4", { to: 0 }))
        .then(refused("ILLEGAL_MOVE", "H-3.3"))
        .when(play(1, "red/2", { to: 0 }))
        .then(refused("ILLEGAL_MOVE", "H-3.3"))
        // red/3 would fit the red 5 under the onion, but only the top counts: it may stay home.
        .when(play(1, "red/3"))
        .then(ok(), piles({ 1: [up("blue/3"), up("red/3")] }));
      // An empty pile (after a catapult) takes nothing either.
      const empty: HeulDochStack = {
        players: 3,
        specials: true,
        piles: { 0: "red/7", 1: "blue/3", 2: "green/6" },
        hands: {
          0: ["catapult", "red/1", "red/2", "red/3"],
          1: ["red/4", "blue/1", "blue/2", "black/4"],
        },
      };
      deal(empty)
        .when(play(0, "catapult"))
        .then(ok(), piles({ 0: [] }))
        .when(play(1, "red/4", { to: 0 }))
        .then(refused("ILLEGAL_MOVE", "H-3.3"));
    });

    it("H-3.4 piles of players who are not your neighbours never count; with three players both others are neighbours", () => {
      const five: HeulDochStack = {
        players: 5,
        piles: { 0: "red/5", 1: "blue/3", 2: "yellow/4", 3: "black/6", 4: "green/6" },
        hands: { 0: ["yellow/5", "orange/1", "orange/2", "orange/3"] },
      };
      deal(five)
        .when(play(0, "yellow/5", { to: 2 }))
        .then(refused("ILLEGAL_MOVE", "H-3.4"))
        // yellow/5 fits seat 2's yellow 4, but seat 2 is no neighbour of seat 0.
        .when(play(0, "yellow/5"))
        .then(ok(), piles({ 0: [up("red/5"), up("yellow/5")] }));
      deal(EXAMPLE)
        .when(play(0, "blue/5", { to: 2 }))
        .then(refused("ILLEGAL_MOVE", "H-3.1a"));
      const right: HeulDochStack = {
        ...EXAMPLE,
        hands: { 0: ["green/1", "red/1", "orange/7", "yellow/2"] },
      };
      deal(right)
        .when(play(0, "green/1", { to: 2 }))
        .then(ok(), piles({ 2: [up("green/6"), up("green/1")] }));
    });

    it("H-3.5 an onion may go onto an onion on your own pile", () => {
      deal(EXAMPLE)
        .when(
          play(0, "orange/7", { faceDown: true }),
          play(1, "black/1", { faceDown: true }),
          play(2, "purple/1", { faceDown: true }),
          play(0, "yellow/2", { faceDown: true }),
        )
        .then(ok(), piles({ 0: [up("red/5"), onion("orange/7"), onion("yellow/2")] }));
    });

    it("H-3.6 draw 1 after playing while the draw pile lasts; then play on, passing over empty hands, until all are empty", () => {
      const g = deal(EXAMPLE);
      const top = stateOf(g.driver).drawPile[0]!;
      g.when(play(0, "red/1")).then(
        hand(0, ["blue/5", "orange/7", "yellow/2", top]),
        drawPile(98 - 3 - 12 - 1),
        logged({ type: "card.drawn", data: { seat: 0, card: top } }),
      );
      g.when(botsUntil((s) => s.drawPile.length === 0)).then(drawPile(0));
      const before = stateOf(g.driver);
      const seat = before.turn;
      g.when(g.driver.legalMoves(seat)[0]!).then(
        ok(),
        notLogged("card.drawn"),
        check(({ driver }) =>
          expect(stateOf(driver).hands[seat]).toHaveLength(before.hands[seat]!.length - 1),
        ),
      );
      // To the end: no more draws, every turn goes to a player holding cards, and all hands empty.
      g.when(toTheEnd).then(
        status("matchOver"),
        check(({ driver }) => {
          const events = driver.events as HeulDochEvent[];
          const last = events.findLastIndex((e) => e.type === "card.drawn");
          expect(heulDoch.engine.replay(events.slice(0, last + 1))).toMatchObject({ drawPile: [] });
          expect(stateOf(driver).hands.flat()).toEqual([]);
        }),
      );
    });

    it("H-3.6 a player whose hand is empty is passed over", () => {
      // Hands only run unevenly in a hand-made log (the rules deal evenly): seat 1 holds nothing.
      const deck = ["red/5", "blue/3", "green/6", "yellow/1", "purple/1", "purple/2"];
      const events: HeulDochEvent[] = [
        {
          type: "match.started",
          data: {
            variant: "heul-doch",
            rules: heulDochRuleSetOf(),
            players: 3,
            dealer: 0,
            seed: 1,
          },
        },
        { type: "game.started", data: { game: 1, first: 0, deck } },
        { type: "pile.dealt", data: { seat: 0, card: "red/5" } },
        { type: "pile.dealt", data: { seat: 1, card: "blue/3" } },
        { type: "pile.dealt", data: { seat: 2, card: "green/6" } },
        { type: "cards.dealt", data: { hands: [["yellow/1"], [], ["purple/1", "purple/2"]] } },
        { type: "turn.started", data: { seat: 0 } },
      ];
      for (const mode of ["decider", "machine"] as const) {
        const driver = GameDriver.replay(heulDoch, events, mode);
        const r = driver.dispatch(play(0, "yellow/1", { faceDown: true }));
        expect(r.ok && r.events).toEqual([
          { type: "card.played", data: { seat: 0, card: "yellow/1", to: 0, faceDown: true } },
          { type: "turn.passedOver", data: { seat: 1 } },
          { type: "turn.started", data: { seat: 2 } },
        ]);
        expect(driver.dispatch(play(2, "purple/1", { faceDown: true })).ok).toBe(true);
        // Seat 2 alone holds a card: it plays again.
        expect(driver.progress().toAct).toBe(2);
      }
    });
  });

  describe("H-4 special cards", () => {
    const specials = (hands: HeulDochStack["hands"], pileCards = EXAMPLE.piles): HeulDochStack => ({
      players: 3,
      specials: true,
      piles: pileCards,
      hands,
    });

    it("H-4.1 catapult: every face-up top of the highest rank goes to the middle, from the player clockwise; onions are ignored; an emptied pile counts as an onion", () => {
      const tie = specials(
        {
          1: ["catapult", "black/1", "black/2", "black/3"],
          2: ["green/1", "purple/2", "purple/3", "purple/4"],
        },
        { 0: "red/5", 1: "blue/5", 2: "green/3" },
      );
      deal(tie, {}, { options: { specials: true, first: 1 } })
        .when(play(1, "catapult"))
        .then(
          ok(),
          middle(["catapult", "blue/5", "red/5"]),
          piles({ 0: [], 1: [], 2: [up("green/3")] }),
          logged({
            type: "tops.catapulted",
            data: {
              cards: [
                { seat: 1, card: "blue/5" },
                { seat: 0, card: "red/5" },
              ],
            },
          }),
        );
      // The onion (a face-down 7) is not considered: only the green 6 flies.
      deal(specials({ 0: ["orange/7"], 1: ["catapult"] }))
        .when(play(0, "orange/7", { faceDown: true }), play(1, "catapult"))
        .then(
          ok(),
          middle(["catapult", "green/6"]),
          piles({ 0: [up("red/5"), onion("orange/7")], 1: [up("blue/3")], 2: [] }),
        );
      // Seat 2's emptied pile counts as an onion: any card fitting no neighbour goes face up on it.
      deal(
        specials({
          0: ["orange/7"],
          1: ["catapult"],
          2: ["yellow/1", "purple/2", "purple/3", "purple/4"],
        }),
      )
        .when(play(0, "orange/7", { faceDown: true }), play(1, "catapult"), play(2, "yellow/1"))
        .then(ok(), piles({ 2: [up("yellow/1")] }));
    });

    it("H-4.2 towel: swap your top with any other player's top, onions included; an empty pile just receives; a target is required", () => {
      const t = specials({ 0: ["orange/7"], 1: ["towel", "black/1", "black/2", "black/3"] });
      deal(t)
        .when(play(0, "orange/7", { faceDown: true }))
        .when(play(1, "towel"))
        .then(refused("CHOICE_REQUIRED", "H-4.2"))
        .when(play(1, "towel", { target: 1 }))
        .then(refused("CHOICE_REQUIRED", "H-4.2"))
        .when(play(1, "towel", { target: 0 }))
        .then(
          ok(),
          piles({ 0: [up("red/5"), up("blue/3")], 1: [onion("orange/7")] }),
          middle(["towel"]),
        );
      // Your pile is empty: you just take theirs.
      const empty = specials(
        { 0: ["catapult"], 1: ["towel", "black/1", "black/2", "black/3"] },
        { 0: "red/5", 1: "blue/7", 2: "green/6" },
      );
      deal(empty)
        .when(play(0, "catapult"), play(1, "towel", { target: 2 }))
        .then(ok(), piles({ 1: [up("green/6")], 2: [] }));
    });

    it("H-4.3 carousel: every top moves one seat left (s → s+1) or right, as it lay; an empty pile passes nothing but receives", () => {
      const t = specials({
        0: ["orange/7", "carousel", "carousel"],
        1: ["black/1"],
        2: ["purple/1"],
      });
      deal(t)
        .when(play(0, "carousel"))
        .then(refused("CHOICE_REQUIRED", "H-4.3"))
        .when(raw({ type: "playCard", seat: 0, card: "carousel", direction: "up" }))
        .then(refused("CHOICE_REQUIRED", "H-4.3"))
        .when(play(0, "carousel", { direction: "left" }))
        .then(ok(), piles({ 0: [up("green/6")], 1: [up("red/5")], 2: [up("blue/3")] }));
      deal(t)
        .when(play(0, "orange/7", { faceDown: true }))
        .when(play(1, "black/1", { faceDown: true }), play(2, "purple/1", { faceDown: true }))
        .when(play(0, "carousel", { direction: "right" }))
        .then(
          ok(),
          piles({
            0: [up("red/5"), onion("black/1")],
            1: [up("blue/3"), onion("purple/1")],
            2: [up("green/6"), onion("orange/7")],
          }),
        );
      const empty = specials(
        { 0: ["catapult", "carousel"], 1: ["red/1"], 2: ["purple/1"] },
        { 0: "red/5", 1: "blue/7", 2: "green/6" },
      );
      deal(empty)
        .when(
          play(0, "catapult"),
          play(1, "red/1", { to: 0 }),
          play(2, "purple/1", { faceDown: true }),
        )
        .then(
          ok(),
          piles({ 0: [up("red/5"), up("red/1")], 1: [], 2: [up("green/6"), onion("purple/1")] }),
        )
        .when(play(0, "carousel", { direction: "left" }))
        .then(
          ok(),
          piles({ 0: [up("red/5"), onion("purple/1")], 1: [up("red/1")], 2: [up("green/6")] }),
        );
    });

    it("H-4.4 werewolf: every top card is turned over; a revealed onion becomes visible", () => {
      const t = specials({ 0: ["orange/7"], 1: ["werewolf"] });
      deal(t)
        .when(play(0, "orange/7", { faceDown: true }))
        .then(
          check(({ driver }) =>
            expect(viewOf(driver, 2).piles[0]?.top).toEqual({ card: null, faceDown: true }),
          ),
        )
        .when(play(1, "werewolf"))
        .then(
          ok(),
          piles({
            0: [up("red/5"), up("orange/7")],
            1: [onion("blue/3")],
            2: [onion("green/6")],
          }),
          check(({ driver }) => {
            const view = viewOf(driver, 2);
            expect(view.piles[0]?.top).toEqual({ card: "orange/7", faceDown: false });
            expect(view.piles[1]?.top).toEqual({ card: null, faceDown: true });
          }),
        );
    });
  });

  describe("H-5 memory", () => {
    it("H-5.1 only each pile's top card is shown, an onion without its code; memory false adds onion counts and sizes", () => {
      const g = deal(EXAMPLE).when(
        play(0, "red/1"),
        play(1, "black/1", { faceDown: true }),
        play(2, "purple/1", { faceDown: true }),
      );
      g.then(
        check(({ driver }) => {
          for (const viewer of [0, 1, 2, "spectator"] as const) {
            const view = viewOf(driver, viewer);
            expect(view.piles.map((p) => p.top)).toEqual([
              { card: "red/1", faceDown: false },
              { card: null, faceDown: true },
              { card: null, faceDown: true },
            ]);
            expect(view.piles.every((p) => p.size === null && p.onions === null)).toBe(true);
            expect(JSON.stringify(view)).not.toContain("red/5");
            expect(JSON.stringify(view)).not.toContain("black/1");
          }
          expect(viewOf(driver, "spectator").hand).toBeNull();
          const own = viewOf(driver, 1);
          expect(own.hand).toEqual(stateOf(driver).hands[1]);
          expect(typeof own.drawPile).toBe("number");
        }),
      );
      deal(EXAMPLE, { memory: false })
        .when(play(0, "orange/7", { faceDown: true }))
        .then(
          check(({ driver }) => {
            const view = viewOf(driver, 1);
            expect(view.piles[0]).toEqual({
              top: { card: null, faceDown: true },
              size: 2,
              onions: 1,
            });
            expect(JSON.stringify(view)).not.toContain("orange/7");
            expect(viewOf(driver, "spectator").piles).toEqual(view.piles);
          }),
        );
    });
  });

  describe("H-6 end and score", () => {
    it("H-6.1 the game ends when the last hand card has been played", () => {
      const g = deal(EXAMPLE).when(botsUntil((s) => s.hands.flat().length === 1));
      g.then(status("playing"));
      const s = stateOf(g.driver);
      g.when(g.driver.legalMoves(s.turn)[0]!)
        .then(ok(), status("matchOver"), turn(null), logged("game.ended"))
        .when(play(s.turn, "red/1"))
        .then(refused("GAME_OVER"));
    });

    it("H-6.2 n onions spoil rank n; more than 7 spoil the 7s and rank n − 7; every other face-up card scores its rank", () => {
      expect(hr.spoiledRanks(0)).toEqual([]);
      expect(hr.spoiledRanks(5)).toEqual([5]);
      expect(hr.spoiledRanks(7)).toEqual([7]);
      expect(hr.spoiledRanks(9)).toEqual([7, 2]);
      expect(hr.spoiledRanks(14)).toEqual([7]);
      expect(hr.spoiledRanks(15)).toEqual([7]);
      expect(hr.spoiledRanks(20)).toEqual([7]);
      const five = [
        ...["a", "b", "c", "d", "e"].map(() => onion("red/7")),
        up("red/5"),
        up("blue/5"),
        up("green/3"),
      ];
      expect(hr.scorePile(five)).toEqual({ points: 3, spoiled: 10, onions: 5 });
      const nine = [
        ...Array.from({ length: 9 }, () => onion("red/1")),
        up("red/7"),
        up("red/2"),
        up("red/6"),
      ];
      expect(hr.scorePile(nine)).toEqual({ points: 6, spoiled: 9, onions: 9 });
      expect(hr.scorePile([up("red/1"), up("red/4")])).toEqual({
        points: 5,
        spoiled: 0,
        onions: 0,
      });
      // At the end of a real game the scores are exactly the piles' scores.
      deal(EXAMPLE)
        .when(toTheEnd)
        .then(
          check(({ driver }) => {
            const s = stateOf(driver);
            expect(s.scores).toEqual(s.piles.map((p) => hr.scorePile(p).points));
            expect(driver.scriptState().scores).toEqual(s.scores);
          }),
        );
    });

    it("H-6.3 the highest score wins; a tie goes to whoever lost more through spoiled cards; still tied, they share", () => {
      expect(hr.bestSeats([10, 12, 7], [0, 0, 9])).toEqual([1]);
      expect(hr.bestSeats([12, 12, 7], [3, 5, 9])).toEqual([1]);
      expect(hr.bestSeats([12, 12, 12], [5, 5, 0])).toEqual([0, 1]);
      deal(EXAMPLE)
        .when(toTheEnd)
        .then(
          check(({ driver }) => {
            const s = stateOf(driver);
            expect(s.gameWinners).toEqual(hr.bestSeats(s.scores!, s.spoiled!));
            expect(driver.scriptState().winners).toEqual(s.gameWinners);
          }),
        );
    });

    it("H-6.4 a match is one game unless option games asks for more; totals add up", () => {
      deal(EXAMPLE).when(toTheEnd).then(status("matchOver"));
      const g = deal(EXAMPLE, { games: 2 });
      g.when(nextGame()).then(refused("ILLEGAL_MOVE", "H-6.4"));
      g.when(toTheEnd).then(status("gameOver"), winners([]), turn(null));
      const first = stateOf(g.driver).scores!;
      g.when(nextGame()).then(
        ok(),
        status("playing"),
        turn(1),
        check(({ driver }) => expect(driver.progress().game).toBe(2)),
      );
      g.when(botsUntil(() => false, 5)).then(
        status("matchOver"),
        check(({ driver }) => {
          const s = stateOf(driver);
          expect(s.totals).toEqual(first.map((v, i) => v + s.scores![i]!));
          expect(driver.scriptState().totals).toEqual(s.totals);
          expect(s.winners).toEqual(hr.bestSeats(s.totals, s.spoiledTotals));
        }),
      );
      g.when(nextGame()).then(refused("GAME_OVER", "H-6.4"));
    });
  });
});

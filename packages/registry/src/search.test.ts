import {
  classicPredicates,
  createRng,
  FAST_PLAYOUT_COST,
  GameDriver,
  isPermutationOf,
  isRefusal,
  parseOptions,
  prepareSampler,
  search,
  type AnyEngine,
  type AnyVariant,
  type CardCode,
  type ClassicState,
  type Seat,
} from "@maumau/engine";
import { familyHouseRules } from "@maumau/variant-custom";
import { describe, expect, it } from "vitest";
import { findVariant, variants } from "./index.js";

type Ev = { type: string; data?: unknown };

/** Composed house rules beside the printed variants: two decks, a cut, draw-until-playable. */
const houseRules: Record<string, unknown>[] = [
  familyHouseRules,
  {
    version: 1,
    deck: "noris-110",
    decks: 2,
    handSize: 7,
    players: { min: 2, max: 10 },
    effects: {
      draw2: { kind: "draw", count: 2, stack: "any-draw" },
      wild: { kind: "wish" },
      stop: { kind: "skip" },
      reverse: { kind: "reverse" },
    },
    calls: { mau: { required: true, penalty: 2 } },
  },
  {
    version: 1,
    deck: "bavarian-32",
    dealing: "blocks-3-2",
    cut: { enabled: true, keepRank: "u" },
    players: { min: 2, max: 4 },
    effects: { u: { kind: "wish", onWish: false }, a: { kind: "playAgain" } },
    calls: {
      mau: { required: true, penalty: 1 },
      mauMau: { required: true, penalty: 3, takeBack: true },
    },
  },
  {
    version: 1,
    deck: "french-52",
    players: { min: 2, max: 4 },
    effects: { "8": { kind: "wish" }, "2": { kind: "draw", count: 2, stack: "same-rank" } },
    turn: { drawUntilPlayable: true },
  },
];

/** Every printed variant with default options, and the custom variant under each rule set. */
const tables: [string, AnyVariant, Record<string, unknown>][] = [
  ...variants
    .filter((v) => v.id !== "custom")
    .map((v) => [v.id, v, {}] as [string, AnyVariant, Record<string, unknown>]),
  ...houseRules.map(
    (doc, i) =>
      [`custom #${i}`, findVariant("custom")!, doc] as [
        string,
        AnyVariant,
        Record<string, unknown>,
      ],
  ),
  ["heul-doch (memory)", findVariant("heul-doch")!, { memory: true }],
];

function open(variant: AnyVariant, options: Record<string, unknown>, seed: number, players = 4) {
  const driver = GameDriver.open(variant, { players, options, seed });
  if (isRefusal(driver)) throw new Error(driver.message.en);
  return driver;
}

const knowledge = (engine: AnyEngine, state: unknown, log: readonly Ev[], seat: Seat) => ({
  seat,
  view: engine.view(state, seat),
  log: log.map((e) => engine.eventFor(e, seat)),
});

describe("the search bot's sampler: worlds consistent with everything a seat has seen", () => {
  it.each(tables)(
    "%s: every sample shows the seat exactly its view (hand, hand sizes, piles, top cards) and holds the whole deck",
    (_name, variant, options) => {
      const parsed = parseOptions(variant, options);
      if (isRefusal(parsed)) throw new Error(parsed.message.en);
      const deck = variant.deckFor(parsed);
      let samples = 0;
      let differed = 0;
      for (let seed = 1; seed <= 3; seed++) {
        const driver = open(variant, options, seed);
        const engine = driver.engine;
        const random = createRng(seed, 9);
        for (let move = 0; move < 300; move++) {
          const p = driver.progress();
          if (p.toAct === null) break;
          // The seat to act and the seat after it (which is not acting) both sample.
          for (const seat of [p.toAct, (p.toAct + 1) % 4]) {
            const knows = knowledge(engine, driver.state, driver.events, seat);
            const sampler = prepareSampler(engine, knows.log, seat, knows.view, random);
            const a = sampler.sample(random);
            const b = sampler.sample(random);
            for (const world of [a, b]) {
              expect(engine.view(world, seat)).toEqual(engine.view(driver.state, seat));
              expect(isPermutationOf(engine.cardsInPlay(world), deck)).toBe(true);
              expect(engine.legalMoves(world, seat)).toEqual(driver.legalMoves(seat));
            }
            samples++;
            if (
              sampler.unseen > 1 &&
              JSON.stringify(engine.cardsInPlay(a)) !== JSON.stringify(engine.cardsInPlay(b))
            )
              differed++;
          }
          const level = move % 3 === 0 ? "random" : "heuristic";
          expect(driver.dispatch(driver.botMove(p.toAct, level, random)).ok).toBe(true);
        }
      }
      expect(samples).toBeGreaterThan(20);
      // Sampling is random: two samples of one information set usually deal differently.
      expect(differed).toBeGreaterThan(samples / 2);
    },
    300_000,
  );
});

describe("the sampler keeps what a draw told (soft facts)", () => {
  it("noris: a seat that drew held no card that fitted then; samples keep to it", () => {
    const variant = findVariant("noris")!;
    let checked = 0;
    let kept = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const driver = open(variant, {}, seed);
      const engine = driver.engine;
      const random = createRng(seed, 3);
      for (let move = 0; move < 200; move++) {
        const p = driver.progress();
        if (p.toAct === null) break;
        const before = driver.state as ClassicState;
        const drawer = p.toAct;
        const drew =
          driver.legalMoves(drawer).every((c) => c.type === "drawCard") &&
          before.phase === "playing" &&
          before.pendingDraw === 0;
        const command = drew
          ? driver.legalMoves(drawer)[0]!
          : driver.botMove(drawer, move % 2 ? "random" : "heuristic", random);
        expect(driver.dispatch(command).ok).toBe(true);
        if (!drew) continue;
        // Right after the draw, the seat after the drawer samples the drawer's hand: the cards
        // the drawer held before its draw (all but the newest) must not fit the position then.
        const seat = (drawer + 1) % 4;
        const knows = knowledge(engine, driver.state, driver.events, seat);
        const sampler = prepareSampler(engine, knows.log, seat, knows.view, random);
        for (let i = 0; i < 5; i++) {
          const world = sampler.sample(random) as ClassicState;
          const hand = world.hands[drawer]!;
          const held = hand.slice(0, before.hands[drawer]!.length);
          checked++;
          if (held.every((c) => !classicPredicates.canPlay(before, c))) kept++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    // The sampler repairs a deal by a few random swaps: nearly always enough.
    expect(kept).toBeGreaterThan(checked * 0.95);
  });
});

describe("the sampler across reshuffles (a reshuffled discard pile: seen cards, unseen order)", () => {
  it.each([
    ["noris (two copies of most cards)", "noris"],
    ["french", "french"],
  ])(
    "%s: long random games, every sample matches the acting seat's view and holds the deck",
    (_name, id) => {
      const variant = findVariant(id)!;
      const deck = variant.deck;
      let reshuffled = 0;
      for (let seed = 1; seed <= 60; seed++) {
        const driver = open(variant, {}, seed);
        const engine = driver.engine;
        const random = createRng(seed, 7);
        for (let move = 0; move < 600; move++) {
          const p = driver.progress();
          if (p.toAct === null) break;
          if (move % 4 === 0) {
            const knows = knowledge(engine, driver.state, driver.events, p.toAct);
            const world = prepareSampler(engine, knows.log, p.toAct, knows.view, random).sample(
              random,
            );
            expect(engine.view(world, p.toAct)).toEqual(knows.view);
            expect(isPermutationOf(engine.cardsInPlay(world), deck)).toBe(true);
          }
          expect(driver.dispatch(driver.botMove(p.toAct, "random", random)).ok).toBe(true);
        }
        if (driver.events.some((e) => e.type === "pile.reshuffled")) reshuffled++;
      }
      expect(reshuffled).toBeGreaterThan(1);
    },
    300_000,
  );
});

/**
 * A second log of the same match that the seat cannot tell apart from the first: the hands
 * of the other seats dealt differently (their cards permuted among them) and another seed.
 */
function hiddenTwin(log: readonly Ev[], seat: Seat, random: () => number): Ev[] {
  return log.map((e) => {
    if (e.type === "match.started")
      return { ...e, data: { ...(e.data as object), seed: "another secret seed" } };
    if (e.type !== "cards.dealt") return e;
    const hands = (e.data as { hands: CardCode[][] }).hands;
    const others = hands.flatMap((h, s) => (s === seat ? [] : h));
    for (let i = others.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [others[i], others[j]] = [others[j]!, others[i]!];
    }
    let k = 0;
    return {
      ...e,
      data: { hands: hands.map((h, s) => (s === seat ? h : h.map(() => others[k++]!))) },
    };
  });
}

describe("the search bot never reads hidden state", () => {
  it.each(tables.filter(([name]) => !name.startsWith("custom #2")))(
    "%s: two states alike in the seat's view and log but with other hidden cards get the same move under one seed",
    (_name, variant, options) => {
      let compared = 0;
      for (let seed = 1; compared < 3 && seed < 40; seed++) {
        const driver = open(variant, options, seed);
        const engine = driver.engine;
        const seat = driver.progress().toAct!;
        const legal = driver.legalMoves(seat);
        if (legal.length < 2) continue;
        const twinLog = hiddenTwin(driver.events, seat, createRng(seed, 5));
        const twin = engine.replay(twinLog);
        // Different hidden cards, the same for the seat.
        expect(JSON.stringify(twin)).not.toEqual(JSON.stringify(driver.state));
        expect(engine.view(twin, seat)).toEqual(engine.view(driver.state, seat));
        expect(twinLog.map((e) => engine.eventFor(e, seat))).toEqual(
          driver.events.map((e) => engine.eventFor(e, seat)),
        );
        const move = (state: unknown, log: readonly Ev[]) =>
          engine.botMove(state, seat, "search", createRng(seed, 1), log, { playouts: 40 });
        expect(move(twin, twinLog)).toEqual(move(driver.state, driver.events));
        compared++;
      }
      expect(compared).toBe(3);
    },
    300_000,
  );

  it("the search sees only the seat's hand and filtered log: its result is a function of them", () => {
    const driver = open(findVariant("noris")!, {}, 11);
    const engine = driver.engine;
    const seat = driver.progress().toAct!;
    const knows = knowledge(engine, driver.state, driver.events, seat);
    const a = search(engine, knows, { seed: 5, playouts: 50 });
    const b = search(engine, structuredClone(knows), { seed: 5, playouts: 50 });
    expect(b).toEqual(a);
    // A round plays every legal move once: the budget is used in whole rounds, and noris runs
    // on the fast path, where a playout costs FAST_PLAYOUT_COST of one.
    const moves = a.stats.length;
    expect(a.fast).toBe(true);
    const round = moves * FAST_PLAYOUT_COST;
    expect(a.playouts).toBe(round > 50 ? moves : Math.floor(50 / round + 1e-9) * moves);
    expect(a.stats.reduce((sum, s) => sum + s.visits, 0)).toBe(a.playouts);
  });

  it("heul-doch and the classic variants search with playouts on their fast paths", () => {
    const cases: [AnyVariant, Record<string, unknown>, boolean][] = [
      [findVariant("heul-doch")!, {}, true],
      [findVariant("french")!, {}, true],
      [findVariant("bavarian")!, {}, true],
    ];
    for (const [variant, options, fast] of cases) {
      let checked = 0;
      for (let seed = 1; checked === 0 && seed < 30; seed++) {
        const driver = open(variant, options, seed);
        // A few moves in: past bavarian's cut (B-2.2), which the fast path leaves to the engine.
        const random = createRng(seed, 6);
        for (let i = 0; i < 6; i++)
          driver.dispatch(driver.botMove(driver.progress().toAct!, "heuristic", random));
        const seat = driver.progress().toAct;
        if (seat === null || driver.legalMoves(seat).length < 2) continue;
        const knows = knowledge(driver.engine, driver.state, driver.events, seat);
        const result = search(driver.engine, knows, { seed, playouts: 20 });
        expect(result.fast).toBe(fast);
        expect(driver.legalMoves(seat)).toContainEqual(result.command);
        checked++;
      }
      expect(checked).toBe(1);
    }
  });
});

describe("the search bot plays legal moves in every variant and rule set", () => {
  it.each(tables)(
    "%s: whole games with a search seat (tiny budget) and random seats: every move accepted, every game ends",
    (_name, variant, options) => {
      for (let seed = 1; seed <= 2; seed++) {
        const driver = open(variant, options, seed, 3);
        const random = createRng(seed, 4);
        let moves = 0;
        for (; moves < 3000; moves++) {
          const p = driver.progress();
          if (p.toAct === null) break;
          const level = p.toAct === seed % 3 ? "search" : "random";
          const command = driver.botMove(p.toAct, level, random, { playouts: 6 });
          const outcome = driver.dispatch(command);
          expect(outcome.ok, JSON.stringify(command)).toBe(true);
        }
        const status = driver.progress().status;
        if (!(options.turn as { drawUntilPlayable?: boolean } | undefined)?.drawUntilPlayable)
          expect(["gameOver", "matchOver"]).toContain(status);
      }
    },
    300_000,
  );
});

import {
  classicEngine,
  classicPredicates,
  FastClassic,
  FastRng,
  isFastUnsupported,
  isRefusal,
  legalClassicMoves,
  openMatch,
  type AnyVariant,
  type ClassicEvent,
  type ClassicState,
  type Command,
  type FastSnapshot,
} from "@maumau/engine";
import { fastSnapshotOf } from "@maumau/engine/testing";
import { familyHouseRules, grownHouseRules } from "@maumau/variant-custom";
import { describe, expect, it } from "vitest";
import { findVariant } from "./index.js";

/**
 * The fast path (packages/engine/src/fast) against the engine's `decide`/`evolve` (which the
 * machine is proven equal to): random games of every classic rule set, and in every position
 * the same legal moves, the same acceptance or refusal of faulty commands, and after every
 * accepted command the same table. `SOAK=1` plays 100,000 games (root `pnpm test:soak`).
 */
const SOAK = process.env.SOAK === "1";
/** `FAST_GAMES=N` plays N games instead (a shorter soak on a busy machine). */
const TOTAL_GAMES = Number(process.env.FAST_GAMES ?? "") || (SOAK ? 100_000 : 330);

interface Case {
  readonly name: string;
  readonly variant: string;
  readonly options: unknown;
  readonly players: readonly [number, number];
}

/** Every classic variant, and custom sets that switch on what the presets leave off. */
const CASES: readonly Case[] = [
  { name: "noris", variant: "noris", options: { games: 1 }, players: [2, 6] },
  {
    name: "noris, voluntary draw",
    variant: "noris",
    options: { games: 1, voluntaryDraw: true },
    players: [2, 5],
  },
  { name: "tabaluga", variant: "tabaluga", options: { games: 1 }, players: [2, 4] },
  { name: "french", variant: "french", options: {}, players: [2, 6] },
  {
    name: "french, play after draw",
    variant: "french",
    options: { playAfterDraw: true },
    players: [2, 5],
  },
  { name: "bavarian", variant: "bavarian", options: {}, players: [2, 5] },
  {
    name: "bavarian, cut, unter on unter",
    variant: "bavarian",
    options: { cut: true, unterOnUnter: true, voluntaryDraw: true },
    players: [2, 5],
  },
  {
    name: "custom: family house rules",
    variant: "custom",
    options: familyHouseRules,
    players: [2, 4],
  },
  {
    name: "custom: two decks, draw until playable, any-draw, Mau-Mau penalty, reverse skips",
    variant: "custom",
    options: {
      preset: "noris",
      decks: 2,
      handSize: 7,
      effects: {
        draw2: { kind: "draw", count: 2, stack: "any-draw" },
        draw4: { kind: "draw", count: 4, stack: "any-draw" },
        wild: { kind: "wish", onWish: false },
        reverse: { kind: "reverse" },
        stop: { kind: "playAgain" },
      },
      turn: {
        drawUntilPlayable: true,
        voluntaryDraw: false,
        starterEffects: true,
        reverseSkipsWithTwo: true,
      },
      calls: {
        mau: { required: true, penalty: 2 },
        mauMau: { required: true, penalty: 1, takeBack: false },
      },
    },
    players: [2, 6],
  },
  {
    name: "custom: french-32, small hands, take back, ace cannot finish, no-stack draw",
    variant: "custom",
    options: {
      preset: "bavarian",
      deck: "french-32",
      handSize: 3,
      cut: { enabled: true, keepRank: "j" },
      effects: {
        j: { kind: "wish", onWish: true },
        "7": { kind: "draw", count: 3, stack: "none" },
        a: { kind: "playAgain" },
        q: { kind: "skip" },
        k: { kind: "reverse" },
      },
      turn: { starterEffects: true, playAfterDraw: true, voluntaryDraw: true },
    },
    players: [2, 5],
  },
  {
    name: "custom: wild starter allows anything, draw until playable",
    variant: "custom",
    options: {
      preset: "noris",
      turn: { wildStarterAllowsAnything: true, drawUntilPlayable: true, voluntaryDraw: false },
    },
    players: [2, 4],
  },
  {
    name: "custom: C-3 seven cards with two, draw cap, empty stock passes, winner collects, jacks buried",
    variant: "custom",
    options: grownHouseRules,
    players: [2, 5],
  },
  { name: "crazy-eights", variant: "crazy-eights", options: {}, players: [2, 7] },
  { name: "switch", variant: "switch", options: {}, players: [2, 7] },
];

const key = (c: Command): string => JSON.stringify(c, Object.keys(c).sort());

/** A command that may or may not be legal: wrong seats, cards, colours, calls, shapes. */
function faulty(s: ClassicState, fast: FastClassic, rng: FastRng): unknown {
  const seat = s.turn;
  const cards = fast.tables.codes;
  const colours = fast.tables.colours;
  const any = <T>(xs: readonly T[]): T => xs[rng.below(xs.length)]!;
  const call = () => any([true, false, undefined, null, "yes"]);
  const hand = s.hands[seat] ?? [];
  switch (rng.below(12)) {
    case 0:
      return {
        type: "playCard",
        seat,
        card: any(cards),
        wish: any([...colours, "purple", 3, undefined]),
        mau: call(),
        mauMau: call(),
      };
    case 1:
    case 2: {
      // a card of the hand with any calls and wish: forgotten calls are legal and cost cards
      const card = hand.length ? any(hand) : any(cards);
      return {
        type: "playCard",
        seat,
        card,
        wish: any([...colours, colours[0], "nope", undefined]),
        mau: any([true, false]),
        mauMau: any([true, false]),
      };
    }
    case 3:
      return { type: any(["drawCard", "pass"]), seat };
    case 4: {
      const other = any([(seat + 1) % s.players, s.players, -1, 0.5, "0"]);
      return {
        type: any(["playCard", "drawCard", "pass", "chooseColour"]),
        seat: other,
        card: any(hand.length ? hand : cards),
        colour: any(colours),
      };
    }
    case 5:
      return { type: "chooseColour", seat, colour: any([...colours, "purple", 7, undefined]) };
    case 6:
      return { type: "cut", seat, at: rng.below(10) };
    case 7:
      return { type: "startNextGame" };
    case 8:
      return any([
        null,
        42,
        "playCard",
        { type: 5, seat },
        { type: "fly", seat },
        { seat },
        { type: "constructor", seat },
        { type: "toString", seat },
      ]);
    case 9:
      return { type: "playCard", seat, card: any(["", "wild/1", "red/99", 12]) };
    default: {
      const n = fast.legalMoves(fast.moves);
      const c = fast.decode(fast.moves[rng.below(n)]!);
      return c.type === "playCard" ? { ...c, mau: !c.mau, wish: undefined } : c;
    }
  }
}

/**
 * Random play with voluntary draws can let hands grow for a very long time: a game is
 * compared move by move up to this many steps, then left (`capped`).
 */
const MAX_STEPS = 20_000;

function playGame(c: Case, variant: AnyVariant, game: number): { steps: number; capped: boolean } {
  const players = c.players[0] + (game % (c.players[1] - c.players[0] + 1));
  const events = openMatch(variant, {
    players,
    seed: `${c.name}#${game}`,
    options: c.options,
    dealer: game % players,
  });
  if (isRefusal(events)) throw new Error(events.message.en);
  let state = classicEngine.replay(events as ClassicEvent[]);
  const rng = new FastRng(game);
  while (state.phase === "cutting") {
    const moves = legalClassicMoves(state, state.turn);
    const next = classicEngine.apply(state, moves[rng.below(moves.length)]!);
    if (isRefusal(next)) throw new Error(next.message.en);
    state = next.state;
  }
  const loaded = FastClassic.load(state, { exactShuffles: true });
  if (isFastUnsupported(loaded)) throw new Error(`unsupported: ${loaded.reason}`);
  let fast: FastClassic = loaded;
  let steps = 0;
  for (;;) {
    const want = fastSnapshotOf(state);
    const got = fast.snapshot();
    if (JSON.stringify(got) !== JSON.stringify(want))
      expect(got, `${c.name} game ${game} step ${steps}`).toEqual(want);
    if (want.phase === "over") {
      expect(fast.accepts({ type: "startNextGame" })).toBe("unsupported");
      expect(fast.legalMoves(fast.moves)).toBe(0);
      break;
    }

    const engineMoves = legalClassicMoves(state, state.turn).map(key).sort();
    const n = fast.legalMoves(fast.moves);
    const fastMoves = Array.from(fast.moves.subarray(0, n), (m) => key(fast.decode(m))).sort();
    if (engineMoves.join() !== fastMoves.join())
      expect(fastMoves, `${c.name} game ${game} step ${steps}`).toEqual(engineMoves);
    for (let i = 0; i < n; i++)
      if (!fast.isLegal(fast.moves[i]!))
        expect(fast.decode(fast.moves[i]!)).toBe("legal by isLegal");

    for (let k = 0; k < 2; k++) {
      const command = faulty(state, fast, rng);
      const refused = isRefusal(classicEngine.apply(state, command as Command));
      if (fast.accepts(command) !== !refused)
        expect({ command, accepted: fast.accepts(command) }).toEqual({
          command,
          accepted: !refused,
        });
    }

    const command =
      rng.below(5) === 0 ? faulty(state, fast, rng) : fast.decode(fast.moves[rng.below(n)]!);
    const result = classicEngine.apply(state, command as Command);
    const accepted = fast.accepts(command);
    if (accepted !== !isRefusal(result))
      expect({ command, accepted }).toEqual({ command, accepted: !isRefusal(result) });
    if (!isRefusal(result)) {
      fast.apply(fast.encode(command));
      state = result.state;
    }
    if (++steps % 97 === 0) {
      // now and then a load mid-game: the loader must read any position
      const again = FastClassic.load(state, { exactShuffles: true });
      if (isFastUnsupported(again)) throw new Error(again.reason);
      fast = again;
    }
    if (steps >= MAX_STEPS) return { steps, capped: true };
  }
  return { steps, capped: false };
}

describe(`fast path = engine over ${TOTAL_GAMES} random games of the classic family`, () => {
  const perCase = Math.ceil(TOTAL_GAMES / CASES.length);
  for (const c of CASES)
    it(
      `${c.name}: ${perCase} games, same legal moves, same verdict on faulty commands, same tables`,
      () => {
        const variant = findVariant(c.variant);
        if (!variant) throw new Error(`no variant ${c.variant}`);
        let steps = 0;
        let capped = 0;
        for (let game = 0; game < perCase; game++) {
          const played = playGame(c, variant, game);
          steps += played.steps;
          if (played.capped) capped++;
        }
        expect(steps).toBeGreaterThan(perCase * 5);
        // nearly every game is compared to its end (the engine's own tests show every game ends)
        expect(capped).toBeLessThanOrEqual(Math.floor(perCase / 50));
      },
      // CPU-bound: on two cores beside the other packages' tests one case took 133 s.
      SOAK || process.env.FAST_GAMES ? 6 * 3_600_000 : 600_000,
    );

  it("says so when it cannot run a position: before the deal", () => {
    const variant = findVariant("bavarian")!;
    const events = openMatch(variant, { players: 3, seed: 1, options: { cut: true } });
    if (isRefusal(events)) throw new Error(events.message.en);
    const state = classicEngine.replay(events as ClassicEvent[]);
    expect(state.phase).toBe("cutting");
    const fast = FastClassic.load(state);
    expect(isFastUnsupported(fast) && fast.reason).toMatch(/cutting/);
  });

  it("says so when a rule set has an effect it does not know", () => {
    const variant = findVariant("noris")!;
    const events = openMatch(variant, { players: 3, seed: 1, options: { games: 1 } });
    if (isRefusal(events)) throw new Error(events.message.en);
    const state = classicEngine.replay(events as ClassicEvent[]);
    const rules = {
      ...state.rules,
      effects: { ...state.rules.effects, "5": { kind: "swapHands" } },
    };
    const fast = FastClassic.load({ ...state, rules } as unknown as ClassicState);
    expect(isFastUnsupported(fast) && fast.reason).toMatch(/swapHands/);
  });
});

/** A custom set that deals in blocks of 3 and 2 without the cut (the presets cut). */
const BLOCKS: Case = {
  name: "custom: bavarian dealing without the cut",
  variant: "custom",
  options: { preset: "bavarian", cut: { enabled: false } },
  players: [2, 5],
};

function opened(c: Case, game: number, deck?: readonly string[]): ClassicState {
  const players = c.players[0] + (game % (c.players[1] - c.players[0] + 1));
  const events = openMatch(findVariant(c.variant)!, {
    players,
    seed: `deal#${game}`,
    options: c.options,
    dealer: game % players,
    ...(deck ? { deck } : {}),
  });
  if (isRefusal(events)) throw new Error(events.message.en);
  return classicEngine.replay(events as ClassicEvent[]);
}

const loadOrFail = (s: ClassicState, rngSeed = 1): FastClassic => {
  const f = FastClassic.load(s, { rngSeed });
  if (isFastUnsupported(f)) throw new Error(f.reason);
  return f;
};

describe("fast deals, copies, determinizations and playouts", () => {
  for (const c of [...CASES, BLOCKS].filter((x) => opened(x, 0).phase !== "cutting"))
    it(`${c.name}: the search's greedy playout makes only legal moves and games end`, () => {
      for (let game = 0; game < 40; game++) {
        const sim = loadOrFail(opened(c, game), game + 3);
        if (sim.over) continue;
        const deck = [
          ...sim.snapshot().hands.flat(),
          ...sim.snapshot().drawPile,
          ...sim.snapshot().discard,
        ].sort();
        let moves = 0;
        while (!sim.over && moves < 5000) {
          const move = sim.greedyMove();
          expect(
            sim.isLegal(move),
            `game ${game} move ${moves}: ${JSON.stringify(sim.decode(move))}`,
          ).toBe(true);
          sim.apply(move);
          moves++;
        }
        const end = sim.snapshot();
        expect([...end.hands.flat(), ...end.drawPile, ...end.discard].sort()).toEqual(deck);
        expect(sim.over).toBe(true);
      }
    });

  // The fast deal skips the cut (B-2.2): rule sets that cut are dealt by the engine only.
  for (const c of [...CASES, BLOCKS].filter((x) => opened(x, 0).phase !== "cutting"))
    it(`${c.name}: a deal of a given deck order is the engine's deal, starter effect included`, () => {
      const rng = new FastRng(99);
      for (let game = 0; game < 40; game++) {
        const first = opened(c, game);
        const deck = classicPredicates.fullDeck(first.rules);
        for (let i = deck.length - 1; i > 0; i--) {
          const j = rng.below(i + 1);
          [deck[i], deck[j]] = [deck[j]!, deck[i]!];
        }
        const engine = opened(c, game, deck);
        const fast = loadOrFail(first);
        fast.dealDeck(deck, engine.dealer);
        expect(fast.snapshot(), `game ${game}`).toEqual(fastSnapshotOf(engine));
      }
    });

  // … and crazy-eights, whose winner collects (C-3.3)
  for (const c of [
    CASES[0]!,
    CASES[3]!,
    CASES[7]!,
    CASES.find((k) => k.variant === "crazy-eights")!,
    BLOCKS,
  ])
    it(`${c.name}: clones are independent, a determinization keeps what the seat knows, playouts end with the engine's scores`, () => {
      for (let game = 0; game < 30; game++) {
        const root = loadOrFail(opened(c, game), game + 1);
        const before = root.snapshot();
        const sim = root.clone(game + 7);
        expect(sim.snapshot()).toEqual(before);

        const seat = before.turn;
        sim.shuffleUnseen(seat);
        const after = sim.snapshot();
        expect(after.hands[seat]).toEqual(before.hands[seat]);
        expect(after.discard).toEqual(before.discard);
        expect(after.hands.map((h) => h.length)).toEqual(before.hands.map((h) => h.length));
        const unseen = (x: FastSnapshot) =>
          [...x.hands.filter((_, i) => i !== seat).flat(), ...x.drawPile].sort();
        expect(unseen(after)).toEqual(unseen(before));

        const moves = sim.playout();
        expect(moves).toBeGreaterThan(0);
        expect(sim.over).toBe(true);
        const end = sim.snapshot();
        const rules = sim.tables.rules;
        const winner = sim.winner;
        if (winner !== null) expect(end.hands[winner]).toEqual([]);
        const scores = classicPredicates.gameScores(rules, end.hands, winner);
        end.hands.forEach((_, i) => expect(sim.score(i)).toBe(scores[i]));
        expect(root.snapshot()).toEqual(before);

        // a fresh deal on the copy: the whole deck, every hand full, the game runs
        sim.deal();
        const dealt = sim.snapshot();
        const all = [...dealt.hands.flat(), ...dealt.drawPile, ...dealt.discard].sort();
        expect(all).toEqual(classicPredicates.fullDeck(rules).sort());
        expect(sim.over).toBe(false);
      }
    });
});

import {
  createRng,
  FastHeulDoch,
  FastRng,
  heulDochEngine,
  heulDochPredicates,
  heuristicHeulDochFastPolicy,
  isFastUnsupported,
  isRefusal,
  legalHeulDochMoves,
  openMatch,
  randomFastPolicy,
  type Command,
  type HeulDochEvent,
  type HeulDochState,
} from "@maumau/engine";
import { fastHeulDochSnapshotOf } from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { findVariant } from "./index.js";

/**
 * The Heul doch! fast path (packages/engine/src/fast/heulDoch.ts) against the engine's
 * `decide`/`evolve` (which the machine is proven equal to), as fast.test.ts does for the
 * classic family: random games of every option, and in every position the same legal moves
 * in the same order, the same acceptance or refusal of faulty commands, and after every
 * accepted command the same table. The deal of a given deck order (special cards returned
 * to the draw pile by the match's seed) is the engine's deal. `SOAK=1` plays 20,000 games.
 */
const SOAK = process.env.SOAK === "1";
const TOTAL_GAMES = Number(process.env.FAST_GAMES ?? "") || (SOAK ? 20_000 : 240);

interface Case {
  readonly name: string;
  readonly options: Record<string, unknown>;
}

const CASES: readonly Case[] = [
  { name: "number cards only", options: {} },
  { name: "special cards", options: { specials: true } },
  {
    name: "special cards, assist mode, seat 2 starts",
    options: { specials: true, memory: false, first: 2 },
  },
  { name: "two games a match", options: { specials: true, games: 2 } },
];

const variant = () => {
  const v = findVariant("heul-doch");
  if (!v) throw new Error("no variant heul-doch");
  return v;
};

const key = (c: Command): string => JSON.stringify(c, Object.keys(c).sort());

/** A command that may or may not be legal: wrong seats, cards, places, shapes. */
function faulty(s: HeulDochState, fast: FastHeulDoch, rng: FastRng): unknown {
  const seat = s.turn;
  const cards = fast.tables.codes;
  const any = <T>(xs: readonly T[]): T => xs[rng.below(xs.length)]!;
  const hand = s.hands[seat] ?? [];
  const mine = () => (hand.length ? any(hand) : any(cards));
  const seatish = () => any([0, 1, 2, s.players - 1, s.players, -1, 0.5, "1", null, undefined]);
  switch (rng.below(10)) {
    case 0:
      return {
        type: "playCard",
        seat,
        card: any(cards),
        to: seatish(),
        faceDown: any([true, false, undefined]),
      };
    case 1:
    case 2:
      return {
        type: "playCard",
        seat,
        card: mine(),
        to: any([seat, (seat + 1) % s.players, (seat + 2) % s.players, undefined, null]),
        faceDown: any([true, false, undefined, null, "yes"]),
      };
    case 3:
      return {
        type: "playCard",
        seat,
        card: any(["towel", "carousel", "catapult", "werewolf", mine()]),
        target: seatish(),
        direction: any(["left", "right", "up", 1, undefined]),
        ...(rng.below(4) === 0 ? { to: seat } : {}),
        ...(rng.below(4) === 0 ? { faceDown: true } : {}),
      };
    case 4:
      return {
        type: any(["drawCard", "pass", "chooseColour", "cut"]),
        seat: any([seat, s.players]),
      };
    case 5:
      return { type: "playCard", seat: (seat + 1) % s.players, card: mine() };
    case 6:
      return { type: "startNextGame" };
    case 7:
      return any([null, 42, "playCard", { type: 5, seat }, { type: "fly", seat }, { seat }]);
    case 8:
      return { type: "playCard", seat, card: any(["", "red/8", "wild", 12]) };
    default: {
      const n = fast.legalMoves(fast.moves);
      return { ...fast.decode(fast.moves[rng.below(n)]!), faceDown: any([true, false]) };
    }
  }
}

function opened(c: Case, game: number, seed: string, deck?: readonly string[]): HeulDochState {
  const players = 3 + (game % 4);
  const events = openMatch(variant(), {
    players,
    seed,
    options: c.options,
    ...(deck ? { deck } : {}),
  });
  if (isRefusal(events)) throw new Error(events.message.en);
  return heulDochEngine.replay(events as HeulDochEvent[]);
}

const loadOrFail = (s: HeulDochState, rngSeed = 1): FastHeulDoch => {
  const f = FastHeulDoch.load(s, { rngSeed });
  if (isFastUnsupported(f)) throw new Error(f.reason);
  return f;
};

function playGame(c: Case, game: number): number {
  let state = opened(c, game, `${c.name}#${game}`);
  const rng = new FastRng(game);
  let fast = loadOrFail(state);
  let steps = 0;
  for (;;) {
    const want = fastHeulDochSnapshotOf(state);
    const got = fast.snapshot();
    if (JSON.stringify(got) !== JSON.stringify(want))
      expect(got, `${c.name} game ${game} step ${steps}`).toEqual(want);
    if (want.over) {
      expect(fast.accepts({ type: "startNextGame" })).toBe("unsupported");
      expect(fast.legalMoves(fast.moves)).toBe(0);
      expect(fast.toAct).toBe(null);
      return steps;
    }
    expect(fast.toAct).toBe(state.turn);

    // the same moves in the same order (a policy picking the i-th move agrees on both)
    const engineMoves = legalHeulDochMoves(state, state.turn).map(key);
    const n = fast.legalMoves(fast.moves);
    const fastMoves = Array.from(fast.moves.subarray(0, n), (m) => key(fast.decode(m)));
    if (engineMoves.join() !== fastMoves.join())
      expect(fastMoves, `${c.name} game ${game} step ${steps}`).toEqual(engineMoves);
    for (let i = 0; i < n; i++)
      if (!fast.isLegal(fast.moves[i]!))
        expect(fast.decode(fast.moves[i]!)).toBe("legal by isLegal");

    for (let k = 0; k < 3; k++) {
      const command = faulty(state, fast, rng);
      const refused = isRefusal(heulDochEngine.apply(state, command as Command));
      if (fast.accepts(command) !== !refused)
        expect({ command, accepted: fast.accepts(command) }).toEqual({
          command,
          accepted: !refused,
        });
    }

    const command =
      rng.below(5) === 0 ? faulty(state, fast, rng) : fast.decode(fast.moves[rng.below(n)]!);
    const result = heulDochEngine.apply(state, command as Command);
    const accepted = fast.accepts(command);
    if (accepted !== !isRefusal(result))
      expect({ command, accepted }).toEqual({ command, accepted: !isRefusal(result) });
    if (!isRefusal(result)) {
      fast.apply(fast.encode(command));
      state = result.state;
      steps++;
    }
    if (steps % 23 === 0) fast = loadOrFail(state); // a load mid-game reads any position
  }
}

describe(`Heul doch! fast path = engine over ${TOTAL_GAMES} random games`, () => {
  const perCase = Math.ceil(TOTAL_GAMES / CASES.length);
  for (const c of CASES)
    it(
      `${c.name}: ${perCase} games, same legal moves in order, same verdict on faulty commands, same tables`,
      () => {
        let steps = 0;
        for (let game = 0; game < perCase; game++) steps += playGame(c, game);
        // every hand card is played: at least the 98 number cards less the four piles' starters
        expect(steps).toBeGreaterThan(perCase * 90);
      },
      // CPU-bound: on two cores beside the other packages' tests one case took 133 s.
      SOAK || process.env.FAST_GAMES ? 6 * 3_600_000 : 600_000,
    );

  it("says so when it cannot run a position: before the deal", () => {
    const s = opened(CASES[0]!, 0, "idle");
    const idle = { ...s, phase: "idle" } as HeulDochState;
    const f = FastHeulDoch.load(idle);
    expect(isFastUnsupported(f) && f.reason).toMatch(/idle/);
  });
});

describe("Heul doch! fast deals, copies and playouts", () => {
  for (const c of CASES)
    it(`${c.name}: a deal of a given deck order is the engine's deal, special cards returned by the seed`, () => {
      const rng = new FastRng(7);
      for (let game = 0; game < 40; game++) {
        const seed = `deal#${game}`;
        const first = opened(c, game, seed);
        const deck = heulDochPredicates.fullDeck(first.rules);
        for (let i = deck.length - 1; i > 0; i--) {
          const j = rng.below(i + 1);
          [deck[i], deck[j]] = [deck[j]!, deck[i]!];
        }
        // force special cards onto the piles now and then
        if (first.rules.specials && game % 2 === 0) {
          const specials = deck.filter(heulDochPredicates.isSpecial);
          const rest = deck.filter((x) => !heulDochPredicates.isSpecial(x));
          deck.splice(0, deck.length, ...specials.slice(0, 3), ...rest, ...specials.slice(3));
        }
        const engine = opened(c, game, seed, deck);
        const fast = loadOrFail(first);
        // `decide`: the k-th returned card draws stream game * 1000 + 1 + k of the seed
        fast.dealDeck(deck, (k, rest) =>
          heulDochPredicates.returnIndex(createRng(seed, 1000 + 1 + k), rest),
        );
        expect(fast.snapshot(), `game ${game}`).toEqual(fastHeulDochSnapshotOf(engine));
      }
    });

  it("random deals use the whole deck, playouts end with the engine's scores, clones are independent", () => {
    for (let game = 0; game < 60; game++) {
      const c = CASES[game % CASES.length]!;
      const root = loadOrFail(opened(c, game, `play#${game}`), game + 1);
      root.deal();
      const dealt = root.snapshot();
      const all = [
        ...dealt.hands.flat(),
        ...dealt.drawPile,
        ...dealt.piles.flat().map((x) => x.card),
      ].sort();
      expect(all).toEqual(heulDochPredicates.fullDeck(root.rules).sort());
      expect(
        dealt.piles.every((p) => p.length === 1 && !heulDochPredicates.isSpecial(p[0]!.card)),
      ).toBe(true);
      expect(dealt.turn).toBe(root.rules.first % root.players);

      const sim = root.clone(game + 9);
      expect(sim.snapshot()).toEqual(dealt);
      const moves = sim.playout();
      expect(moves).toBeGreaterThan(90);
      expect(sim.over).toBe(true);
      expect(root.snapshot()).toEqual(dealt);
      const end = sim.snapshot();
      const results = end.piles.map((p) => heulDochPredicates.scorePile(p));
      expect(end.scores).toEqual(results.map((r) => r.points));
      expect(end.spoiled).toEqual(results.map((r) => r.spoiled));
      expect(end.winners).toEqual(
        heulDochPredicates.bestSeats(
          results.map((r) => r.points),
          results.map((r) => r.spoiled),
        ),
      );
      expect(sim.winner).toBe(end.winners[0]);
    }
  });
});

/**
 * The heuristic level on the fast path makes the engine's heuristic bot's choices: the same
 * dealt game played by both, each seat's bot fed the same random numbers, move by move.
 */
describe("Heul doch! heuristic bot: fast policy = engine bot", () => {
  for (const c of CASES)
    it(`${c.name}: 40 games, the same moves, the same ending`, () => {
      for (let game = 0; game < 40; game++) {
        let state = opened(c, game, `heuristic#${game}`);
        const fast = loadOrFail(state, game);
        const engineRng = new FastRng(game);
        let moves = 0;
        while (!fast.over) {
          const seat = state.turn;
          const move = heuristicHeulDochFastPolicy(fast);
          const command = heulDochEngine.botMove(state, seat, "heuristic", () =>
            engineRng.random(),
          );
          expect(key(fast.decode(move)), `game ${game} move ${moves}`).toBe(key(command));
          const applied = heulDochEngine.apply(state, command);
          if (isRefusal(applied)) throw new Error(applied.message.en);
          state = applied.state;
          fast.apply(move);
          moves++;
        }
        expect(fast.snapshot()).toEqual(fastHeulDochSnapshotOf(state));
      }
    });

  it("the random level on the fast path plays legal moves only", () => {
    const fast = loadOrFail(opened(CASES[1]!, 3, "random"), 5);
    fast.deal();
    while (!fast.over) {
      const move = randomFastPolicy(fast);
      expect(fast.isLegal(move)).toBe(true);
      fast.apply(move);
    }
  });
});

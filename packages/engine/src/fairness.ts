import { commitmentOf, createRng, isSeed, seededShuffle, type Seed } from "./cards/rng.js";
import { evolveClassic } from "./classic/evolve.js";
import { fullDeck as classicDeck } from "./classic/predicates.js";
import type { ClassicEvent, ClassicEventType, ClassicState } from "./classic/state.js";
import { evolveHeulDoch } from "./heul-doch/evolve.js";
import { fullDeck as heulDochDeck, returnIndex } from "./heul-doch/predicates.js";
import type { HeulDochEvent, HeulDochEventType, HeulDochState } from "./heul-doch/state.js";

/** What `verifyFairness` found: every check it made, and every one that failed. */
export interface FairnessReport {
  readonly ok: boolean;
  readonly seed: Seed | null;
  readonly games: readonly GameCheck[];
  /** Checks made: commitments, deals, reshuffles, re-inserted special cards. */
  readonly checks: number;
  readonly problems: readonly string[];
}

export interface GameCheck {
  readonly game: number;
  readonly commitment: "ok" | "missing" | "wrong";
  readonly deal: "ok" | "wrong";
  /** Later random outcomes of this game (reshuffles, re-inserted specials) that were checked. */
  readonly shuffles: number;
}

type Logged = { readonly type: string; readonly data?: unknown };

// Completeness is checked by the compiler: a new event type must be listed here.
const CLASSIC_TYPES: Record<ClassicEventType, true> = {
  "match.started": true,
  "game.started": true,
  "deck.cut": true,
  "cards.dealt": true,
  "starter.buried": true,
  "starter.turned": true,
  "colour.requested": true,
  "colour.chosen": true,
  "card.played": true,
  "cards.drawn": true,
  "call.missed": true,
  "direction.reversed": true,
  "player.skipped": true,
  "penalty.raised": true,
  "pile.reshuffled": true,
  "playAgain.required": true,
  "turn.started": true,
  "game.ended": true,
  "match.ended": true,
};
const HEUL_DOCH_TYPES: Record<HeulDochEventType, true> = {
  "match.started": true,
  "game.started": true,
  "pile.dealt": true,
  "special.returned": true,
  "cards.dealt": true,
  "turn.started": true,
  "turn.passedOver": true,
  "card.played": true,
  "special.played": true,
  "tops.catapulted": true,
  "tops.moved": true,
  "tops.turned": true,
  "card.drawn": true,
  "game.ended": true,
  "match.ended": true,
};

/**
 * Checks a whole match log (a server's full history, lobby events and all) against the seed it
 * reveals: every game's published commitment, and every random outcome — each game's deal, each
 * reshuffle (classic), each special card put back into the draw pile (heul-doch) — rebuilt from
 * the seed exactly as the engine made it, on the state the log had at that point.
 */
export function verifyFairness(
  family: "classic" | "heul-doch",
  log: readonly Logged[],
): FairnessReport {
  const problems: string[] = [];
  const games: GameCheck[] = [];
  const known: Record<string, true> = family === "classic" ? CLASSIC_TYPES : HEUL_DOCH_TYPES;
  const events = log.filter((e) => known[e.type] === true);
  const started = events.find((e) => e.type === "match.started")?.data as
    { seed?: unknown } | undefined;
  if (started === undefined) {
    return { ok: false, seed: null, games, checks: 0, problems: ["the log has no match.started"] };
  }
  if (!isSeed(started.seed)) {
    return {
      ok: false,
      seed: null,
      games,
      checks: 0,
      problems: ["the log does not reveal the seed (is the match over? is it the full log?)"],
    };
  }
  const seed = started.seed;
  let checks = 0;
  let current: {
    game: number;
    commitment: GameCheck["commitment"];
    deal: GameCheck["deal"];
    shuffles: number;
  } | null = null;
  const close = () => {
    if (current) games.push({ ...current });
  };
  const fold = family === "classic" ? foldClassic() : foldHeulDoch();
  for (const event of events) {
    const before = fold.state();
    if (event.type === "game.started") {
      close();
      const data = event.data as { game: number; deck: string[]; commitment?: string };
      checks += 2;
      const commitment =
        data.commitment === undefined
          ? "missing"
          : data.commitment === commitmentOf(seed, data.game)
            ? "ok"
            : "wrong";
      if (commitment !== "ok") problems.push(`game ${data.game}: the commitment is ${commitment}`);
      const expected = seededShuffle(fold.deck(), seed, data.game, 0);
      const deal = sameOrder(expected, data.deck) ? "ok" : "wrong";
      if (deal !== "ok") problems.push(`game ${data.game}: the deck is not the seed's shuffle`);
      current = { game: data.game, commitment, deal, shuffles: 0 };
    } else if (before !== null) {
      const problem = fold.checkRandom(before, event, seed);
      if (problem !== undefined) {
        checks++;
        if (current) current.shuffles++;
        if (problem !== null) problems.push(`game ${current?.game ?? "?"}: ${problem}`);
      }
    }
    fold.apply(event);
  }
  close();
  if (games.length === 0) problems.push("the log has no game.started");
  return { ok: problems.length === 0, seed, games, checks, problems };
}

interface Fold {
  state(): unknown;
  deck(): string[];
  apply(event: Logged): void;
  /** undefined: not a random outcome; null: checked and right; a string: what is wrong. */
  checkRandom(before: unknown, event: Logged, seed: Seed): string | null | undefined;
}

function foldClassic(): Fold {
  let s: ClassicState | null = null;
  return {
    state: () => s,
    deck: () => (s ? classicDeck(s.rules) : []),
    apply: (e) => {
      s = evolveClassic(s, e as ClassicEvent);
    },
    checkRandom: (before, e, seed) => {
      if (e.type !== "pile.reshuffled") return undefined;
      const b = before as ClassicState;
      const order = (e.data as { order: string[] }).order;
      const expected = seededShuffle(b.discard.slice(0, -1), seed, b.game, b.shuffles + 1);
      return sameOrder(expected, order) ? null : `reshuffle ${b.shuffles + 1} is not the seed's`;
    },
  };
}

function foldHeulDoch(): Fold {
  let s: HeulDochState | null = null;
  return {
    state: () => s,
    deck: () => (s ? heulDochDeck(s.rules) : []),
    apply: (e) => {
      s = evolveHeulDoch(s, e as HeulDochEvent);
    },
    checkRandom: (before, e, seed) => {
      if (e.type !== "special.returned") return undefined;
      const b = before as HeulDochState;
      const random = createRng(seed, b.game * 1000 + b.randomDraws);
      const expected = returnIndex(random, b.drawPile.length - 1);
      const at = (e.data as { at: number }).at;
      return at === expected
        ? null
        : `a special card went back at ${at}, the seed says ${expected}`;
    },
  };
}

const sameOrder = (a: readonly string[], b: readonly string[] | undefined): boolean =>
  b !== undefined && a.length === b.length && a.every((card, i) => card === b[i]);

import { commitmentOf, isSeed, seededShuffle, type Seed } from "./cards/rng.js";
import { sameOrder, type Logged } from "./core/fairness.js";
import { FAIRNESS, type FamilyName } from "./families.js";

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

/**
 * Checks a whole match log (a server's full history, lobby events and all) against the seed it
 * reveals: every game's published commitment, and every random outcome — each game's deal, each
 * reshuffle (classic), each special card put back into the draw pile (heul-doch) — rebuilt from
 * the seed exactly as the engine made it, on the state the log had at that point.
 */
export function verifyFairness(family: FamilyName, log: readonly Logged[]): FairnessReport {
  const problems: string[] = [];
  const games: GameCheck[] = [];
  const parts = FAIRNESS[family];
  const events = log.filter((e) => parts.known[e.type] === true);
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
  const fold = parts.fold();
  for (const event of events) {
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
    } else {
      const problem = fold.checkRandom(event, seed);
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

/**
 * `verifyFairness`'s problems (English: its own sentences above and its families' `checkRandom`)
 * in German, for every reader that shows them to a German player (the CLI's `maumau verify`, the
 * web's replay page); a sentence not known here stays as it is.
 */
const FAIRNESS_PROBLEMS_DE: readonly (readonly [RegExp, (...parts: string[]) => string])[] = [
  [/^the log has no ([\w.]+)$/, (type) => `das Protokoll enthält kein ${type}`],
  [
    /^the log does not reveal the seed \(is the match over\? is it the full log\?\)$/,
    () =>
      "das Protokoll deckt den Startwert nicht auf (ist die Partie vorbei? ist es das ganze Protokoll?)",
  ],
  [/^game (\S+): the commitment is missing$/, (game) => `Spiel ${game}: die Festlegung fehlt`],
  [
    /^game (\S+): the commitment is wrong$/,
    (game) => `Spiel ${game}: die Festlegung passt nicht zum Startwert`,
  ],
  [
    /^game (\S+): the deck is not the seed's shuffle$/,
    (game) => `Spiel ${game}: der Stapel ist nicht so gemischt, wie es der Startwert vorgibt`,
  ],
  [
    /^game (\S+): reshuffle (\d+) is not the seed's$/,
    (game, k) => `Spiel ${game}: Mischung ${k} folgt nicht aus dem Startwert`,
  ],
  [
    /^game (\S+): a special card went back at (\d+), the seed says (\d+)$/,
    (game, at, expected) =>
      `Spiel ${game}: eine Sonderkarte kam an Stelle ${at} zurück in den Stapel, laut Startwert an Stelle ${expected}`,
  ],
];

/** One of the engine's fairness problems in German. */
export function fairnessProblemDe(problem: string): string {
  for (const [pattern, german] of FAIRNESS_PROBLEMS_DE) {
    const parts = pattern.exec(problem);
    if (parts !== null) return german(...parts.slice(1));
  }
  return problem;
}

import type { FastGame, FastPolicy } from "../core/fast.js";
import type { Seat } from "../core/types.js";
import { FastHeulDoch, HD_LEFT, HD_ONION, HD_RIGHT, hdMoveArg, hdMoveCard } from "./heulDoch.js";

/*
 * Module-level helpers rather than closures: a policy runs once a move, and closures made per
 * call (each wrapped by the bundler's name helper) cost more than the policy's own work.
 */

/** The onions the view shows of `s`: the count in assist mode (H-5.1), else -1 (unknown). */
const onionsOf = (game: FastHeulDoch, s: Seat): number =>
  game.rules.memory ? -1 : game.onionCount(s);

/** Does a pile with `onions` onions (-1: unknown) spoil rank `r`? */
const spoilt = (game: FastHeulDoch, onions: number, r: number): boolean =>
  onions >= 0 && game.tables.spoils[onions * 8 + r] === 1;

/** `worth` in heul-doch/bots.ts: a top's value to its owner, an onion a loss. */
function value(game: FastHeulDoch, s: Seat): number {
  const top = game.top(s);
  if (top < 0) return 0;
  if (top >= 0x100) return -2;
  const r = game.tables.rank[top]!;
  return spoilt(game, onionsOf(game, s), r) ? 0 : r;
}

/** The rank of `s`'s top if it lies face up, else 0. */
function faceUpRank(game: FastHeulDoch, s: Seat): number {
  const top = game.top(s);
  return top >= 0 && top < 0x100 ? game.tables.rank[top]! : 0;
}

/** The werewolf's gain on `s`'s pile (`turned` in the bot). */
function turned(game: FastHeulDoch, s: Seat): number {
  const top = game.top(s);
  return top < 0 ? 0 : top >= 0x100 ? 4 : -value(game, s) - 2;
}

/** The heuristic's score of a move (`score` in heuristicHeulDochBot). */
function score(game: FastHeulDoch, me: Seat, move: number): number {
  const p = game.players;
  const c = hdMoveCard(move);
  const arg = hdMoveArg(move);
  const r = game.tables.rank[c]!;
  switch (game.tables.special[c]) {
    case 1: {
      // catapult
      let high = 0;
      for (let s = 0; s < p; s++) high = Math.max(high, faceUpRank(game, s));
      if (high === 0) return -5;
      const mine = faceUpRank(game, me) === high ? high : 0;
      let count = 0;
      for (let s = 0; s < p; s++) if (s !== me && faceUpRank(game, s) === high) count++;
      return (count * high) / 2 - mine - 1;
    }
    case 2:
      // towel
      return (value(game, arg) - value(game, me)) * 1.5 - 1;
    case 3:
      // carousel: left (0) brings the right neighbour's top
      return value(game, arg === 0 ? (me - 1 + p) % p : (me + 1) % p) - value(game, me) - 1;
    case 4: {
      // werewolf
      let sum = 0;
      for (let s = 0; s < p; s++) if (s !== me) sum += turned(game, s);
      return turned(game, me) - sum / (p - 1) - 1;
    }
  }
  if (arg === HD_LEFT || arg === HD_RIGHT) {
    const to = arg === HD_LEFT ? (me + 1) % p : (me - 1 + p) % p;
    return spoilt(game, onionsOf(game, to), r) ? -1 : -r - 1;
  }
  const mine = onionsOf(game, me);
  if (arg === HD_ONION) {
    const sevens = mine >= 0 && game.tables.spoils[(mine + 1) * 8 + 7] === 1;
    return -3 - r / 2 - (sevens ? 2 : 0);
  }
  return spoilt(game, mine, r) ? 0 : r + 2;
}

/**
 * `heuristicHeulDochBot` (heul-doch/bots.ts) on the fast path: the same scores, computed from
 * what the seat's view shows (the tops; the onion counts only in assist mode, H-5.1), and the
 * same draws from the generator in the same order — one for its fallback pick, then one per
 * legal move in `legalHeulDochMoves`' order — so that under the same random numbers it makes
 * the same choice (fastHeulDoch.test.ts and apps/cli simulateFast.test.ts prove it game by
 * game).
 */
export const heuristicHeulDochFastPolicy: FastPolicy = (game: FastGame): number => {
  if (!(game instanceof FastHeulDoch)) throw new Error("a Heul doch! fast game is needed");
  const out = game.moves;
  const n = game.legalMoves(out);
  const rng = game.rng;
  const me = game.turn;
  let best = out[Math.floor(rng.random() * n)]!;
  let bestScore = -Infinity;
  for (let i = 0; i < n; i++) {
    const move = out[i]!;
    const s = score(game, me, move) + rng.random() * 0.5;
    if (s > bestScore) {
      best = move;
      bestScore = s;
    }
  }
  return best;
};

import type { FastGame, FastPolicy } from "../core/fast.js";
import type { Seat } from "../core/types.js";
import { FastHeulDoch, HD_LEFT, HD_ONION, HD_RIGHT, hdMoveArg, hdMoveCard } from "./heulDoch.js";

/**
 * `heuristicHeulDochBot` (heul-doch/bots.ts) on the fast path: the same scores, computed from
 * what the seat's view shows (the tops; the onion counts only in assist mode, H-5.1), and the
 * same draws from the generator in the same order — one for its fallback pick, then one per
 * legal move in `legalHeulDochMoves`' order — so that under the same random numbers it makes
 * the same choice (fast-heuristic.test.ts in packages/registry proves it game by game).
 */
export const heuristicHeulDochFastPolicy: FastPolicy = (game: FastGame): number => {
  if (!(game instanceof FastHeulDoch)) throw new Error("a Heul doch! fast game is needed");
  const out = game.moves;
  const n = game.legalMoves(out);
  const random = () => game.rng.random();
  const me = game.turn;
  const p = game.players;
  const assist = !game.rules.memory;
  const { rank, special, spoils } = game.tables;
  /** The onions the view shows of `s` (`null` unless assist mode). */
  const onionsOf = (s: Seat): number | null => (assist ? game.onionCount(s) : null);
  const spoilt = (onions: number | null, r: number) =>
    onions !== null && spoils[onions * 8 + r] === 1;
  const value = (s: Seat): number => {
    const top = game.top(s);
    if (top < 0) return 0;
    if (top >= 0x100) return -2;
    return spoilt(onionsOf(s), rank[top]!) ? 0 : rank[top]!;
  };
  const myOnions = onionsOf(me);

  const score = (move: number): number => {
    const c = hdMoveCard(move);
    const arg = hdMoveArg(move);
    const r = rank[c]!;
    switch (special[c]) {
      case 1: {
        // catapult
        let high = 0;
        for (let s = 0; s < p; s++) {
          const top = game.top(s);
          if (top >= 0 && top < 0x100 && rank[top]! > high) high = rank[top]!;
        }
        if (high === 0) return -5;
        const rankOf = (s: Seat) => {
          const top = game.top(s);
          return top >= 0 && top < 0x100 ? rank[top]! : 0;
        };
        const mine = rankOf(me) === high ? high : 0;
        let count = 0;
        for (let s = 0; s < p; s++) if (s !== me && rankOf(s) === high) count++;
        return (count * high) / 2 - mine - 1;
      }
      case 2: {
        // towel
        const gain = value(arg) - value(me);
        return gain * 1.5 - 1;
      }
      case 3: {
        // carousel: left (0) brings the right neighbour's top
        const from = arg === 0 ? (me - 1 + p) % p : (me + 1) % p;
        return value(from) - value(me) - 1;
      }
      case 4: {
        // werewolf
        const turned = (s: Seat) => {
          const top = game.top(s);
          return top < 0 ? 0 : top >= 0x100 ? 4 : -value(s) - 2;
        };
        let sum = 0;
        for (let s = 0; s < p; s++) if (s !== me) sum += turned(s);
        return turned(me) - sum / (p - 1) - 1;
      }
    }
    if (arg === HD_LEFT || arg === HD_RIGHT) {
      const to = arg === HD_LEFT ? (me + 1) % p : (me - 1 + p) % p;
      return spoilt(onionsOf(to), r) ? -1 : -r - 1;
    }
    if (arg === HD_ONION) {
      const sevens = myOnions !== null && spoils[(myOnions + 1) * 8 + 7] === 1;
      return -3 - r / 2 - (sevens ? 2 : 0);
    }
    return spoilt(myOnions, r) ? 0 : r + 2;
  };

  let best = out[Math.floor(random() * n)]!;
  let bestScore = -Infinity;
  for (let i = 0; i < n; i++) {
    const move = out[i]!;
    const s = score(move) + random() * 0.5;
    if (s > bestScore) {
      best = move;
      bestScore = s;
    }
  }
  return best;
};

import type { FastGame, FastPolicy } from "../core/fast.js";
import {
  FastClassic,
  MOVE_CHOOSE,
  MOVE_DRAW,
  MOVE_PLAY,
  moveCard,
  moveKind,
  moveWish,
} from "./classic.js";

/** Effect kinds of `FastTables.kind` (fast/classic.ts). */
const WISH = 1;
const DRAW = 2;
const SKIP = 3;
const REVERSE = 4;
const PLAY_AGAIN = 5;

/**
 * `heuristicClassicBot` (bots/classic.ts) on the fast path: the same scores from what the
 * seat's view shows (its hand in the engine's order, the hand counts, the direction, the
 * pending draw), and the same draws from the generator in the same order — one per card move
 * in `legalClassicMoves`' order, one for a pick only where the bot picks — so that under the
 * same random numbers it makes the same choice (packages/registry/src/fastHeuristic.test.ts
 * proves it game by game). Scratch arrays are kept per game table.
 */
export const heuristicClassicFastPolicy: FastPolicy = (game: FastGame): number => {
  if (!(game instanceof FastClassic)) throw new Error("a classic fast game is needed");
  const t = game.tables;
  const out = game.moves;
  const n = game.legalMoves(out);
  const random = () => game.rng.random();
  const pick = () => out[Math.floor(random() * n)]!;
  const me = game.turn;
  const len = game.handSize(me);
  const colours = t.colours.length;
  const held = scratch(colours);

  /** `favouriteColour`: the colour (index + 1) held most, ties the first in hand; 0: none. */
  const favourite = (exclude: number): number => {
    held.fill(0);
    let best = 0;
    for (let i = 0; i < len; i++) {
      const c = game.handCard(me, i);
      if (c === exclude) continue;
      const colour = t.colour[c]!;
      if (colour !== 0) held[colour]!++;
    }
    // Map insertion order: the colours in order of first appearance in the hand
    let most = -1;
    for (let i = 0; i < len; i++) {
      const c = game.handCard(me, i);
      if (c === exclude) continue;
      const colour = t.colour[c]!;
      if (colour !== 0 && held[colour]! > most) {
        most = held[colour]!;
        best = colour;
      }
    }
    return best;
  };

  if (n > 0 && moveKind(out[0]!) === MOVE_CHOOSE) {
    const fav = favourite(-1);
    for (let i = 0; i < n; i++) if (moveWish(out[i]!) === fav) return out[i]!;
    return pick();
  }
  let plays = 0;
  for (let i = 0; i < n; i++) if (moveKind(out[i]!) === MOVE_PLAY) plays++;
  if (plays === 0) {
    for (let i = 0; i < n; i++) if (moveKind(out[i]!) === MOVE_DRAW) return out[i]!;
    return pick();
  }

  const p = game.players;
  const nextCount = game.handSize((((me + game.heading) % p) + p) % p);
  let fewest = Infinity;
  for (let s = 0; s < p; s++) if (s !== me) fewest = Math.min(fewest, game.handSize(s));
  // counts of the whole hand (`held` in the bot), kept apart from `favourite`'s scratch
  const counts = scratch(colours, 1);
  counts.fill(0);
  for (let i = 0; i < len; i++) {
    const colour = t.colour[game.handCard(me, i)]!;
    if (colour !== 0) counts[colour]!++;
  }
  const urgent = nextCount <= 2 || fewest <= 1;
  const pending = game.pending;
  const score = (move: number): number => {
    const c = moveCard(move);
    const kind = t.kind[c]!;
    let s = t.value[c]!;
    const colour = t.colour[c]!;
    if (colour !== 0 && kind !== WISH) s += 1.5 * ((counts[colour] || 1) - 1);
    if (kind === DRAW) s += pending > 0 ? 30 : urgent ? 40 : -6;
    if (kind === SKIP) s += urgent ? 25 : 2;
    if (kind === PLAY_AGAIN) s += 12;
    if (kind === REVERSE) s += 4;
    if (kind === WISH) {
      s -= len <= 2 ? 0 : 60;
      const wish = moveWish(move);
      if (wish === 0 || wish !== favourite(c)) s -= 5;
    }
    return s;
  };
  let best = -1;
  let bestScore = -Infinity;
  for (let i = 0; i < n; i++) {
    const move = out[i]!;
    if (moveKind(move) !== MOVE_PLAY) continue;
    const s = score(move) + random() * 0.5;
    if (best < 0 || s > bestScore) {
      best = move;
      bestScore = s;
    }
  }
  return best;
};

const scratches: Int32Array[][] = [[], []];
/** A reused scratch array of `colours + 1` counters (`slot` 0 or 1). */
function scratch(colours: number, slot = 0): Int32Array {
  const list = scratches[slot]!;
  return (list[colours] ??= new Int32Array(colours + 1));
}

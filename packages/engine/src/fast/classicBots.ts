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

/** `favouriteColour`: the colour (index + 1) `me` holds most, ties the first in hand; 0 none. */
function favourite(game: FastClassic, me: number, exclude: number): number {
  const t = game.tables;
  const len = game.handSize(me);
  const held = scratch(t.colours.length);
  held.fill(0);
  for (let i = 0; i < len; i++) {
    const c = game.handCard(me, i);
    if (c !== exclude && t.colour[c] !== 0) held[t.colour[c]!]!++;
  }
  // the bot's Map keeps the colours in order of first appearance in the hand
  let best = 0;
  let most = -1;
  for (let i = 0; i < len; i++) {
    const c = game.handCard(me, i);
    const colour = t.colour[c]!;
    if (c !== exclude && colour !== 0 && held[colour]! > most) {
      most = held[colour]!;
      best = colour;
    }
  }
  return best;
}

/** The heuristic's score of a card move (`score` in heuristicClassicBot). */
function score(
  game: FastClassic,
  me: number,
  move: number,
  counts: Int32Array,
  urgent: boolean,
): number {
  const t = game.tables;
  const c = moveCard(move);
  const kind = t.kind[c]!;
  let s = t.value[c]!;
  const colour = t.colour[c]!;
  // Follow the colour it holds most: the next turn then likely has a card that fits.
  if (colour !== 0 && kind !== WISH) s += 1.5 * ((counts[colour] || 1) - 1);
  if (kind === DRAW) s += game.pending > 0 ? 30 : urgent ? 40 : -6;
  if (kind === SKIP) s += urgent ? 25 : 2;
  if (kind === PLAY_AGAIN) s += 12;
  if (kind === REVERSE) s += 4;
  if (kind === WISH) {
    s -= game.handSize(me) <= 2 ? 0 : 60;
    const wish = moveWish(move);
    if (wish === 0 || wish !== favourite(game, me, c)) s -= 5;
  }
  return s;
}

/**
 * `heuristicClassicBot` (bots/classic.ts) on the fast path: the same scores from what the
 * seat's view shows (its hand in the engine's order, the hand counts, the direction, the
 * pending draw), and the same draws from the generator in the same order — one per card move
 * in `legalClassicMoves`' order, one for a pick only where the bot picks — so that under the
 * same random numbers it makes the same choice (apps/cli/src/simulateFast.test.ts proves it
 * game by game). Helpers are module functions and scratch arrays are reused: a closure made
 * per move would cost more than the policy's own work.
 */
export const heuristicClassicFastPolicy: FastPolicy = (game: FastGame): number => {
  if (!(game instanceof FastClassic)) throw new Error("a classic fast game is needed");
  const t = game.tables;
  const out = game.moves;
  const n = game.legalMoves(out);
  const rng = game.rng;
  const me = game.turn;

  if (n > 0 && moveKind(out[0]!) === MOVE_CHOOSE) {
    const fav = favourite(game, me, -1);
    for (let i = 0; i < n; i++) if (moveWish(out[i]!) === fav) return out[i]!;
    return out[Math.floor(rng.random() * n)]!;
  }
  let plays = 0;
  for (let i = 0; i < n; i++) if (moveKind(out[i]!) === MOVE_PLAY) plays++;
  if (plays === 0) {
    for (let i = 0; i < n; i++) if (moveKind(out[i]!) === MOVE_DRAW) return out[i]!;
    return out[Math.floor(rng.random() * n)]!;
  }

  const p = game.players;
  const nextCount = game.handSize((((me + game.heading) % p) + p) % p);
  let fewest = Infinity;
  for (let s = 0; s < p; s++) if (s !== me) fewest = Math.min(fewest, game.handSize(s));
  // counts of the whole hand (`held` in the bot), apart from `favourite`'s scratch
  const counts = scratch(t.colours.length, 1);
  counts.fill(0);
  for (let i = 0, len = game.handSize(me); i < len; i++) {
    const colour = t.colour[game.handCard(me, i)]!;
    if (colour !== 0) counts[colour]!++;
  }
  const urgent = nextCount <= 2 || fewest <= 1;
  let best = -1;
  let bestScore = -Infinity;
  for (let i = 0; i < n; i++) {
    const move = out[i]!;
    if (moveKind(move) !== MOVE_PLAY) continue;
    const s = score(game, me, move, counts, urgent) + rng.random() * 0.5;
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

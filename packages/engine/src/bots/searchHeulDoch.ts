import type { Command, Seat } from "../core/types.js";
import { isFastUnsupported } from "../core/fast.js";
import { FastHeulDoch } from "../fast/heulDoch.js";
import { heuristicHeulDochFastPolicy } from "../fast/heulDochBots.js";
import { bestSeats } from "../heul-doch/predicates.js";
import type { HeulDochState } from "../heul-doch/state.js";
import type { Sampler } from "./determinize.js";

/** One round of a search on a fast path: every legal move in a sampled world, its reward. */
export type FastRound = (
  round: number,
  luck: number,
  random: () => number,
  rewards: Float64Array,
) => void;

/** `standing` of search.ts: the reward of `seat` from the winners and the scores. */
type Standing = (winners: readonly Seat[], scores: readonly number[], seat: Seat) => number;

/**
 * Heul doch!'s search round on its fast path (fast/heulDoch.ts), the engine's cut playout
 * step for step: round 0 plays the first sample, every later round a new one; each legal move
 * is carried out in a copy, then every seat plays the heuristic (its fast policy, the engine
 * bot's choices) for `moves` moves, and the position is scored as `heulDochStanding` scores
 * it (each pile's onions projected to the game's end), or by the game's end if it came.
 * `null` when the position cannot be loaded there (the engine's playouts then do the work).
 */
export function heulDochFastRounds(
  first: HeulDochState,
  sampler: Sampler<HeulDochState>,
  legal: readonly Command[],
  seat: Seat,
  moves: number,
  standing: Standing,
): FastRound | null {
  const root = FastHeulDoch.load(first);
  if (isFastUnsupported(root) || root.toAct !== seat) return null;
  const encoded = legal.map((c) => root.encode(c));
  if (encoded.some((m) => m < 0 || !root.isLegal(m))) return null;
  const sim = root.clone();
  const scores: number[] = Array<number>(root.players).fill(0);
  const lost: number[] = Array<number>(root.players).fill(0);
  return (round, luck, random, rewards) => {
    let from = root;
    if (round > 0) {
      const loaded = FastHeulDoch.load(sampler.sample(random));
      // Every sample shows the same public facts as the first, so it loads as the first did.
      if (isFastUnsupported(loaded)) throw new Error(`fast path: ${loaded.reason}`);
      from = loaded;
    }
    for (let a = 0; a < encoded.length; a++) {
      sim.copyFrom(from);
      sim.rng.reseed(luck);
      sim.apply(encoded[a]!);
      for (let k = 0; k < moves && !sim.over; k++) sim.apply(heuristicHeulDochFastPolicy(sim));
      if (sim.over) {
        for (let s = 0; s < sim.players; s++) scores[s] = sim.score(s);
        rewards[a] = standing(sim.winners, scores, seat);
      } else {
        projectedScores(sim, scores, lost);
        rewards[a] = standing(bestSeats(scores, lost), scores, seat);
      }
    }
  };
}

/**
 * `heulDochStanding`'s scores (bots/search.ts): every face-up card its rank unless the pile's
 * onions, scaled by (cards laid + cards still to play) / cards laid, spoil it (H-6.2).
 */
function projectedScores(sim: FastHeulDoch, scores: number[], lost: number[]): void {
  const { rank, spoils } = sim.tables;
  let laid = 0;
  let left = sim.drawPileSize;
  for (let s = 0; s < sim.players; s++) {
    laid += sim.pileSize(s);
    left += sim.handSize(s);
  }
  const grow = laid === 0 ? 1 : (laid + left) / laid;
  for (let s = 0; s < sim.players; s++) {
    const row = Math.round(sim.onionCount(s) * grow) * 8;
    let points = 0;
    let spoiled = 0;
    for (let i = 0, n = sim.pileSize(s); i < n; i++) {
      const v = sim.pileCard(s, i);
      if (v >= 0x100) continue;
      const r = rank[v]!;
      if (spoils[row + r] === 1) spoiled += r;
      else points += r;
    }
    scores[s] = points;
    lost[s] = spoiled;
  }
}

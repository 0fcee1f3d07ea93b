import type { Bot } from "../core/engine.js";
import type { Command, Seat } from "../core/types.js";
import { leftNeighbour, rankValue, rightNeighbour, spoiledRanks } from "./predicates.js";
import type { HeulDochView, PileCardView } from "./view.js";

type Play = Extract<Command, { type: "playCard" }>;

const pick = <T>(xs: readonly T[], random: () => number): T => {
  const x = xs[Math.floor(random() * xs.length)];
  if (x === undefined) throw new Error("no legal move");
  return x;
};

/** Any legal move, uniformly at random. */
export const randomHeulDochBot: Bot<HeulDochView> = (_view, legal, random) => pick(legal, random);

/** Roughly what a top card is worth to the pile's owner: its points, an onion a loss. */
const worth = (top: PileCardView | null, onions: number | null): number => {
  if (top === null) return 0;
  // An onion hides about the average rank, but spoils; a revealed one is worth its average.
  if (top.faceDown || top.card === null) return -2;
  const rank = rankValue(top.card);
  return onions !== null && spoiledRanks(onions).includes(rank) ? 0 : rank;
};

/**
 * A greedy player that sees only its own view: keeps high cards face up on its own pile
 * (counting its onions, where the view shows them, so as not to spoil its own ranks), gives
 * its neighbours the lowest cards it must (a rank their onions spoil first), buries low cards
 * as onions when nothing fits, and plays a special card when it gains more than it gives away.
 */
export const heuristicHeulDochBot: Bot<HeulDochView> = (view, legal, random) => {
  const me = view.viewer;
  if (me === "spectator") return pick(legal, random);
  const n = view.players;
  const pile = (s: Seat) => view.piles[s];
  const value = (s: Seat) => worth(pile(s)?.top ?? null, pile(s)?.onions ?? null);
  const others = Array.from({ length: n }, (_, s) => s).filter((s) => s !== me);
  const myOnions = pile(me)?.onions ?? null;

  const score = (c: Play): number => {
    const rank = rankValue(c.card);
    switch (c.card) {
      case "catapult": {
        const tops = view.piles.map((p, s) => ({ s, top: p.top }));
        const ranks = tops.map(({ top }) =>
          top && !top.faceDown && top.card ? rankValue(top.card) : 0,
        );
        const high = Math.max(...ranks);
        if (high === 0) return -5;
        const mine = ranks[me] === high ? high : 0;
        const theirs = ranks.filter((r, s) => s !== me && r === high).length * high;
        return theirs / 2 - mine - 1;
      }
      case "towel": {
        const gain = value(c.target ?? me) - value(me);
        return gain * 1.5 - 1;
      }
      case "carousel": {
        const from = c.direction === "left" ? rightNeighbour(n, me) : leftNeighbour(n, me);
        return value(from) - value(me) - 1;
      }
      case "werewolf": {
        const turned = (s: Seat) => {
          const top = pile(s)?.top;
          return top == null ? 0 : top.faceDown ? 4 : -value(s) - 2;
        };
        const theirs = others.reduce((sum, s) => sum + turned(s), 0) / others.length;
        return turned(me) - theirs - 1;
      }
      default:
        break;
    }
    const to = c.to ?? me;
    if (to !== me) {
      // Feeding a neighbour: give the least, best a rank its onions spoil (worth nothing).
      const onions = pile(to)?.onions ?? null;
      const spoilt = onions !== null && spoiledRanks(onions).includes(rank);
      return spoilt ? -1 : -rank - 1;
    }
    if (c.faceDown) {
      // Another onion shifts which rank spoils: avoid making the 7s count for nothing.
      const next = myOnions === null ? [] : spoiledRanks(myOnions + 1);
      return -3 - rank / 2 - (next.includes(7) ? 2 : 0);
    }
    const spoilt = myOnions !== null && spoiledRanks(myOnions).includes(rank);
    return spoilt ? 0 : rank + 2;
  };

  let best: Command = pick(legal, random);
  let bestScore = -Infinity;
  for (const c of legal) {
    if (c.type !== "playCard") continue;
    const s = score(c) + random() * 0.5;
    if (s > bestScore) [best, bestScore] = [c, s];
  }
  return best;
};

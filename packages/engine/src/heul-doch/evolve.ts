import { replaceAt } from "../core/fold.js";
import { withoutOne } from "../cards/codes.js";
import { applyMoves } from "./predicates.js";
import type { HeulDochEvent, HeulDochEventOf, HeulDochState, PileCard } from "./state.js";

function fresh(data: HeulDochEventOf<"match.started">["data"]): HeulDochState {
  const zeros = Array<number>(data.players).fill(0);
  return {
    variant: data.variant,
    rules: data.rules,
    players: data.players,
    dealer: data.dealer,
    seed: data.seed,
    phase: "idle",
    game: 0,
    first: data.rules.first,
    turn: data.rules.first,
    hands: Array.from({ length: data.players }, () => []),
    drawPile: [],
    piles: Array.from({ length: data.players }, () => []),
    middle: [],
    randomDraws: 0,
    scores: null,
    spoiled: null,
    gameWinners: [],
    totals: zeros,
    spoiledTotals: zeros,
    history: [],
    winners: [],
    version: 0,
  };
}

const pushOnto = (
  piles: readonly (readonly PileCard[])[],
  seat: number,
  card: PileCard,
): (readonly PileCard[])[] => replaceAt(piles, seat, [...(piles[seat] ?? []), card]);

/**
 * Folds one event into the state. Pure and rule-free: every decision (and every random
 * outcome) was taken by `decide` and written into the event, so a replay rebuilds the state.
 */
export function evolveHeulDoch(state: HeulDochState | null, event: HeulDochEvent): HeulDochState {
  if (event.type === "match.started") return fresh(event.data);
  if (state === null) throw new Error(`event ${event.type} before match.started`);
  const s = state;
  const version = s.version + 1;
  switch (event.type) {
    case "game.started": {
      const { game, first, deck } = event.data;
      return {
        ...s,
        version,
        phase: "playing",
        game,
        first,
        turn: first,
        hands: Array.from({ length: s.players }, () => []),
        drawPile: deck.slice(),
        piles: Array.from({ length: s.players }, () => []),
        middle: [],
        // The shuffle of the game is its random outcome number 0.
        randomDraws: 1,
        scores: null,
        spoiled: null,
        gameWinners: [],
      };
    }
    case "pile.dealt": {
      const { seat, card } = event.data;
      return {
        ...s,
        version,
        drawPile: s.drawPile.slice(1),
        piles: pushOnto(s.piles, seat, { card, faceDown: false }),
      };
    }
    case "special.returned": {
      const rest = s.drawPile.slice(1);
      rest.splice(event.data.at, 0, event.data.card);
      return { ...s, version, drawPile: rest, randomDraws: s.randomDraws + 1 };
    }
    case "cards.dealt": {
      const dealt = event.data.hands;
      const n = dealt.reduce((sum, h) => sum + h.length, 0);
      return {
        ...s,
        version,
        hands: s.hands.map((h, i) => [...h, ...(dealt[i] ?? [])]),
        drawPile: s.drawPile.slice(n),
      };
    }
    case "turn.started":
      return { ...s, version, turn: event.data.seat };
    case "turn.passedOver":
      return { ...s, version };
    case "card.played": {
      const { seat, card, to, faceDown } = event.data;
      return {
        ...s,
        version,
        hands: replaceAt(s.hands, seat, withoutOne(s.hands[seat] ?? [], card)),
        piles: pushOnto(s.piles, to, { card, faceDown }),
      };
    }
    case "special.played": {
      const { seat, card } = event.data;
      return {
        ...s,
        version,
        hands: replaceAt(s.hands, seat, withoutOne(s.hands[seat] ?? [], card)),
        middle: [...s.middle, card],
      };
    }
    case "tops.catapulted": {
      const piles = s.piles.map((p) => p.slice());
      for (const { seat } of event.data.cards) piles[seat]!.pop();
      return {
        ...s,
        version,
        piles,
        middle: [...s.middle, ...event.data.cards.map((c) => c.card)],
      };
    }
    case "tops.moved":
      return { ...s, version, piles: applyMoves(s.piles, event.data.moves) };
    case "tops.turned": {
      const piles = s.piles.map((p) => p.slice());
      for (const { seat, card } of event.data.tops) {
        const pile = piles[seat]!;
        pile[pile.length - 1] = card;
      }
      return { ...s, version, piles };
    }
    case "card.drawn": {
      const { seat, card } = event.data;
      return {
        ...s,
        version,
        drawPile: s.drawPile.slice(1),
        hands: replaceAt(s.hands, seat, [...(s.hands[seat] ?? []), card]),
      };
    }
    case "game.ended": {
      const { scores, spoiled, winners } = event.data;
      return {
        ...s,
        version,
        phase: "gameOver",
        scores,
        spoiled,
        gameWinners: winners,
        totals: s.totals.map((t, i) => t + (scores[i] ?? 0)),
        spoiledTotals: s.spoiledTotals.map((t, i) => t + (spoiled[i] ?? 0)),
        history: [...s.history, { scores, spoiled }],
      };
    }
    case "match.ended":
      return { ...s, version, phase: "matchOver", winners: event.data.winners };
  }
}

import { replaceAt } from "../core/fold.js";
import type { ClassicEvent, ClassicState } from "./state.js";
import { leftOf, rightOf } from "./state.js";
import { withoutOne } from "../cards/codes.js";

/** The state before any event: no match yet. */
export const emptyClassicState = (): ClassicState | null => null;

function fresh(data: Extract<ClassicEvent, { type: "match.started" }>["data"]): ClassicState {
  return {
    variant: data.variant,
    rules: data.rules,
    players: data.players,
    seed: data.seed,
    phase: "idle",
    game: 0,
    dealer: data.dealer,
    turn: data.dealer,
    direction: 1,
    hands: Array.from({ length: data.players }, () => []),
    drawPile: [],
    discard: [],
    wish: null,
    pendingDraw: 0,
    pendingRank: null,
    anyCardAllowed: false,
    drawnCard: null,
    shuffles: 0,
    idleTurns: 0,
    turnActive: true,
    cut: null,
    scores: null,
    totals: Array<number>(data.players).fill(0),
    history: [],
    gameWinner: null,
    winners: [],
    losers: [],
    version: 0,
  };
}

/**
 * Folds one event into the state. Pure and rule-free: every decision was taken by `decide`
 * and written into the event, so a replay of the log rebuilds the state exactly.
 */
export function evolveClassic(state: ClassicState | null, event: ClassicEvent): ClassicState {
  if (event.type === "match.started") return fresh(event.data);
  if (state === null) throw new Error(`event ${event.type} before match.started`);
  const s = state;
  const version = s.version + 1;
  switch (event.type) {
    case "game.started": {
      const { game, dealer, deck } = event.data;
      const cut = s.rules.cut.enabled;
      return {
        ...s,
        version,
        game,
        dealer,
        phase: cut ? "cutting" : "playing",
        turn: cut ? rightOf(s.players, dealer) : leftOf(s.players, dealer),
        direction: 1,
        hands: Array.from({ length: s.players }, () => []),
        drawPile: deck.slice(),
        discard: [],
        wish: null,
        pendingDraw: 0,
        pendingRank: null,
        anyCardAllowed: false,
        drawnCard: null,
        shuffles: 0,
        idleTurns: 0,
        turnActive: true,
        cut: null,
        scores: null,
        gameWinner: null,
      };
    }
    case "deck.cut": {
      const { seat, at, kept } = event.data;
      const pile = [...s.drawPile.slice(at), ...s.drawPile.slice(0, at)];
      const cut = { seat, at, bottom: event.data.bottom, kept };
      if (!kept) return { ...s, version, drawPile: pile, cut };
      const bottom = pile.pop()!;
      return { ...s, version, drawPile: pile, cut, hands: replaceAt(s.hands, seat, [bottom]) };
    }
    case "cards.dealt": {
      const dealt = event.data.hands;
      const n = dealt.reduce((sum, h) => sum + h.length, 0);
      return {
        ...s,
        version,
        phase: "playing",
        hands: s.hands.map((h, i) => [...h, ...(dealt[i] ?? [])]),
        drawPile: s.drawPile.slice(n),
      };
    }
    case "starter.buried":
      return { ...s, version, drawPile: [...s.drawPile.slice(1), event.data.card] };
    case "starter.turned":
      return {
        ...s,
        version,
        discard: [event.data.card],
        drawPile: s.drawPile.slice(1),
        anyCardAllowed: event.data.anyCard,
      };
    case "colour.requested":
      return { ...s, version, phase: "choosingColour", turn: event.data.seat };
    case "colour.chosen":
      return { ...s, version, wish: event.data.colour };
    case "card.played": {
      const { seat, card, wish } = event.data;
      return {
        ...s,
        version,
        phase: "playing",
        hands: replaceAt(s.hands, seat, withoutOne(s.hands[seat] ?? [], card)),
        discard: [...s.discard, card],
        wish,
        anyCardAllowed: false,
        drawnCard: null,
        turnActive: true,
      };
    }
    case "call.missed":
      return { ...s, version };
    case "cards.drawn": {
      const { seat, cards, reason, playable } = event.data;
      return {
        ...s,
        version,
        hands: cards.length
          ? replaceAt(s.hands, seat, [...(s.hands[seat] ?? []), ...cards])
          : s.hands,
        drawPile: cards.length ? s.drawPile.slice(cards.length) : s.drawPile,
        pendingDraw: reason === "penalty" ? 0 : s.pendingDraw,
        pendingRank: reason === "penalty" ? null : s.pendingRank,
        turnActive: s.turnActive || cards.length > 0,
        phase: playable ? "drawnCard" : s.phase,
        drawnCard: playable ? (cards[cards.length - 1] ?? null) : null,
      };
    }
    case "pile.reshuffled":
      return {
        ...s,
        version,
        drawPile: event.data.order.slice(),
        discard: s.discard.slice(-1),
        shuffles: s.shuffles + 1,
      };
    case "penalty.raised":
      return { ...s, version, pendingDraw: event.data.total, pendingRank: event.data.rank };
    case "direction.reversed":
      return { ...s, version, direction: event.data.direction };
    case "player.skipped":
      return { ...s, version };
    case "playAgain.required":
      return { ...s, version, phase: "playAgain", turn: event.data.seat, drawnCard: null };
    case "turn.started":
      return {
        ...s,
        version,
        phase: "playing",
        turn: event.data.seat,
        drawnCard: null,
        idleTurns: s.turnActive ? 0 : s.idleTurns + 1,
        turnActive: false,
      };
    case "game.ended": {
      const { winner, scores } = event.data;
      return {
        ...s,
        version,
        phase: "gameOver",
        scores,
        totals: s.totals.map((t, i) => t + (scores[i] ?? 0)),
        history: [...s.history, scores],
        gameWinner: winner,
        drawnCard: null,
        // N-6.1: once the game is over no draw is pending against anyone.
        pendingDraw: 0,
        pendingRank: null,
      };
    }
    case "match.ended":
      return {
        ...s,
        version,
        phase: "matchOver",
        winners: event.data.winners,
        losers: event.data.losers,
      };
  }
}

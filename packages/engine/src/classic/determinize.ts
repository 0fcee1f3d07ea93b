import type { CardCode } from "../cards/codes.js";
import type { Determinizer } from "../core/engine.js";
import type { Seat } from "../core/types.js";
import type { Unseen } from "../core/engine.js";
import type { Evidence } from "../bots/determinize.js";
import { canPlay } from "./predicates.js";
import { isOver, type ClassicEvent, type ClassicState } from "./state.js";
import type { ClassicEventView, ClassicView } from "./view.js";
import { replaceAt } from "../core/fold.js";

/**
 * `seat` played `card` it was never seen to hold: one of its unseen cards was that card (one
 * from a known set holding it, if it has one, else one from the deck's rest).
 */
export function bindPlayed<S extends { readonly hands: readonly (readonly CardCode[])[] }>(
  s: S | null,
  seat: Seat,
  card: CardCode,
  unseen: Unseen,
): S | null {
  const hand = s?.hands[seat];
  if (!s || !hand || hand.includes(card)) return s;
  // The newest place first: a card played after a draw may be the card drawn, and the older
  // places keep what the seat's earlier draws said about them (`evidence`).
  const last = (p: (c: CardCode) => boolean): number => {
    for (let j = hand.length - 1; j >= 0; j--) if (p(hand[j]!)) return j;
    return -1;
  };
  let i = last((c) => unseen.is(c) && unseen.ofSet(c) && unseen.mayBe(c, card));
  if (i < 0) i = last((c) => unseen.is(c) && unseen.mayBe(c, card));
  // No placeholder fits (an earlier guess among duplicate cards went wrong): any does, and the
  // reveal drops the known sets' constraint.
  if (i < 0) i = last((c) => unseen.is(c));
  if (i < 0) return s;
  unseen.reveal(hand[i]!, card);
  return { ...s, hands: replaceAt(s.hands, seat, replaceAt(hand, i, card)) };
}

const unknowns = (n: number, unseen: Unseen): CardCode[] =>
  Array.from({ length: n }, () => unseen.card());

/** The top `n` places of the draw pile as the fold has them (placeholders), padded if short. */
const topOf = (pile: readonly CardCode[] | undefined, n: number, unseen: Unseen): CardCode[] => {
  const top = (pile ?? []).slice(0, n);
  while (top.length < n) top.push(unseen.card());
  return top;
};

/**
 * Classic family: what a seat's filtered log hides, filled back in (core/engine.ts), and what
 * another seat's draw says (`evidence`): where drawing is allowed only without a playable card
 * (N-3.2/N-3.3, no pending draw), the hand it drew from held no card that fitted then.
 */
export const classicDeterminizer: Determinizer<
  ClassicState,
  ClassicEvent,
  ClassicEventView,
  ClassicView
> &
  Evidence<ClassicState, ClassicEventView> = {
  evidence(state, event, seat, unseen) {
    if (event.type !== "cards.drawn" || state === null) return null;
    const d = event.data as { seat: Seat; reason: string };
    if (d.seat === seat || d.reason !== "turn") return null;
    if (state.rules.voluntaryDraw || state.pendingDraw > 0 || state.phase !== "playing")
      return null;
    if (state.turn !== d.seat) return null;
    const cards = (state.hands[d.seat] ?? []).filter((c) => unseen.is(c));
    return cards.length ? { cards, allows: (card) => !canPlay(state, card) } : null;
  },
  fill(event, state, seat, unseen) {
    const e = event;
    const keep = (full: ClassicEvent) => ({ event: full, state });
    switch (e.type) {
      case "match.started":
        return keep({ type: e.type, data: { ...e.data, seed: "determinized" } });
      case "game.started":
        if ("deck" in e.data) return keep(e as ClassicEvent);
        return keep({
          type: e.type,
          data: {
            game: e.data.game,
            dealer: e.data.dealer,
            deck: unknowns(e.data.deckSize, unseen),
          },
        });
      case "deck.cut":
        // The fold takes the bottom card from the pile itself; `bottom` only informs.
        return keep({
          type: e.type,
          data: { ...e.data, bottom: "bottom" in e.data ? e.data.bottom : unseen.card() },
        });
      case "cards.dealt": {
        if ("hands" in e.data) return keep({ type: e.type, data: e.data });
        const { counts, hand } = e.data;
        return keep({
          type: e.type,
          data: {
            hands: counts.map((n, i) => (i === seat && hand ? hand.slice() : unknowns(n, unseen))),
          },
        });
      }
      case "cards.drawn": {
        const d = e.data as {
          seat: Seat;
          count?: number;
          cards?: CardCode[];
          reason: string;
          playable?: boolean;
        };
        // Another seat drew the places on top of the pile, whatever they hold; the seat's own
        // draw shows what those places held.
        const cards = d.cards ?? topOf(state?.drawPile, d.count ?? 0, unseen);
        if (d.cards)
          d.cards.forEach((card, i) => {
            const at = state?.drawPile[i];
            if (at !== undefined && unseen.is(at)) unseen.reveal(at, card);
          });
        return keep({
          type: e.type,
          data: {
            seat: d.seat,
            cards,
            reason: d.reason as Extract<ClassicEvent, { type: "cards.drawn" }>["data"]["reason"],
            playable: d.playable ?? false,
          },
        });
      }
      case "pile.reshuffled": {
        if ("order" in e.data) return keep(e as ClassicEvent);
        // The cards under the top card were all seen on the discard pile: their order is new.
        const under = state?.discard.slice(0, -1) ?? [];
        const order =
          under.length === e.data.size ? unseen.among(under) : unknowns(e.data.size, unseen);
        return keep({ type: e.type, data: { order } });
      }
      case "card.played":
        return { event: e, state: bindPlayed(state, e.data.seat, e.data.card, unseen) };
      default:
        return keep(e);
    }
  },
  mapCards: (s, f) => {
    const hands = s.hands.map((h) => h.map(f));
    // The drawn card is also the last such card in the hand of the seat to act: one place.
    const at = s.drawnCard === null ? -1 : (s.hands[s.turn]?.lastIndexOf(s.drawnCard) ?? -1);
    return {
      ...s,
      hands,
      drawPile: s.drawPile.map(f),
      discard: s.discard.map(f),
      drawnCard: s.drawnCard === null ? null : at < 0 ? f(s.drawnCard) : hands[s.turn]![at]!,
    };
  },
  settle: (s, seat, view, seed) => {
    const hands = replaceAt(s.hands, seat, (view.hand ?? s.hands[seat] ?? []).slice());
    // Another seat's draw showed no card, but the phase tells that it may play the card it
    // drew (its last): the sample does not make that card playable, which matters only when
    // that seat acts, and the seat sampling acts itself.
    if (view.phase === "drawnCard" && s.phase !== "drawnCard" && view.turn !== seat) {
      const drawn = hands[s.turn]?.[hands[s.turn]!.length - 1] ?? null;
      return { ...s, seed, hands, phase: view.phase, drawnCard: drawn };
    }
    return { ...s, seed, hands };
  },
  toAct: (s) => (isOver(s) ? null : s.turn),
};

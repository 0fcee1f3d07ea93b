import { countCards, type CardCode } from "../../cards/codes.js";
import { codesIn } from "./codes.js";
import { handLeak, openingEventLeak } from "./common.js";
import type { Viewer } from "../../core/types.js";
import { isGameOver, pileTop, type HeulDochState } from "../../heul-doch/state.js";
import { viewHeulDoch, type HeulDochView, type PileCardView } from "../../heul-doch/view.js";

const CODE =
  /^(red|orange|yellow|green|blue|purple|black)\/[1-7]$|^(catapult|towel|carousel|werewolf)$/;

const onionShown = (c: PileCardView | null | undefined): boolean =>
  c != null && c.faceDown && c.card !== null;

/**
 * A view may name only the viewer's own hand, the face-up top of each pile and the middle pile
 * (as a multiset: no card more often than that); once the game is over, everything.
 */
export function heulDochViewLeak(state: unknown, view: unknown, viewer: Viewer): string | null {
  const s = state as HeulDochState;
  const v = view as HeulDochView;
  const hand = handLeak(s.hands, v.hand, viewer);
  if (hand) return hand;
  if (typeof v.drawPile !== "number") return "the draw pile is shown";
  if (v.piles.some((p) => onionShown(p.top))) return "an onion's code";
  if (s.rules.memory && v.piles.some((p) => p.size !== null || p.onions !== null))
    return "pile sizes with memory on";
  if (isGameOver(s)) return null;
  if (v.revealedPiles !== null) return "piles revealed while the game runs";
  if (v.spoiledRanks !== null) return "spoiled ranks shown while the game runs";
  const allowed = countCards([
    ...(viewer === "spectator" ? [] : (s.hands[viewer] ?? [])),
    ...s.piles.flatMap((p) => {
      const top = pileTop(p);
      return top && !top.faceDown ? [top.card] : [];
    }),
    ...s.middle,
  ]);
  const leaked: CardCode[] = [];
  for (const [card, n] of countCards(codesIn(view, CODE)))
    if (n > (allowed.get(card) ?? 0)) leaked.push(card);
  return leaked.length ? `shows ${leaked.join(", ")}` : null;
}

/** Filtered events carry no seed, no deck order, no other seat's cards and no onion's code. */
export function heulDochEventLeak(event: unknown, viewer: Viewer): string | null {
  const e = event as { type: string; data: Record<string, unknown> };
  const d = e.data;
  const opening = openingEventLeak(e.type, d, viewer);
  if (opening !== undefined) return opening;
  switch (e.type) {
    case "special.returned":
      return "at" in d ? "where the special card went into the draw pile" : null;
    case "card.drawn":
      return d.seat !== viewer && d.card !== null ? "another seat's drawn card" : null;
    case "card.played":
      return d.faceDown === true && d.card !== null ? "an onion's code" : null;
    case "tops.moved":
      return (d.moves as { card: PileCardView }[]).some((m) => onionShown(m.card))
        ? "an onion's code"
        : null;
    case "tops.turned":
      return (d.tops as { card: PileCardView }[]).some((t) => onionShown(t.card))
        ? "an onion's code"
        : null;
    default:
      return null;
  }
}

/**
 * No other seat's hand appears (as a list of two or more cards) anywhere in what is sent to
 * `viewer` (a server's frame), more often than what the viewer may see shows the same list:
 * with two copies of every card (three of a special) the viewer's own hand, the middle pile or
 * an event's cards can be the same list as another seat's hand by chance (two cards late in a
 * game). What may be seen is the viewer's view as the engine makes it and the frame's events,
 * which the event and step checks judge one by one. The server's soak test checks its frames
 * with it.
 */
export function heulDochFrameLeak(frame: unknown, state: unknown, viewer: Viewer): string | null {
  const json = JSON.stringify(frame);
  const s = state as HeulDochState;
  const events = (frame as { events?: unknown } | null)?.events ?? [];
  const seen = JSON.stringify([viewHeulDoch(s, viewer), events]);
  const other = s.hands.findIndex((hand, seat) => {
    if (seat === viewer || hand.length < 2) return false;
    const text = JSON.stringify(hand);
    return occurrences(json, text) > occurrences(seen, text);
  });
  return other < 0 ? null : `contains seat ${other}'s hand`;
}

const occurrences = (text: string, part: string): number => {
  let n = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) n++;
  return n;
};

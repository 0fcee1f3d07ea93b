import { countCards } from "../../cards/codes.js";
import { codesIn } from "./codes.js";
import { handLeak, openingEventLeak } from "./common.js";
import type { Viewer } from "../../core/types.js";
import type { ClassicState } from "../../classic/state.js";
import { isOver, topCard } from "../../classic/state.js";
import type { ClassicView } from "../../classic/view.js";

const CODE = /^[a-z]+\/[a-z0-9]+$|^wild$/;

/**
 * A view may name only the viewer's own cards, the top card, the viewer's drawn card and, for
 * the cutter alone, the card they cut (B-2.2); once the game is over, every hand too (they are
 * counted in the open), and nothing else.
 */
export function classicViewLeak(state: unknown, view: unknown, viewer: Viewer): string | null {
  const s = state as ClassicState;
  const v = view as ClassicView;
  const over = isOver(s);
  if (!over && v.revealedHands !== null) return "hands revealed while the game runs";
  if (over && JSON.stringify(v.revealedHands) !== JSON.stringify(s.hands))
    return "the hands shown at the game's end are not the hands";
  const allowed = new Set<string>([
    ...(viewer === "spectator" ? [] : (s.hands[viewer] ?? [])),
    ...(over ? s.hands.flat() : []),
    topCard(s) ?? "",
    s.cut && s.cut.seat === viewer ? s.cut.bottom : "",
  ]);
  const hand = handLeak(s.hands, v.hand, viewer);
  if (hand) return hand;
  const leaked = codesIn(view, CODE).filter((c) => !allowed.has(c));
  return leaked.length ? `shows ${leaked.join(", ")}` : null;
}

/** Filtered events carry no deck order, no seed, no other seat's cards. */
export function classicEventLeak(event: unknown, viewer: Viewer): string | null {
  const e = event as { type: string; data: Record<string, unknown> };
  const d = e.data;
  const opening = openingEventLeak(e.type, d, viewer);
  if (opening !== undefined) return opening;
  switch (e.type) {
    case "pile.reshuffled":
      return "order" in d ? "reshuffle order" : null;
    case "cards.drawn":
      return d.seat !== viewer && "cards" in d ? "another seat's drawn cards" : null;
    case "deck.cut":
      return d.seat !== viewer && "bottom" in d ? "the cutter's bottom card" : null;
    case "call.missed":
      return d.seat !== viewer && d.call === "mauMau" && d.card !== "" ? "a card taken back" : null;
    default:
      return null;
  }
}

/**
 * Every card an event sent to `viewer` names must be in the viewer's own hand or on the discard
 * pile (face up once played), in the state before or after it; the cutter alone sees the bottom
 * card (`stored`: the event as the log keeps it, unfiltered). The server's soak test checks its
 * frames with it.
 */
export function classicStepLeak(
  event: unknown,
  viewer: Viewer,
  before: unknown,
  after: unknown,
  stored: { readonly type: string; readonly data: unknown } | undefined,
): string | null {
  if (!after) return null;
  const allowed = new Map<string, number>();
  for (const s of [before as ClassicState | null, after as ClassicState]) {
    if (!s) continue;
    const own = viewer === "spectator" ? [] : (s.hands[viewer] ?? []);
    for (const [card, n] of countCards([...own, ...s.discard])) {
      allowed.set(card, Math.max(allowed.get(card) ?? 0, n));
    }
  }
  if (stored?.type === "deck.cut") {
    const d = stored.data as { seat: Viewer; bottom: string };
    if (d.seat === viewer) allowed.set(d.bottom, (allowed.get(d.bottom) ?? 0) + 1);
  }
  for (const [card, n] of countCards(codesIn(event, CODE))) {
    if (n > (allowed.get(card) ?? 0))
      return `names ${card} ×${n}, which seat ${viewer} may not see`;
  }
  return null;
}

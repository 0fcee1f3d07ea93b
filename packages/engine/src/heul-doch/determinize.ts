import type { CardCode } from "../cards/codes.js";
import type { Determinizer, Unseen } from "../core/engine.js";
import type { Seat } from "../core/types.js";
import { bindPlayed } from "../classic/determinize.js";
import { isGameOver, pileTop, type HeulDochEvent, type HeulDochState } from "./state.js";
import type { HeulDochEventView, HeulDochView } from "./view.js";
import { replaceAt } from "../core/fold.js";

const unknowns = (n: number, unseen: Unseen): CardCode[] =>
  Array.from({ length: n }, () => unseen.card());

/** The card on top of `seat`'s pile as the fold so far has it (seen face up, or unseen). */
const topCard = (s: HeulDochState | null, seat: Seat, unseen: Unseen): CardCode =>
  (s && pileTop(s.piles[seat])?.card) ?? unseen.card();

/** Heul doch!: what a seat's filtered log hides (hands, onions, the draw pile), filled back in. */
export const heulDochDeterminizer: Determinizer<
  HeulDochState,
  HeulDochEvent,
  HeulDochEventView,
  HeulDochView
> = {
  fill(event, state, seat, unseen, random) {
    const e = event;
    const keep = (full: HeulDochEvent) => ({ event: full, state });
    switch (e.type) {
      case "match.started":
        return keep({ type: e.type, data: { ...e.data, seed: "determinized" } });
      case "game.started":
        return keep({
          type: e.type,
          data: {
            game: e.data.game,
            first: e.data.first,
            deck: unknowns(e.data.deckSize, unseen),
          },
        });
      case "special.returned": {
        if ("at" in e.data) return keep(e as HeulDochEvent);
        // The card is seen, where it went is not: a random place, sampled anew each time.
        const rest = (state?.drawPile.length ?? 1) - 1;
        const at = Math.floor(random() * (rest + 1));
        const [card] = unseen.among([e.data.card]);
        return keep({ type: e.type, data: { seat: e.data.seat, card: card!, at } });
      }
      case "cards.dealt":
        return keep({
          type: e.type,
          data: {
            hands: e.data.counts.map((n, i) =>
              i === seat && e.data.hand ? e.data.hand.slice() : unknowns(n, unseen),
            ),
          },
        });
      case "card.played": {
        const { seat: by, card, to, faceDown } = e.data;
        if (card !== null)
          return {
            event: { type: e.type, data: { seat: by, card, to, faceDown } },
            state: bindPlayed(state, by, card, unseen),
          };
        // An onion: one of the player's unseen number cards (the seat's own too: H-5.1 hides
        // it, and the seat's hand is set from its view at the end).
        const onion =
          state?.hands[by]?.find((c) => unseen.is(c) && !unseen.ofSet(c)) ?? unseen.card();
        return keep({ type: e.type, data: { seat: by, card: onion, to, faceDown } });
      }
      case "special.played":
        return { event: e, state: bindPlayed(state, e.data.seat, e.data.card, unseen) };
      case "tops.moved":
        return keep({
          type: e.type,
          data: {
            cause: e.data.cause,
            moves: e.data.moves.map((m) => ({
              from: m.from,
              to: m.to,
              card: {
                card: m.card.card ?? topCard(state, m.from, unseen),
                faceDown: m.card.faceDown,
              },
            })),
          },
        });
      case "tops.turned":
        return keep({
          type: e.type,
          data: {
            tops: e.data.tops.map((t) => ({
              seat: t.seat,
              card: {
                card: t.card.card ?? topCard(state, t.seat, unseen),
                faceDown: t.card.faceDown,
              },
            })),
          },
        });
      case "card.drawn": {
        // Another seat takes the top place of the pile; the seat's own draw shows what it held.
        const top = state?.drawPile[0];
        if (e.data.card !== null) {
          if (top !== undefined && unseen.is(top)) unseen.reveal(top, e.data.card);
          return keep({ type: e.type, data: { seat: e.data.seat, card: e.data.card } });
        }
        return keep({ type: e.type, data: { seat: e.data.seat, card: top ?? unseen.card() } });
      }
      case "pile.dealt": {
        const top = state?.drawPile[0];
        if (top !== undefined && unseen.is(top)) unseen.reveal(top, e.data.card);
        return keep(e);
      }
      default:
        return keep(e);
    }
  },
  mapCards: (s, f) => ({
    ...s,
    hands: s.hands.map((h) => h.map(f)),
    drawPile: s.drawPile.map(f),
    piles: s.piles.map((p) => p.map((c) => ({ card: f(c.card), faceDown: c.faceDown }))),
    middle: s.middle.map(f),
  }),
  settle: (s, seat, view, seed) => ({
    ...s,
    seed,
    hands: replaceAt(s.hands, seat, (view.hand ?? s.hands[seat] ?? []).slice()),
  }),
  toAct: (s) => (isGameOver(s) || s.phase !== "playing" ? null : s.turn),
};

import { parseCard, pileHints, type HeulDochView, type Seat } from "@maumau/engine";
import type { CardStyle } from "../play/cards.js";
import type { Texts } from "../play/texts.js";
import type { CardLine, CliFamily } from "./CliFamily.js";

/** A pile's top as a viewer sees it: an onion shows its back, never its card. */
export interface PileTop {
  readonly card: string | null;
  readonly faceDown: boolean;
}

/**
 * #20.4: under the hand, where each card may go and why (the engine's `pileHints`, H-3): one
 * line per distinct card of the hand.
 */
export function pileHintLines(
  piles: readonly (PileTop | null)[],
  me: Seat,
  hand: readonly string[],
  t: Texts,
  style: CardStyle,
  name: (seat: Seat) => string,
): string[] {
  return pileHintsByCard(piles, me, hand, t, style, name).map((hint) => hint.line);
}

/** `pileHintLines`, each with the card it is about. */
function pileHintsByCard(
  piles: readonly (PileTop | null)[],
  me: Seat,
  hand: readonly string[],
  t: Texts,
  style: CardStyle,
  name: (seat: Seat) => string,
): CardLine[] {
  return [...new Set(hand)].map((card) => {
    const hints = pileHints(piles.length, piles, me, card);
    const shown = hints
      .filter((h) => h.allowed || h.reason === "givesAway" || h.reason === "special")
      .filter((h, i, all) => h.reason !== "special" || all.indexOf(h) === i)
      .slice(0, hints[0]?.reason === "special" ? 1 : undefined)
      .map((h) => {
        const text = t.pileHint(h.reason, name(h.to), h.top ? style.card(h.top) : null, h.must);
        return `${h.allowed ? "✓" : "✗"} ${text} (${h.reason === "special" ? "H-4" : h.rule})`;
      });
    return { card, line: t.hintsFor(style.card(card), shown.join(" · ")) };
  });
}

const tops = (v: HeulDochView): (PileTop | null)[] => v.piles.map((pile) => pile.top);

/**
 * Heul doch!: a personal pile for every seat (its top card, or an onion face down), the
 * middle pile, and where each card of the hand may go.
 */
export const heulDoch: CliFamily<HeulDochView> = {
  // Every pile's top card, the middle pile, the hands, the pile hints.
  turnLines(v, { t, c, style, me, name, game, hand, handLines, onion }) {
    const piles = tops(v);
    const shownOnion = c.gray(onion);
    const topCards = piles
      .map((top, s) => {
        const shown =
          top === null ? c.dim(t.empty) : top.faceDown ? shownOnion : style.card(top.card ?? "?");
        return `${s === me ? c.bold(name(s)) : name(s)} ${shown}`;
      })
      .join(" · ");
    const counts = v.handCounts;
    const middle = v.middle;
    return [
      "",
      c.inverse(` ${t.yourTurn(game)} `),
      `${t.piles}: ${topCards}`,
      `${counts.map((n, s) => `${name(s)} ${n}`).join(" · ")} ${t.cards} · ${t.drawPile}: ${v.drawPile}` +
        (middle.length ? ` · ${t.middle}: ${style.card(middle[middle.length - 1]!)}` : ""),
      ...handLines,
      ...pileHintLines(piles, me, hand, t, style, name),
    ];
  },

  // The seat's pile: its top (an onion shows its back) and, in assist mode, its counts.
  seatCell(v, seat, { c, o, t, style }) {
    const pile = v.piles[seat];
    if (pile === undefined) return "";
    const { top } = pile;
    const shown =
      top === null
        ? c.dim(t.empty)
        : top.faceDown
          ? c.inverse(` ${t.onion} `)
          : style.card(String(top.card));
    const extra = [
      pile.size !== null ? o.pileSize(pile.size) : null,
      pile.onions !== null && pile.onions > 0 ? o.onions(pile.onions) : null,
    ].filter(Boolean);
    return ` · ${shown}${extra.length ? c.dim(` (${extra.join(", ")})`) : ""}`;
  },

  centre: (v, { t, style }) => ({
    parts: [`${t.middle}: ${v.middle.length ? style.card(v.middle[v.middle.length - 1]!) : "—"}`],
    lines: [],
  }),

  statusParts: () => [],

  underHand: (v, { me, look, hand, seatName }) =>
    pileHintsByCard(tops(v), me, hand, look.t, look.style, (seat) =>
      seat === me ? look.t.you : seatName(seat),
    ),

  // H-6.2: each pile's onions, the ranks they spoil and its points.
  endLines(v, { look, name, points }) {
    if (v.revealedPiles === null) return [];
    const { o } = look;
    const spoiled = v.spoiled ?? [];
    const ranks = v.spoiledRanks ?? [];
    return v.revealedPiles.map((pile, seat) => {
      const onions = pile.filter((card) => card.faceDown).length;
      const lost = spoiled[seat] ?? 0;
      const parts = [o.onions(onions)];
      if (lost > 0) parts.push(o.spoiled((ranks[seat] ?? []).join(", "), lost));
      return `${name(seat)} ${parts.join(" · ")} ${points(seat)}`;
    });
  },

  gameWinners: (v) => v.gameWinners,

  help: (t) => t.heulDochHelp,

  // No rule asks for calls: the legal plays carry them, if any.
  callsNeeded: () => null,

  // A coloured card played face up without a pile named goes onto the player's own (H-3.1).
  goesOntoOwnPile: (play) => !play.faceDown && parseCard(play.card).colour !== null,

  scoreRows: (v) => v.history.map((game) => game.scores),
};

import { parseCard, type ClassicView } from "@maumau/engine";
import { visibleLength } from "../online/render.js";
import type { CliFamily } from "./CliFamily.js";

/**
 * The classic shedding games (noris, tabaluga, french, bavarian, house rules): a top card, a
 * wish, a pending draw, the cut; the calls "mau" and "mau-mau" their rules require.
 */
export const classic: CliFamily<ClassicView> = {
  turnLines(v, { t, c, style, me, name, legal, hand, handLines }) {
    const top = v.top ? style.card(v.top) : "—";
    const wish = v.wish
      ? ` · ${style.word("wish", v.wish) ?? `${t.wish}: ${style.colour(v.wish)}`}`
      : "";
    const seats = v.handCounts
      .map((n, s) => (s === me ? c.bold(`${name(s)} ${n}`) : `${name(s)} ${n}`))
      .join(" · ");
    const lines = [
      "",
      c.inverse(` ${t.yourTurn(v.game)} `),
      `${t.top}: ${top}${wish} · ${t.drawPile}: ${v.drawPile}`,
      `${seats} ${t.cards} (${t.direction(v.direction === "cw")})`,
    ];
    if (v.pendingDraw > 0) {
      // The card that raised the draw says whether anything may answer it (N-4.2, N-4.3).
      const raiser = v.top ? v.rules.effects[parseCard(v.top).rank] : undefined;
      const answer = legal.some((m) => m.type === "playCard")
        ? "yours"
        : raiser?.kind === "draw" && raiser.stack === "none"
          ? "never"
          : "none";
      lines.push(c.yellow(t.pending(v.pendingDraw, answer, raiser?.rule ?? null)));
    }
    if (v.anyCardAllowed) lines.push(t.anyCard);
    if (v.phase === "choosingColour") lines.push(t.chooseColour);
    if (v.phase === "cutting") lines.push(t.cutNow(v.drawPile - 1));
    if (v.cut?.seat === me && v.cut.card !== null && v.discardCount === 1)
      lines.push(t.yourCut(style.card(v.cut.card), v.cut.kept));
    lines.push(...handLines);
    if (v.drawnCard)
      lines.push(t.drawnCard(style.card(v.drawnCard), hand.indexOf(v.drawnCard) + 1));
    return lines;
  },

  seatCell: () => "",

  centre(v, { c, o, t, style }) {
    const parts = [`${t.top}: ${v.top !== null ? style.card(v.top) : "—"}`];
    if (v.wish !== null) parts.push(c.bold(o.wish(style.colour(v.wish))));
    if (v.pendingDraw > 0) parts.push(c.bold.yellow(o.pending(v.pendingDraw)));
    return { parts, lines: v.anyCardAllowed ? [t.anyCard] : [] };
  },

  statusParts(v, { me, you, look, hand }) {
    const extra: string[] = [];
    if (you && v.phase === "choosingColour") extra.push(look.t.chooseColour);
    if (you && v.phase === "cutting") extra.push(look.t.cutNow(v.drawPile - 1));
    const { cut } = v;
    if (cut && cut.seat === me && cut.card !== null && v.discardCount === 1)
      extra.push(look.t.yourCut(look.style.card(cut.card), cut.kept));
    if (you && v.drawnCard !== null) {
      const index = hand.indexOf(v.drawnCard) + 1;
      extra.push(look.t.drawnCard(look.style.card(v.drawnCard), index));
    }
    return extra;
  },

  underHand: () => [],

  // Every hand is counted in the open (N-6.2): each seat's cards and points.
  endLines(v, { look, name, points }) {
    if (v.revealedHands === null) return [];
    return v.revealedHands.map((hand, seat) => {
      const cards = hand.map((card) => look.style.card(card));
      const line = (shown: readonly string[], more: boolean) =>
        `${name(seat)} ${shown.length || more ? shown.join(" ") : "—"}${more ? " …" : ""} ${points(seat)}`;
      // A long hand gives up its last cards, never its points, to the screen's width.
      let shown = cards.length;
      while (
        shown > 0 &&
        visibleLength(line(cards.slice(0, shown), shown < cards.length)) > look.width
      )
        shown--;
      return line(cards.slice(0, shown), shown < cards.length);
    });
  },

  gameWinners: (v) => (v.gameWinner !== null ? [v.gameWinner] : []),

  help: () => null,

  // The rules say which calls a play needs (N-5, B-5, F-5): one card left, or none.
  callsNeeded(v, play, handSize) {
    const { rules } = v;
    const left = handSize - 1;
    const effect = rules.effects[parseCard(play.card).rank];
    return {
      mau: rules.calls.mau.required && left === 1,
      mauMau:
        rules.calls.mauMau.required &&
        left === 0 &&
        !(rules.playAgainCannotFinish && effect?.kind === "playAgain"),
    };
  },

  goesOntoOwnPile: () => false,

  scoreRows: (v) => v.history,
};

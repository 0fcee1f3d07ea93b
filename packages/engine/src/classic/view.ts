import type { CardCode } from "../cards/codes.js";
import { sharedEventFor } from "../core/events.js";
import type { Seat, Viewer } from "../core/types.js";
import type { ClassicEvent, ClassicState, Phase } from "./state.js";
import { topCard } from "./state.js";

/** What one seat (or a spectator) may know of a classic game (rules/README.md, "Always true" 2). */
export interface ClassicView {
  readonly family: "classic";
  readonly variant: string;
  readonly viewer: Viewer;
  readonly players: number;
  readonly phase: Phase;
  readonly game: number;
  readonly dealer: Seat;
  /** The seat expected to act; `null` once the game is over. */
  readonly turn: Seat | null;
  readonly direction: "cw" | "ccw";
  readonly top: CardCode | null;
  readonly discardCount: number;
  readonly wish: string | null;
  readonly pendingDraw: number;
  readonly anyCardAllowed: boolean;
  /** The viewer's own hand; `null` for spectators. */
  readonly hand: readonly CardCode[] | null;
  /** The card the viewer just drew and may still play. */
  readonly drawnCard: CardCode | null;
  readonly handCounts: readonly number[];
  /** N-6.2/F-6.2/B-6.2: once the game is over, every hand is counted in the open; `null` before. */
  readonly revealedHands: readonly (readonly CardCode[])[] | null;
  readonly drawPile: number;
  readonly scores: readonly number[] | null;
  readonly totals: readonly number[];
  readonly history: readonly (readonly number[])[];
  readonly gameWinner: Seat | null;
  readonly winners: readonly Seat[];
  readonly losers: readonly Seat[];
  /**
   * B-2.2: this game's cut. Everyone sees who cut, where, and whether an Unter was kept (the
   * deal shows it: the cutter is dealt one card fewer, B-2.3); only the cutter sees the card.
   */
  readonly cut: {
    readonly seat: Seat;
    readonly at: number;
    readonly kept: boolean;
    readonly card: CardCode | null;
  } | null;
  readonly version: number;
  /** Rules in force, so that a client can explain them. */
  readonly rules: ClassicState["rules"];
}

/** The only way state leaves the engine: every hidden card is stripped. */
export function viewClassic(s: ClassicState, viewer: Viewer): ClassicView {
  const seat = viewer === "spectator" ? null : viewer;
  const over = s.phase === "gameOver" || s.phase === "matchOver";
  return {
    family: "classic",
    variant: s.variant,
    viewer,
    players: s.players,
    phase: s.phase,
    game: s.game,
    dealer: s.dealer,
    turn: over ? null : s.turn,
    direction: s.direction === 1 ? "cw" : "ccw",
    top: topCard(s),
    discardCount: s.discard.length,
    wish: s.wish,
    pendingDraw: s.pendingDraw,
    anyCardAllowed: s.anyCardAllowed,
    hand: seat === null ? null : (s.hands[seat] ?? []).slice(),
    drawnCard: seat !== null && s.turn === seat ? s.drawnCard : null,
    handCounts: s.hands.map((h) => h.length),
    revealedHands: over ? s.hands.map((h) => h.slice()) : null,
    drawPile: s.drawPile.length,
    scores: s.scores,
    totals: s.totals,
    history: s.history,
    gameWinner: s.gameWinner,
    winners: s.winners,
    losers: s.losers,
    cut: s.cut
      ? {
          seat: s.cut.seat,
          at: s.cut.at,
          kept: s.cut.kept,
          card: s.cut.seat === seat ? s.cut.bottom : null,
        }
      : null,
    version: s.version,
    rules: s.rules,
  };
}

/** An event as a viewer may see it: other seats' cards and every pile order become counts. */
export type ClassicEventView =
  | ClassicEvent
  | {
      type: "match.started";
      data: Omit<Extract<ClassicEvent, { type: "match.started" }>["data"], "seed">;
    }
  | {
      type: "game.started";
      data: { game: number; dealer: Seat; deckSize: number; commitment?: string };
    }
  | { type: "deck.cut"; data: { seat: Seat; at: number; kept: boolean } }
  | { type: "cards.dealt"; data: { counts: number[]; hand: CardCode[] | null } }
  | {
      type: "cards.drawn";
      data: { seat: Seat; count: number; reason: string; cards?: CardCode[]; playable?: boolean };
    }
  | { type: "pile.reshuffled"; data: { size: number } };

/** An event as a viewer may see it (the opening events as core/events.ts filters them). */
export function eventForViewer(e: ClassicEvent, viewer: Viewer): ClassicEventView {
  const me = viewer === "spectator" ? null : viewer;
  switch (e.type) {
    case "match.started":
    case "game.started":
    case "cards.dealt":
      return sharedEventFor(e, viewer);
    case "deck.cut":
      return e.data.seat === me
        ? e
        : { type: e.type, data: { seat: e.data.seat, at: e.data.at, kept: e.data.kept } };
    case "cards.drawn":
      return e.data.seat === me
        ? { type: e.type, data: { ...e.data, count: e.data.cards.length } }
        : {
            type: e.type,
            data: { seat: e.data.seat, count: e.data.cards.length, reason: e.data.reason },
          };
    case "pile.reshuffled":
      return { type: e.type, data: { size: e.data.order.length } };
    case "call.missed":
      // B-5.3: a card taken back was never shown; only its player knows it.
      return e.data.seat === me || e.data.call === "mau"
        ? e
        : { type: e.type, data: { ...e.data, card: "" } };
    default:
      return e;
  }
}

import type { CardCode } from "../cards/codes.js";
import { sharedEventFor } from "../core/events.js";
import type { Seat, Viewer } from "../core/types.js";
import { spoiledRanks } from "./predicates.js";
import type { HeulDochRuleSet } from "./ruleSet.js";
import {
  isGameOver,
  pileTop,
  type HeulDochEvent,
  type HeulDochPhase,
  type HeulDochState,
  type PileCard,
} from "./state.js";

/** A pile card as a viewer sees it: an onion shows its back, never its code. */
export interface PileCardView {
  readonly card: CardCode | null;
  readonly faceDown: boolean;
}

/** H-5.1: a pile shows its top card only; in assist mode (`memory` false) also its counts. */
export interface PileView {
  readonly top: PileCardView | null;
  /** Cards in the pile: only with `memory` false. */
  readonly size: number | null;
  /** Onions in the pile: only with `memory` false. */
  readonly onions: number | null;
}

/** What one seat (or a spectator) may know of a heul-doch game (rules/README.md, "Always true" 2). */
export interface HeulDochView {
  readonly family: "heul-doch";
  readonly variant: string;
  readonly viewer: Viewer;
  readonly players: number;
  readonly phase: HeulDochPhase;
  readonly game: number;
  readonly first: Seat;
  /** The seat expected to act; `null` once the game is over. */
  readonly turn: Seat | null;
  /** The viewer's own hand; `null` for spectators. */
  readonly hand: readonly CardCode[] | null;
  readonly handCounts: readonly number[];
  readonly drawPile: number;
  readonly piles: readonly PileView[];
  /** The middle pile lies face up: every card in it is shown, bottom first. */
  readonly middle: readonly CardCode[];
  /** "Always true" 4: once the game is over, every pile is shown in full, bottom first. */
  readonly revealedPiles: readonly (readonly PileCard[])[] | null;
  /** H-6.2: once the game is over, the ranks each pile's onions spoil. */
  readonly spoiledRanks: readonly (readonly number[])[] | null;
  readonly scores: readonly number[] | null;
  readonly spoiled: readonly number[] | null;
  readonly gameWinners: readonly Seat[];
  readonly totals: readonly number[];
  readonly history: HeulDochState["history"];
  readonly winners: readonly Seat[];
  readonly version: number;
  /** Rules in force, so that a client can explain them. */
  readonly rules: HeulDochRuleSet;
}

export const hidePileCard = (c: PileCard): PileCardView =>
  c.faceDown ? { card: null, faceDown: true } : { card: c.card, faceDown: false };

/** The only way state leaves the engine: other hands, onions and the draw pile are stripped. */
export function viewHeulDoch(s: HeulDochState, viewer: Viewer): HeulDochView {
  const seat = viewer === "spectator" ? null : viewer;
  const over = isGameOver(s);
  const assist = !s.rules.memory;
  return {
    family: "heul-doch",
    variant: s.variant,
    viewer,
    players: s.players,
    phase: s.phase,
    game: s.game,
    first: s.first,
    turn: over ? null : s.turn,
    hand: seat === null ? null : (s.hands[seat] ?? []).slice(),
    handCounts: s.hands.map((h) => h.length),
    drawPile: s.drawPile.length,
    piles: s.piles.map((pile) => {
      const top = pileTop(pile);
      return {
        top: top === null ? null : hidePileCard(top),
        size: assist ? pile.length : null,
        onions: assist ? pile.filter((c) => c.faceDown).length : null,
      };
    }),
    middle: s.middle.slice(),
    revealedPiles: over ? s.piles.map((p) => p.slice()) : null,
    spoiledRanks: over
      ? s.piles.map((p) => spoiledRanks(p.filter((c) => c.faceDown).length))
      : null,
    scores: s.scores,
    spoiled: s.spoiled,
    gameWinners: s.gameWinners,
    totals: s.totals,
    history: s.history,
    winners: s.winners,
    version: s.version,
    rules: s.rules,
  };
}

type Data<T extends HeulDochEvent["type"]> = Extract<HeulDochEvent, { type: T }>["data"];

/** An event as a viewer may see it: hidden cards become counts or backs. */
export type HeulDochEventView =
  | Exclude<
      HeulDochEvent,
      {
        type:
          | "match.started"
          | "game.started"
          | "special.returned"
          | "cards.dealt"
          | "card.played"
          | "tops.moved"
          | "tops.turned"
          | "card.drawn";
      }
    >
  | { type: "match.started"; data: Omit<Data<"match.started">, "seed"> }
  | {
      type: "game.started";
      data: { game: number; first: Seat; deckSize: number; commitment?: string };
    }
  | { type: "special.returned"; data: { seat: Seat; card: CardCode } }
  | { type: "cards.dealt"; data: { counts: number[]; hand: CardCode[] | null } }
  | {
      type: "card.played";
      data: { seat: Seat; card: CardCode | null; to: Seat; faceDown: boolean };
    }
  | {
      type: "tops.moved";
      data: {
        cause: "towel" | "carousel";
        moves: { from: Seat; to: Seat; card: PileCardView }[];
      };
    }
  | { type: "tops.turned"; data: { tops: { seat: Seat; card: PileCardView }[] } }
  | { type: "card.drawn"; data: { seat: Seat; card: CardCode | null } };

/**
 * Strips an event for a viewer (the opening events as core/events.ts filters them): other hands, the draw pile's order, where a special card went
 * back into it, and every onion's code. The full piles are shown with `game.ended`.
 */
export function eventForHeulDoch(e: HeulDochEvent, viewer: Viewer): HeulDochEventView {
  const me = viewer === "spectator" ? null : viewer;
  switch (e.type) {
    case "match.started":
    case "game.started":
    case "cards.dealt":
      return sharedEventFor(e, viewer);
    case "special.returned":
      return { type: e.type, data: { seat: e.data.seat, card: e.data.card } };
    case "card.played":
      // H-5.1: an onion's code never reaches a client while the game runs, not even its owner's.
      return e.data.faceDown ? { type: e.type, data: { ...e.data, card: null } } : e;
    case "tops.moved":
      return {
        type: e.type,
        data: {
          cause: e.data.cause,
          moves: e.data.moves.map((m) => ({ ...m, card: hidePileCard(m.card) })),
        },
      };
    case "tops.turned":
      return {
        type: e.type,
        data: { tops: e.data.tops.map((t) => ({ seat: t.seat, card: hidePileCard(t.card) })) },
      };
    case "card.drawn":
      return e.data.seat === me ? e : { type: e.type, data: { seat: e.data.seat, card: null } };
    default:
      return e;
  }
}

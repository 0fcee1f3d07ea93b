import type { CardCode } from "../cards/codes.js";
import type { Progress } from "../core/engine.js";
import type { Seat } from "../core/types.js";
import { isGameOver, type HeulDochState, type PileCard } from "./state.js";

/** The table as conformance/FORMAT.md prints it for heul-doch. */
export interface HeulDochScriptState {
  status: "setup" | "playing" | "gameOver" | "matchOver";
  turn: Seat | null;
  direction: "cw";
  top: null;
  wish: null;
  pendingDraw: null;
  hands: CardCode[][];
  drawPile: number;
  scores: number[] | null;
  totals: number[] | null;
  winners: Seat[];
  /** By seat, bottom first. */
  piles: PileCard[][];
  /** The middle pile, bottom first. */
  middle: CardCode[];
}

/** Where a game stands, read straight off the state (the script table is not built). */
export function heulDochProgress(s: HeulDochState): Progress {
  return {
    status: s.phase === "idle" ? "setup" : s.phase,
    toAct: isGameOver(s) ? null : s.turn,
    game: s.game,
    winners: s.phase === "matchOver" ? s.winners.slice() : [],
  };
}

export function heulDochScriptState(s: HeulDochState): HeulDochScriptState {
  const over = isGameOver(s);
  return {
    status: s.phase === "idle" ? "setup" : s.phase,
    turn: over ? null : s.turn,
    direction: "cw",
    top: null,
    wish: null,
    pendingDraw: null,
    hands: s.hands.map((h) => h.slice()),
    drawPile: s.drawPile.length,
    scores: over && s.scores ? s.scores.slice() : null,
    totals: over ? s.totals.slice() : null,
    winners: s.phase === "matchOver" ? s.winners.slice() : [],
    piles: s.piles.map((p) => p.map((c) => ({ card: c.card, faceDown: c.faceDown }))),
    middle: s.middle.slice(),
  };
}

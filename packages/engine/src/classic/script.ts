import type { CardCode } from "../cards/codes.js";
import type { Progress } from "../core/engine.js";
import type { Seat } from "../core/types.js";
import { topCard, type ClassicState } from "./state.js";

/** The table as conformance/FORMAT.md prints it. */
export interface ClassicScriptState {
  status: "setup" | "playing" | "gameOver" | "matchOver";
  turn: Seat | null;
  direction: "cw" | "ccw";
  top: CardCode | null;
  wish: string | null;
  pendingDraw: number;
  hands: CardCode[][];
  drawPile: number;
  scores: number[] | null;
  totals: number[] | null;
  winners: Seat[];
}

/** Where a game stands, read straight off the state (the script table is not built). */
export function classicProgress(s: ClassicState): Progress {
  const over = s.phase === "gameOver" || s.phase === "matchOver";
  return {
    status: statusOf(s),
    toAct: over ? null : s.turn,
    game: s.game,
    winners: s.phase === "matchOver" ? s.winners.slice() : [],
  };
}

const statusOf = (s: ClassicState): ClassicScriptState["status"] =>
  s.phase === "cutting" || s.phase === "choosingColour" || s.phase === "idle"
    ? "setup"
    : s.phase === "gameOver" || s.phase === "matchOver"
      ? s.phase
      : "playing";

export function classicScriptState(s: ClassicState): ClassicScriptState {
  const over = s.phase === "gameOver" || s.phase === "matchOver";
  return {
    status: statusOf(s),
    turn: over ? null : s.turn,
    direction: s.direction === 1 ? "cw" : "ccw",
    top: topCard(s),
    wish: s.wish,
    pendingDraw: s.pendingDraw,
    hands: s.hands.map((h) => h.slice()),
    drawPile: s.drawPile.length,
    scores: over && s.scores ? s.scores.slice() : null,
    totals: over ? s.totals.slice() : null,
    winners: s.phase === "matchOver" ? s.winners.slice() : [],
  };
}

import type { MatchSnapshot, SeatView } from "./protocol.js";

const present = (s: SeatView | undefined): boolean => s?.kind === "human" && !s.away;

/**
 * When the running turn times out (ms since the epoch): the time of the match's last commit plus
 * its turn time; null without a timer, once the match is over, or when a bot or nobody is to
 * act (between games: when no human at the table is there to start the next one).
 */
export function turnDeadline(snapshot: MatchSnapshot): number | null {
  const { lobby, progress } = snapshot;
  if (lobby.turnTimerMs === null || progress === null || progress.status === "matchOver")
    return null;
  const waiting =
    progress.status === "gameOver"
      ? lobby.seats.some(present)
      : progress.toAct !== null && present(lobby.seats[progress.toAct]);
  return waiting ? Date.parse(lobby.updatedAt) + lobby.turnTimerMs : null;
}

import type { SeatView } from "./protocol.js";

/** How a front end labels a seat without a player's name, by its number (1-based). */
export interface SeatWords {
  readonly bot: (n: number) => string;
  readonly seat: (n: number) => string;
}

/** A seat's name as every table shows it: the player's name, else "Bot 2" or "Seat 3". */
export function seatName(seat: SeatView | undefined, index: number, words: SeatWords): string {
  if (seat?.kind === "human" && seat.name) return seat.name;
  if (seat?.kind === "bot") return words.bot(index + 1);
  return words.seat(index + 1);
}

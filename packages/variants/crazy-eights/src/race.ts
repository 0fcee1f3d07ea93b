import type { Command } from "@maumau/engine";
import { play, table, type Setup } from "@maumau/engine/testing";
import { crazyEights } from "./index.js";

/**
 * A table for the tests of the last cards (E-5, E-6): three players, seat 1 first against
 * clubs/5. Seat 1 sheds five clubs while seats 2 and 0 follow with clubs and eights naming
 * clubs. Left at the end: seat 2 hearts/a (1 point), seat 0 diamonds/8 (50).
 */
export const raceTable = (options: unknown = {}): Setup =>
  table(crazyEights, {
    players: 3,
    options,
    starter: "clubs/5",
    hands: {
      1: ["clubs/9", "clubs/10", "clubs/j", "clubs/q", "clubs/k"],
      2: ["clubs/2", "clubs/3", "clubs/4", "spades/8", "hearts/a"],
      0: ["clubs/6", "clubs/7", "hearts/8", "clubs/a", "diamonds/8"],
    },
  });

/** Nine plays: seat 1 holds clubs/q and clubs/k, a suit named by an eight, and is to act. */
export const RACE_TO_TWO: readonly Command[] = [
  play(1, "clubs/9"),
  play(2, "clubs/2"),
  play(0, "clubs/6"),
  play(1, "clubs/10"),
  play(2, "clubs/3"),
  play(0, "clubs/7"),
  play(1, "clubs/j"),
  play(2, "clubs/4"),
  play(0, "hearts/8", { wish: "clubs" }),
];

/** Three plays more: seat 1 holds its last card, clubs/k, and is to act. */
export const RACE_TO_ONE: readonly Command[] = [
  ...RACE_TO_TWO,
  play(1, "clubs/q"),
  play(2, "spades/8", { wish: "clubs" }),
  play(0, "clubs/a"),
];

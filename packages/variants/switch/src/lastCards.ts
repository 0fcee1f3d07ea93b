import { draw, play, table, type RefereeRow, type Scenario } from "@maumau/engine/testing";
import { switchGame } from "./index.js";

/**
 * The table of the S-5 and S-6 tests: two players on clubs/5; seat 1 sheds five clubs while
 * seat 0 draws a card that does not fit after each, so that seat 1 then holds `pair` and is
 * to play. Seat 0 holds spades/3, 4, 6, hearts/k, q, diamonds/a, j and draws, in this order,
 * diamonds/10, hearts/10, spades/10, diamonds/q, spades/q, hearts/j, then `moreToDraw`.
 */
export const lastTwoCards = (
  given: RefereeRow["given"],
  pair: readonly [string, string],
  options: Record<string, unknown> = {},
  moreToDraw: readonly string[] = [],
): Scenario =>
  given(
    table(switchGame, {
      players: 2,
      options,
      hands: {
        1: ["clubs/3", "clubs/4", "clubs/6", "clubs/7", "clubs/9", ...pair],
        0: ["spades/3", "spades/4", "spades/6", "hearts/k", "hearts/q", "diamonds/a", "diamonds/j"],
      },
      starter: "clubs/5",
      drawPile: [
        "diamonds/10",
        "hearts/10",
        "spades/10",
        "diamonds/q",
        "spades/q",
        "hearts/j",
        ...moreToDraw,
      ],
    }),
  ).when(
    play(1, "clubs/3"),
    draw(0),
    play(1, "clubs/4"),
    draw(0),
    play(1, "clubs/6"),
    draw(0),
    play(1, "clubs/7"),
    draw(0),
    play(1, "clubs/9"),
    draw(0),
  );

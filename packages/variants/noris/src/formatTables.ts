import type { AnyVariant } from "@maumau/engine";
import {
  draw,
  given,
  ok,
  play,
  status,
  table,
  type FormatFixture,
  type TableSpec,
} from "@maumau/engine/testing";

/**
 * The FORMAT precedence tables for a variant that plays noris's rules (noris, tabaluga): its
 * deal, a started table, a finished one-game match, and the fixture of the shared suite.
 */
export function norisTables(variant: AnyVariant) {
  /** Three players, seat 0 deals, seat 1 starts; a one-game match; decider and machine in lockstep. */
  const deal = (spec: Omit<TableSpec, "players"> & { players?: number }) =>
    table(variant, { players: 3, options: { games: 1 }, mode: "both", ...spec });

  const start = () =>
    given(
      deal({
        hands: {
          1: ["red/5", "blue/1", "wild", "green/2", "green/3"],
          2: ["red/6", "yellow/1", "yellow/2", "yellow/3", "yellow/4"],
        },
        starter: "red/9",
      }),
    );

  /** Two players; seat 1 has won the one-game match with its fifth card. */
  const afterTheEnd = () =>
    given(
      deal({
        players: 2,
        hands: {
          1: ["red/1", "red/2", "red/3", "red/4", "red/5"],
          0: ["red/6", "red/7", "red/8", "yellow/5", "yellow/6"],
        },
        starter: "red/9",
        drawPile: ["blue/7"],
      }),
    )
      .when(
        play(1, "red/1"),
        play(0, "red/6"),
        play(1, "red/2"),
        play(0, "red/7"),
        play(1, "red/3"),
        play(0, "red/8"),
        play(1, "red/4", { mau: true }),
        draw(0),
        play(1, "red/5"),
      )
      .then(ok(), status("matchOver"));

  const fixture: FormatFixture = {
    start,
    afterTheEnd,
    loser: { seat: 0, holds: "yellow/5", lacks: "red/1" },
    winner: 1,
    unknownCards: ["red/10", "purple/5", "RED/5", "wild/red", "red/draw3"],
    seat1: { playable: "red/5", unplayable: "blue/1", wishCard: "wild" },
    notHeld: { matching: "red/1" },
    seat2Playable: "red/6",
    colour: "blue",
    choiceRule: "N-4.5",
    cutIsIllegal: true,
  };
  return { deal, start, afterTheEnd, fixture };
}

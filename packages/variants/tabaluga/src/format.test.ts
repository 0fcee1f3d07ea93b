import {
  draw,
  formatPrecedenceSuite,
  given,
  ok,
  play,
  status,
  table,
} from "@maumau/engine/testing";
import { tabaluga } from "./index.js";

// Tabaluga plays noris's rules with its own look: the same refusals in the same order.
const deal = (hands: Record<number, string[]>, players = 3, drawPile: string[] = []) =>
  table(tabaluga, {
    players,
    options: { games: 1 },
    mode: "both",
    hands,
    starter: "red/9",
    drawPile,
  });

formatPrecedenceSuite("tabaluga", {
  start: () =>
    given(
      deal({
        1: ["red/5", "blue/1", "wild", "green/2", "green/3"],
        2: ["red/6", "yellow/1", "yellow/2", "yellow/3", "yellow/4"],
      }),
    ),
  afterTheEnd: () =>
    given(
      deal(
        {
          1: ["red/1", "red/2", "red/3", "red/4", "red/5"],
          0: ["red/6", "red/7", "red/8", "yellow/5", "yellow/6"],
        },
        2,
        ["blue/7"],
      ),
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
      .then(ok(), status("matchOver")),
  loser: { seat: 0, holds: "yellow/5", lacks: "red/1" },
  winner: 1,
  unknownCards: ["red/10", "purple/5", "RED/5", "wild/red", "red/draw3"],
  seat1: { playable: "red/5", unplayable: "blue/1", wishCard: "wild" },
  notHeld: { matching: "red/1" },
  seat2Playable: "red/6",
  colour: "blue",
  choiceRule: "N-4.5",
  cutIsIllegal: true,
});

import { createRng, GameDriver, isRefusal, type BotLevel } from "@maumau/engine";
import { bench, describe } from "vitest";
import { noris } from "./index.js";

/** One whole 4-player game of bots; returns the number of moves. */
function game(seed: number, mode: "decider" | "machine", level: BotLevel): number {
  const driver = GameDriver.open(noris, { players: 4, seed, options: { games: 1 } }, mode);
  if (isRefusal(driver)) throw new Error(driver.message.en);
  const random = createRng(seed, 1);
  let moves = 0;
  for (;;) {
    const { toAct } = driver.progress();
    if (toAct === null) break;
    driver.dispatch(driver.botMove(toAct, level, random));
    moves++;
  }
  driver.stop();
  return moves;
}

let seed = 0;
describe("noris, 4 players, one whole game per iteration", () => {
  bench("decide/evolve, random bots", () => {
    game(seed++, "decider", "random");
  });
  bench("decide/evolve, heuristic bots", () => {
    game(seed++, "decider", "heuristic");
  });
  bench("statechart (pure transition), heuristic bots", () => {
    game(seed++, "machine", "heuristic");
  });
});

describe("noris, per call on a dealt table", () => {
  const driver = GameDriver.open(noris, { players: 4, seed: 42 });
  if (isRefusal(driver)) throw new Error(driver.message.en);
  const seat = driver.progress().toAct ?? 0;
  const move = driver.legalMoves(seat)[0]!;
  bench("legalMoves", () => {
    driver.legalMoves(seat);
  });
  bench("decide (one play)", () => {
    noris.engine.decide(driver.state, move);
  });
  bench("view for a seat", () => {
    driver.view(seat);
  });
});

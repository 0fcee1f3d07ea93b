import { bench, describe } from "vitest";
import { findVariant } from "@maumau/registry";
import { simulate } from "./simulate.js";

describe("simulate", () => {
  bench(
    "200 noris games, 4 heuristic players",
    () => {
      simulate({
        variant: findVariant("noris")!,
        players: 4,
        games: 200,
        bots: ["heuristic"],
        seed: 1,
      });
    },
    { iterations: 5, warmupIterations: 1 },
  );
});

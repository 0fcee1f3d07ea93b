import type { AnyVariant } from "@maumau/engine";
import { addStats, differentialRun, emptyStats } from "@maumau/engine/testing";
import { familyHouseRules } from "@maumau/variant-custom";
import { describe, expect, it } from "vitest";
import { findVariant } from "./index.js";

/**
 * Machine vs fast path (issue #8): every command, legal or faulty, sent to the statechart run
 * by XState's pure `transition()` (the server's referee) and to `decide` (bots, simulations)
 * must give the same events or the same refusal. CI plays 100 runs per family (a game each,
 * every eighth a match of up to 50 games); `SOAK=1` (`pnpm test:soak`) plays such runs until
 * 100,000 games per family have ended.
 */
// `pnpm test:soak` runs this file through the package script `test:soak` (or set SOAK=1).
const SOAK = process.env.SOAK === "1" || process.env.npm_lifecycle_event === "test:soak";
const RUNS = 100;
const SOAK_GAMES = 100_000;
const scope = SOAK ? `until ${SOAK_GAMES.toLocaleString("en")} games have ended` : `${RUNS} runs`;

const classic: { variant: string; options: unknown }[] = [
  { variant: "noris", options: {} },
  { variant: "tabaluga", options: {} },
  { variant: "french", options: {} },
  { variant: "bavarian", options: {} },
  { variant: "custom", options: familyHouseRules },
  {
    variant: "custom",
    options: {
      preset: "bavarian",
      turn: { drawUntilPlayable: true },
      calls: { mauMau: { required: true, penalty: 0, takeBack: true } },
    },
  },
];

const CODES = [
  "INVALID_COMMAND",
  "NOT_YOUR_TURN",
  "NOT_IN_HAND",
  "ILLEGAL_MOVE",
  "CHOICE_REQUIRED",
  "GAME_OVER",
];

/**
 * Plays differential runs (`RUNS`, or under SOAK until `SOAK_GAMES` games have ended), the i-th
 * at the table `tableAt(i)` (every eighth a whole match, the others one game), and checks that
 * every refusal code and every named chart state came up.
 */
function runFamily(
  name: string,
  tableAt: (i: number) => { variant: AnyVariant; players: number; options: unknown },
  states: readonly string[],
) {
  const total = emptyStats();
  for (let i = 0; SOAK ? total.games < SOAK_GAMES : i < RUNS; i++)
    addStats(
      total,
      differentialRun({
        ...tableAt(i),
        seed: i + 1,
        games: i % 8 === 0 ? 50 : 1,
        maxCommands: 6_000,
      }),
    );
  if (SOAK) console.log(`soak: ${name}: ${JSON.stringify(total)}`);
  expect(total.accepted).toBeGreaterThan(RUNS * 10);
  expect(total.games).toBeGreaterThanOrEqual(SOAK ? SOAK_GAMES : RUNS);
  for (const code of CODES)
    expect(total.codes[code], `${code} in ${JSON.stringify(total.codes)}`).toBeGreaterThan(0);
  for (const state of states)
    expect(total.states[state], `${state} in ${JSON.stringify(total.states)}`).toBeGreaterThan(0);
}

describe("machine = decide, refusals included (differential)", () => {
  it(
    `classic family, ${scope}, over noris, tabaluga, french, bavarian and house rules`,
    () =>
      runFamily(
        "classic",
        (i) => {
          const { variant: id, options } = classic[i % classic.length]!;
          const variant = findVariant(id)!;
          const range = id === "custom" ? { min: 2, max: 4 } : variant.players;
          return { variant, players: range.min + (i % (range.max - range.min + 1)), options };
        },
        [
          "dealing.cutting",
          "dealing.choosingColour",
          "turn.awaitingPlay",
          "turn.underPenalty",
          "turn.wishInForce",
          "turn.drawnCard",
          "turn.playAgain",
          "gameOver",
          "matchOver",
        ],
      ),
    SOAK ? 24 * 3600_000 : 120_000,
  );

  it(
    `heul-doch, ${scope}, with and without special cards`,
    () => {
      const variant = findVariant("heul-doch")!;
      const { min, max } = variant.players;
      runFamily(
        "heul-doch",
        (i) => ({
          variant,
          players: min + (i % (max - min + 1)),
          options: { specials: i % 4 !== 0, games: 1 + (i % 3) },
        }),
        ["turn.awaitingCard", "turn.handsRunningDown", "gameOver", "matchOver"],
      );
    },
    SOAK ? 24 * 3600_000 : 120_000,
  );
});

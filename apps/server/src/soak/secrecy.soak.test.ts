import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playServerMatch, spyOnFrames } from "../testing/playServerMatch.js";
import { startTestApi, type TestApi } from "../testing/index.js";
import { figure, pool, scale, seeded } from "./scale.js";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

const SETUPS = [
  { variant: "noris", seats: 3, options: { games: 1 } },
  { variant: "tabaluga", seats: 4, options: { games: 1 } },
  { variant: "french", seats: 3, options: { targetScore: 1 } },
  { variant: "bavarian", seats: 3, options: { limit: 1 } },
  { variant: "heul-doch", seats: 4, options: { specials: true } },
  { variant: "heul-doch", seats: 3, options: { memory: false } },
  {
    variant: "custom",
    seats: 3,
    options: { preset: "french", scoring: { matchEnd: { kind: "games", games: 1 } } },
  },
] as const;

describe("soak: secrecy", () => {
  it(
    "no frame to any seat or spectator shows a card it may not see, over many bot matches",
    async () => {
      const matches = scale(14, 300);
      const random = seeded(2026);
      const plans = Array.from({ length: matches }, (_, i) => {
        const setup = SETUPS[i % SETUPS.length]!;
        const humans = [...Array(setup.seats).keys()].filter(() => random() < 0.6);
        return { ...setup, humans: humans.length > 0 ? humans : [0], spectators: 1 };
      });
      const started = performance.now();
      const counts = await pool(plans, 4, async (plan) => {
        const played = await playServerMatch(api.url, plan);
        try {
          return {
            frames: await spyOnFrames(api.store, played, plan.variant),
            moves: played.moves,
          };
        } finally {
          for (const s of [...played.sockets.values(), ...played.spectators]) s.close();
        }
      });
      const frames = counts.reduce((n, c) => n + c.frames, 0);
      expect(frames).toBeGreaterThan(matches * 10);
      figure("secrecy matches", matches, "matches");
      figure("secrecy frames checked", frames, "frames");
      figure("secrecy hidden cards seen", 0, "cards");
      figure("secrecy time", Math.round((performance.now() - started) / 1000), "s");
    },
    scale(120_000, 3_600_000),
  );
});

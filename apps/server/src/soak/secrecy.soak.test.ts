import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playServerMatch, spyOnFrames } from "../testing/playServerMatch.js";
import { startTestApi, type TestApi } from "../testing/index.js";
import { checkTurnover, playTurnoverMatch } from "../testing/turnover.js";
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

  it(
    "every frame any socket gets is for the seat its token owns then, while seats change hands",
    async () => {
      const matches = scale(7, 150);
      const random = seeded(1808);
      const plans = Array.from({ length: matches }, (_, i) => {
        const setup = SETUPS[i % SETUPS.length]!;
        // Two humans or more, so that a seat besides the first can change hands mid-match.
        const humans = [...Array(setup.seats).keys()].filter((s) => s < 2 || random() < 0.5);
        return {
          ...setup,
          humans,
          lobbyTurnover: i % 4 !== 3,
          midTurnovers: i % 4 === 0 ? 0 : 1 + Math.floor(random() * 2),
          spectators: 1,
        };
      });
      const started = performance.now();
      const counts = await pool(plans, 4, async (plan, i) => {
        const played = await playTurnoverMatch(api.url, plan, seeded(9000 + i));
        try {
          return { ...(await checkTurnover(api.store, played, plan.variant)), ...played.turnovers };
        } finally {
          for (const s of [...played.seats.map((h) => h.socket), ...played.spectators]) s.close();
        }
      });
      const sum = (key: "frames" | "stale" | "notices" | "lobby" | "mid") =>
        counts.reduce((n, c) => n + c[key], 0);
      expect(sum("frames")).toBeGreaterThan(matches * 10);
      expect(sum("mid")).toBeGreaterThan(0);
      expect(sum("notices")).toBe(sum("stale"));
      figure("secrecy turnover matches", matches, "matches");
      figure("secrecy turnover seats left in the waiting room", sum("lobby"), "seats");
      figure("secrecy turnover seats left mid-match", sum("mid"), "seats");
      figure("secrecy turnover stale sockets kept open", sum("stale"), "sockets");
      figure("secrecy turnover SEAT_LOST notices", sum("notices"), "notices");
      figure("secrecy turnover frames checked", sum("frames"), "frames");
      figure("secrecy turnover frames for a seat the token did not own", 0, "frames");
      figure("secrecy turnover time", Math.round((performance.now() - started) / 1000), "s");
    },
    scale(120_000, 3_600_000),
  );
});

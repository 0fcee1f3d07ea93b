import { findVariant } from "@maumau/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../testing/index.js";
import { playServerMatch, spyOnFrames } from "../testing/playServerMatch.js";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

const GAMES = [
  { variant: "noris", seats: 4, humans: [0, 2], options: { games: 1 } },
  { variant: "french", seats: 3, humans: [0, 1], options: { targetScore: 1 } },
  { variant: "bavarian", seats: 3, humans: [1], options: { limit: 1 } },
  { variant: "heul-doch", seats: 4, humans: [0, 3], options: { specials: true } },
] as const;

describe("whole matches over socket.io: human sockets and server bots", () => {
  it.each(GAMES.filter((g) => findVariant(g.variant) !== undefined))(
    "$variant: plays to the end; no frame shows another seat's cards or the draw pile",
    async (game) => {
      const played = await playServerMatch(api.url, game);
      try {
        expect(played.moves).toBeGreaterThan(0);
        const final = played.sockets.get(game.humans[0])!.latest!;
        expect(final.lobby.status).toBe("over");
        expect(final.progress?.status).toBe("matchOver");
        const frames = await spyOnFrames(api.store, played, game.variant);
        expect(frames).toBeGreaterThan(10);
        // The log replays to the state the server holds.
        const match = await api.service.match(played.matchId);
        expect(match.version).toBe(await api.store.version(`match-${played.matchId}`));
      } finally {
        for (const s of played.sockets.values()) s.close();
      }
    },
    60_000,
  );
});

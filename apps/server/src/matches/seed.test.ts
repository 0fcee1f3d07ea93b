import { commitmentOf } from "@maumau/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../testing/TestSocket.js";
import { startTestApi, type TestApi } from "../testing/index.js";

let api: TestApi;
let client: ReturnType<typeof httpClient>;

beforeAll(async () => {
  api = await startTestApi();
  client = httpClient(api.url);
});
afterAll(() => api.stop());

/** A started two-seat match: seat 0 held over HTTP, seat 1 a bot that never gets to move. */
async function started() {
  const created = await client.lobby.create.mutate({
    variant: "noris",
    seats: 2,
    name: "Ada",
    options: { games: 1 },
  });
  const token = created.token!;
  await client.lobby.addBots.mutate({ matchId: created.matchId, token, level: "random" });
  await client.lobby.start.mutate({ matchId: created.matchId, token });
  const events = await api.store.read(`match-${created.matchId}`);
  const seed = (events.find((e) => e.type === "match.started")?.data as { seed: unknown }).seed;
  return { matchId: created.matchId, token, seed };
}

describe("issue #12: the shuffle seed cannot be guessed", () => {
  it("every match gets its own 256-bit seed from node:crypto, never a small integer", async () => {
    const seeds: unknown[] = [];
    for (let i = 0; i < 12; i++) seeds.push((await started()).seed);
    for (const seed of seeds) {
      // The old seed was randomInt(0, 2 ** 31): 31 bits, found by trying them all.
      expect(typeof seed).toBe("string");
      expect(seed).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(seed as string, "base64url")).toHaveLength(32);
      expect(Number.isInteger(Number(seed))).toBe(false);
    }
    expect(new Set(seeds).size).toBe(seeds.length);
  });

  it("the seed reaches no client while the match runs: not in the view, not in the history", async () => {
    const { matchId, token, seed } = await started();
    const seen = [
      await client.game.view.query({ matchId, token }),
      await client.game.view.query({ matchId }),
      await client.game.history.query({ matchId, token }),
      await client.game.history.query({ matchId }),
      await client.game.catchUp.query({ matchId, token, afterVersion: 0 }),
    ].map((answer) => JSON.stringify(answer));
    for (const text of seen) {
      expect(text).not.toContain(seed as string);
      expect(text).not.toContain('"seed"');
    }
  });

  it("every viewer sees each game's commitment to the seed from its start (provable fairness)", async () => {
    const { matchId, token, seed } = await started();
    for (const history of [
      await client.game.history.query({ matchId }),
      await client.game.history.query({ matchId, token }),
    ]) {
      const game = history.events.find((e) => e.type === "game.started")?.data;
      expect(game).toMatchObject({ game: 1, commitment: commitmentOf(seed as string, 1) });
      expect(game).not.toHaveProperty("deck");
    }
  });
});

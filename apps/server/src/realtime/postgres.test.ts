import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresEventStore } from "../store/postgres.js";
import { dropPostgresSchema, startTestApi, type TestApi } from "../testing/index.js";
import { playServerMatch, spyOnFrames } from "../testing/playServerMatch.js";

const url = process.env.DATABASE_URL;
if (!url) {
  console.log(
    "postgres.test.ts: skipped — DATABASE_URL is not set; the main game test runs on SQLite only.",
  );
}

describe.skipIf(!url)("the main game test on PostgreSQL (DATABASE_URL)", () => {
  let api: TestApi;
  const schema = `maumau_test_${randomBytes(4).toString("hex")}`;
  beforeAll(async () => {
    api = await startTestApi({}, await PostgresEventStore.open(url!, { schema }));
  });
  afterAll(async () => {
    await api?.stop();
    await dropPostgresSchema(url!, schema);
  });

  it("plays a whole noris match with human sockets and bots; no frame leaks", async () => {
    const played = await playServerMatch(api.url, {
      variant: "noris",
      seats: 4,
      humans: [0, 2],
      options: { games: 1 },
    });
    try {
      expect(played.sockets.get(0)!.latest!.lobby.status).toBe("over");
      expect(await spyOnFrames(api.store, played, "noris")).toBeGreaterThan(10);
    } finally {
      for (const s of played.sockets.values()) s.close();
    }
  }, 60_000);
});

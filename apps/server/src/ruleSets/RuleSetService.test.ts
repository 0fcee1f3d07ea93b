import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { EventStore } from "../store/EventStore.js";
import { MemoryEventStore } from "../store/memory.js";
import { PostgresEventStore } from "../store/postgres.js";
import { SqliteEventStore } from "../store/sqlite.js";
import { RuleSetService, type RuleSetLimits } from "./RuleSetService.js";

const FRENCH = { preset: "french" };

/** The caps on saving rule sets, the same on every store (F6: saves stored ~1 KB each, for ever). */
function describeRuleSetCaps(name: string, open: () => Promise<EventStore>): void {
  describe(`rule set caps: ${name}`, { timeout: 30_000 }, () => {
    const stores: EventStore[] = [];
    afterAll(async () => {
      await Promise.all(stores.splice(0).map((s) => s.close()));
    });

    async function given(limits: Partial<RuleSetLimits>) {
      const store = await open();
      stores.push(store);
      return { store, ruleSets: new RuleSetService(store, limits) };
    }

    const streams = async (store: EventStore) => (await store.listStreams("ruleset-")).length;

    it("refuses a client's name beyond MAX_RULE_SETS_PER_CLIENT with LIMIT, storing nothing; another client may save", async () => {
      const { store, ruleSets } = await given({ perClient: 3 });
      for (let i = 0; i < 3; i++) await ruleSets.save({ name: `a-${i}`, document: FRENCH }, "a");
      await expect(ruleSets.save({ name: "a-3", document: FRENCH }, "a")).rejects.toMatchObject({
        refusal: { code: "LIMIT" },
      });
      expect(await streams(store)).toBe(3);
      expect(await store.version("ruleset-a-3")).toBe(0);
      await ruleSets.save({ name: "b-0", document: FRENCH }, "b");
      expect(await streams(store)).toBe(4);
    });

    it("lets a client save new versions of its names at its cap, and frees a place on a delete", async () => {
      const { ruleSets } = await given({ perClient: 1 });
      const first = await ruleSets.save({ name: "mine", document: FRENCH }, "a");
      const token = first.ownerToken!;
      await ruleSets.save({ name: "mine", document: FRENCH, ownerToken: token }, "a");
      await expect(ruleSets.save({ name: "other", document: FRENCH }, "a")).rejects.toMatchObject({
        refusal: { code: "LIMIT" },
      });
      await ruleSets.delete({ name: "mine", ownerToken: token });
      await ruleSets.save({ name: "other", document: FRENCH }, "a");
    });

    it("refuses a new name once the store holds MAX_RULE_SETS names, whoever asks", async () => {
      const { store, ruleSets } = await given({ total: 3 });
      for (let i = 0; i < 3; i++)
        await ruleSets.save({ name: `n-${i}`, document: FRENCH }, `c${i}`);
      await expect(ruleSets.save({ name: "n-3", document: FRENCH }, "c9")).rejects.toMatchObject({
        refusal: { code: "LIMIT" },
      });
      expect(await streams(store)).toBe(3);
    });

    it("refuses a version beyond MAX_RULE_SET_VERSIONS with LIMIT, appending nothing", async () => {
      const { store, ruleSets } = await given({ versionsPerName: 2 });
      const { ownerToken } = await ruleSets.save({ name: "v", document: FRENCH });
      await ruleSets.save({ name: "v", document: FRENCH, ownerToken });
      await expect(
        ruleSets.save({ name: "v", document: FRENCH, ownerToken }),
      ).rejects.toMatchObject({ refusal: { code: "LIMIT" } });
      expect(await store.version("ruleset-v")).toBe(2);
      expect((await ruleSets.get({ name: "v" })).version).toBe(2);
    });
  });
}

describeRuleSetCaps("memory", () => Promise.resolve(new MemoryEventStore()));
describeRuleSetCaps("sqlite :memory:", () => Promise.resolve(SqliteEventStore.open(":memory:")));

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) console.warn("PostgreSQL rule set caps skipped: DATABASE_URL is not set");

describe.skipIf(!databaseUrl)("postgres", () => {
  const schemas: string[] = [];
  afterAll(async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const schema of schemas)
        await client.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
    } finally {
      await client.end();
    }
  });
  describeRuleSetCaps("postgres", async () => {
    const schema = `rs_caps_${randomUUID().replaceAll("-", "")}`;
    schemas.push(schema);
    return PostgresEventStore.open(databaseUrl ?? "", { schema, maxConnections: 2 });
  });
});

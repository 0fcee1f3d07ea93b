import { randomBytes } from "node:crypto";
import { TRPCClientError } from "@trpc/client";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppendOptions, AppendResult, EventStore, NewEvent } from "./store/EventStore.js";
import { MemoryEventStore } from "./store/memory.js";
import { httpClient, RpcError, TestSocket } from "./testing/TestSocket.js";
import {
  dropPostgresSchema,
  PostgresEventStore,
  startTestApi,
  type TestApi,
} from "./testing/index.js";
import { humanChoice } from "./testing/playServerMatch.js";
import type { AppRouter } from "./trpc/appRouter.js";

/** A store whose disk can be "filled": while `full`, every append fails as SQLite's would. */
class FillableStore extends MemoryEventStore implements EventStore {
  full = false;
  failedWrites = 0;

  override append(
    streamId: string,
    expectedVersion: number,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ): Promise<AppendResult> {
    if (this.full) {
      this.failedWrites++;
      const error = new Error("database or disk is full") as Error & { code?: string };
      error.code = "SQLITE_FULL";
      return Promise.reject(error);
    }
    return super.append(streamId, expectedVersion, events, options);
  }
}

async function refusalOf(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCClientError) {
      const e = error as TRPCClientError<AppRouter>;
      return { httpStatus: e.data?.httpStatus, code: e.data?.refusal?.code };
    }
    if (error instanceof RpcError) return { httpStatus: error.httpStatus, code: error.code };
    throw error;
  }
  throw new Error("expected the call to be refused");
}

describe("a store that cannot write (disk full)", () => {
  const store = new FillableStore();
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({}, store);
  });
  afterAll(() => api.stop());

  const readyz = async () => {
    const res = await fetch(`${api.url}/readyz`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("refuses writes with a typed STORE_UNAVAILABLE (503) over HTTP and the socket; /readyz unready until a write succeeds", async () => {
    const http = httpClient(api.url);
    const created = await http.lobby.create.mutate({
      variant: "noris",
      seats: 2,
      name: "Ada",
      options: { games: 1 },
    });
    const joined = await http.lobby.join.mutate({ matchId: created.matchId, name: "Bo" });
    const tokens = [created.token!, joined.token];
    await http.lobby.start.mutate({ matchId: created.matchId, token: tokens[0]! });
    expect((await readyz()).status).toBe(200);

    const socket = new TestSocket(api.url);
    try {
      await socket.connected();
      store.full = true;
      const unavailable = { httpStatus: 503, code: "STORE_UNAVAILABLE" };
      expect(
        await refusalOf(http.lobby.create.mutate({ variant: "noris", seats: 2, name: "Cy" })),
      ).toEqual(unavailable);
      expect(
        await refusalOf(socket.rpc("lobby.create", { variant: "noris", seats: 2, name: "Cy" })),
      ).toEqual(unavailable);
      const view = await http.game.view.query({ matchId: created.matchId });
      const seat = view.progress!.toAct!;
      const mine = await http.game.view.query({ matchId: created.matchId, token: tokens[seat]! });
      const move = humanChoice(mine.legal)!;
      expect(
        await refusalOf(socket.command(created.matchId, tokens[seat]!, "full-1", move)),
      ).toEqual(unavailable);
      expect(
        await refusalOf(
          http.game.command.mutate({
            matchId: created.matchId,
            token: tokens[seat]!,
            commandId: "full-2",
            command: move,
          }),
        ),
      ).toEqual(unavailable);
      expect(store.failedWrites).toBeGreaterThanOrEqual(4);

      // Reads still work, but the store is not ready for traffic that writes.
      const down = await readyz();
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: "unavailable", checks: { store: "down" } });
      expect(String(down.body.reason)).toMatch(/store/);
      expect((await fetch(`${api.url}/healthz`)).status).toBe(200);

      // Space again: the next successful write makes the store ready.
      store.full = false;
      const result = await socket.command(created.matchId, tokens[seat]!, "full-1", move);
      expect(result.duplicate).toBe(false);
      expect(await readyz()).toEqual({
        status: 200,
        body: { status: "ready", checks: { store: "ok" } },
      });
    } finally {
      socket.close();
    }
  });

  it("finds the store writable again by itself: /readyz tries a write while it is unready", async () => {
    const http = httpClient(api.url);
    store.full = true;
    expect(
      await refusalOf(http.lobby.create.mutate({ variant: "noris", seats: 2, name: "Di" })),
    ).toEqual({ httpStatus: 503, code: "STORE_UNAVAILABLE" });
    expect((await readyz()).status).toBe(503);
    store.full = false;
    // No traffic reaches an unready process behind a balancer: the probe itself writes.
    expect((await readyz()).body).toEqual({ status: "ready", checks: { store: "ok" } });
  });
});

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.warn(
    "storeOutage.test.ts: the PostgreSQL case is skipped — DATABASE_URL is not set; it makes the real store's inserts fail.",
  );
}

describe.skipIf(!databaseUrl)(
  "PostgreSQL refusing every insert (disk_full, SQLSTATE 53100)",
  () => {
    const schema = `maumau_store_outage_${randomBytes(4).toString("hex")}`;
    let api: TestApi;
    let admin: pg.Client;

    beforeAll(async () => {
      api = await startTestApi({}, await PostgresEventStore.open(databaseUrl!, { schema }));
      admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.end();
      await api?.stop();
      await dropPostgresSchema(databaseUrl!, schema);
    });

    it("answers STORE_UNAVAILABLE (503) and /readyz unavailable until an insert works again", async () => {
      const s = pg.escapeIdentifier(schema);
      await admin.query(`
      CREATE FUNCTION ${s}.disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100'; END $$;
      CREATE TRIGGER disk_full BEFORE INSERT ON ${s}.events FOR EACH ROW EXECUTE FUNCTION ${s}.disk_full();
    `);
      const http = httpClient(api.url);
      const socket = new TestSocket(api.url);
      try {
        await socket.connected();
        const unavailable = { httpStatus: 503, code: "STORE_UNAVAILABLE" };
        const create = { variant: "noris", seats: 2, name: "Ed" } as const;
        expect(await refusalOf(http.lobby.create.mutate(create))).toEqual(unavailable);
        expect(await refusalOf(socket.rpc("lobby.create", create))).toEqual(unavailable);
        const down = await fetch(`${api.url}/readyz`);
        expect(down.status).toBe(503);
        expect(await down.json()).toMatchObject({
          status: "unavailable",
          checks: { store: "down" },
          reason: "store: writes fail (see the server log)",
        });
        // No library wording reaches the public endpoint (#18.6): the SQLSTATE and PostgreSQL's
        // message stay in the log.
        expect(JSON.stringify(await (await fetch(`${api.url}/readyz`)).json())).not.toMatch(
          /53100|No space|could not extend/,
        );

        await admin.query(`DROP TRIGGER disk_full ON ${s}.events`);
        expect((await http.lobby.create.mutate(create)).matchId).toMatch(/./);
        const up = await fetch(`${api.url}/readyz`);
        expect(up.status).toBe(200);
        expect(await up.json()).toEqual({ status: "ready", checks: { store: "ok" } });
      } finally {
        socket.close();
      }
    });
  },
);

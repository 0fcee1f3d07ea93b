import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StoreClosedError } from "./common.js";
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from "./EventStore.js";

export interface ContractOptions {
  /** Runs of the model-based property (default 100). */
  readonly numRuns?: number;
  /** Per-test timeout in ms (default 20 s). */
  readonly timeout?: number;
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** What a store gives back for `data`: its JSON round trip. */
const json = (data: unknown): unknown => JSON.parse(JSON.stringify(data ?? null));

async function concurrencyError(promise: Promise<unknown>): Promise<ConcurrencyError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConcurrencyError);
  return error as ConcurrencyError;
}

/**
 * The behaviour every EventStore must have. `factory` is called before each test and the store
 * closed after it; stores may share one database, as every test uses stream ids of its own.
 */
export function describeEventStoreContract(
  name: string,
  factory: () => EventStore | Promise<EventStore>,
  options: ContractOptions = {},
): void {
  const timeout = options.timeout ?? 20_000;

  describe(`EventStore contract: ${name}`, { timeout }, () => {
    let store: EventStore;
    const run = randomUUID().slice(0, 8);
    let counter = 0;
    /** A stream id (or prefix) no other test or run uses. */
    const fresh = (label: string) => `${run}/${label}/${++counter}`;

    beforeEach(async () => {
      store = await factory();
    });
    afterEach(async () => {
      await store.close();
    });

    it("appends to a new stream with expected version 0", async () => {
      const s = fresh("new");
      expect(await store.version(s)).toBe(0);
      const result = await store.append(s, 0, [{ type: "created", data: { seats: 4 } }]);
      expect(result.version).toBe(1);
      expect(result.duplicate).toBe(false);
      expect(result.events).toEqual([
        {
          streamId: s,
          version: 1,
          type: "created",
          data: { seats: 4 },
          at: expect.stringMatching(ISO),
          commandId: null,
        },
      ]);
      expect(await store.read(s)).toEqual(result.events);
      expect(await store.version(s)).toBe(1);
    });

    it("numbers events 1..n without gaps across appends of several events", async () => {
      const s = fresh("gapless");
      let version = 0;
      for (const size of [1, 3, 2, 1]) {
        const events = Array.from({ length: size }, (_, i) => ({
          type: `e${version + i + 1}`,
          data: i,
        }));
        const result = await store.append(s, version, events);
        expect(result.events.map((e) => e.version)).toEqual(events.map((_, i) => version + i + 1));
        version = result.version;
      }
      const all = await store.read(s);
      expect(all.map((e) => e.version)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(all.map((e) => e.type)).toEqual(["e1", "e2", "e3", "e4", "e5", "e6", "e7"]);
      expect(await store.version(s)).toBe(7);
    });

    it("reads from a version", async () => {
      const s = fresh("read");
      await store.append(
        s,
        0,
        [1, 2, 3, 4, 5, 6].map((n) => ({ type: "n", data: n })),
      );
      expect((await store.read(s, 3)).map((e) => e.data)).toEqual([4, 5, 6]);
      expect((await store.read(s, 0)).map((e) => e.version)).toEqual([1, 2, 3, 4, 5, 6]);
      expect((await store.read(s)).length).toBe(6);
      expect(await store.read(s, 6)).toEqual([]);
      expect(await store.read(s, 99)).toEqual([]);
      expect(await store.read(fresh("absent"))).toEqual([]);
    });

    it("throws ConcurrencyError with expected and actual on a stale expected version", async () => {
      const s = fresh("stale");
      await store.append(s, 0, [{ type: "a", data: null }]);
      await store.append(s, 1, [{ type: "b", data: null }]);

      const stale = await concurrencyError(store.append(s, 1, [{ type: "c", data: null }]));
      expect(stale).toMatchObject({ code: "CONCURRENCY", streamId: s, expected: 1, actual: 2 });
      expect(stale.message).toContain(s);

      const ahead = await concurrencyError(store.append(s, 5, [{ type: "c", data: null }]));
      expect(ahead).toMatchObject({ expected: 5, actual: 2 });

      const mustNotExist = await concurrencyError(store.append(s, 0, [{ type: "c", data: null }]));
      expect(mustNotExist).toMatchObject({ streamId: s, expected: 0, actual: 2 });

      const absent = fresh("absent");
      const missing = await concurrencyError(store.append(absent, 3, [{ type: "c", data: null }]));
      expect(missing).toMatchObject({ streamId: absent, expected: 3, actual: 0 });
    });

    it("writes nothing on a failed append", async () => {
      const prefix = fresh("failed");
      const s = `${prefix}/s`;
      await store.append(s, 0, [{ type: "a", data: 1 }]);
      const before = await store.listStreams(prefix);

      await concurrencyError(
        store.append(
          s,
          0,
          [
            { type: "x", data: 1 },
            { type: "y", data: 2 },
          ],
          { commandId: "k" },
        ),
      );
      await concurrencyError(store.append(`${prefix}/absent`, 1, [{ type: "x", data: 1 }]));
      await expect(store.append(s, 1, [])).rejects.toThrow(RangeError);
      await expect(store.append(s, -1, [{ type: "x", data: 1 }])).rejects.toThrow(RangeError);
      await expect(store.append(s, 1.5, [{ type: "x", data: 1 }])).rejects.toThrow(RangeError);
      await expect(store.append("", 0, [{ type: "x", data: 1 }])).rejects.toThrow(TypeError);
      await expect(store.append(s, 1, [{ type: "", data: 1 }])).rejects.toThrow(TypeError);
      await expect(store.append(s, 1, [{ type: "x", data: "a\u0000b" }])).rejects.toThrow(
        TypeError,
      );
      await expect(store.append(s, 1, [{ type: "x", data: { k: "\ud800" } }])).rejects.toThrow(
        TypeError,
      );
      await expect(store.append(s, 1, [{ type: "x", data: 1n }])).rejects.toThrow(TypeError);
      // One bad event spoils the whole append.
      await expect(
        store.append(s, 1, [
          { type: "ok", data: 1 },
          { type: "x", data: () => 1 },
        ]),
      ).rejects.toThrow(TypeError);

      expect(await store.version(s)).toBe(1);
      expect((await store.read(s)).map((e) => e.type)).toEqual(["a"]);
      expect(await store.version(`${prefix}/absent`)).toBe(0);
      expect(await store.listStreams(prefix)).toEqual(before);
      expect(await store.findCommand(s, "k")).toBeNull();
      const retry = await store.append(s, 1, [{ type: "x", data: 1 }], { commandId: "k" });
      expect(retry.duplicate).toBe(false);
    });

    it("answers a repeated command id with the earlier events and writes nothing", async () => {
      const s = fresh("idem");
      const events: NewEvent[] = [
        { type: "played", data: { card: "H7" } },
        { type: "drew", data: { n: 2 } },
      ];
      const first = await store.append(s, 0, events, { commandId: "cmd-1" });
      expect(first.duplicate).toBe(false);
      expect(first.events.map((e) => e.commandId)).toEqual(["cmd-1", "cmd-1"]);

      const again = await store.append(s, 2, events, { commandId: "cmd-1" });
      expect(again).toEqual({ ...first, duplicate: true });

      await store.append(s, 2, [{ type: "other", data: null }], { commandId: "cmd-2" });
      // Even with a stale expected version and different events: the earlier answer.
      const stale = await store.append(s, 0, [{ type: "changed", data: 9 }], {
        commandId: "cmd-1",
      });
      expect(stale).toEqual({ ...first, duplicate: true });

      expect(await store.version(s)).toBe(3);
      expect((await store.read(s)).map((e) => [e.type, e.commandId])).toEqual([
        ["played", "cmd-1"],
        ["drew", "cmd-1"],
        ["other", "cmd-2"],
      ]);
      expect(await store.findCommand(s, "cmd-1")).toEqual(first.events);
      expect(await store.findCommand(s, "cmd-2")).toMatchObject([{ version: 3, type: "other" }]);
      expect(await store.findCommand(s, "cmd-3")).toBeNull();
      expect(await store.findCommand(fresh("absent"), "cmd-1")).toBeNull();
    });

    it("lets different streams reuse a command id", async () => {
      const a = fresh("reuse-a");
      const b = fresh("reuse-b");
      await store.append(a, 0, [{ type: "x", data: "a" }], { commandId: "same" });
      const onB = await store.append(b, 0, [{ type: "x", data: "b" }], { commandId: "same" });
      expect(onB.duplicate).toBe(false);
      expect(onB.events[0]).toMatchObject({ streamId: b, data: "b", commandId: "same" });
      expect((await store.findCommand(a, "same"))?.[0]?.data).toBe("a");
      expect((await store.findCommand(b, "same"))?.[0]?.data).toBe("b");
    });

    it("writes a command once when it is sent many times at once", async () => {
      const s = fresh("idem-race");
      await store.append(s, 0, [{ type: "start", data: null }]);
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          store.append(s, 1, [{ type: "move", data: 1 }], { commandId: "c" }),
        ),
      );
      expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
      for (const r of results) expect(r.events).toEqual(results[0]?.events);
      expect(await store.version(s)).toBe(2);
    });

    it("lists streams by prefix, most recently updated first, up to a limit", async () => {
      const prefix = fresh("list");
      const t0 = Date.now();
      await store.append(`${prefix}/a`, 0, [{ type: "x", data: 1 }]);
      await store.append(`${prefix}/b`, 0, [{ type: "x", data: 1 }]);
      await store.append(`${prefix}/c`, 0, [{ type: "x", data: 1 }]);
      await store.append(`${prefix}/a`, 1, [{ type: "x", data: 2 }]);
      await store.append(`${prefix}%_/d`, 0, [{ type: "x", data: 1 }]);
      await store.append(`${prefix.toUpperCase()}/e`, 0, [{ type: "x", data: 1 }]);

      const all = await store.listStreams(`${prefix}/`);
      expect(all.map((s) => [s.streamId, s.version])).toEqual([
        [`${prefix}/a`, 2],
        [`${prefix}/c`, 1],
        [`${prefix}/b`, 1],
      ]);
      for (const info of all) {
        expect(info.createdAt).toMatch(ISO);
        expect(info.updatedAt).toMatch(ISO);
        expect(info.updatedAt >= info.createdAt).toBe(true);
        expect(Date.parse(info.createdAt)).toBeGreaterThanOrEqual(t0 - 1000);
      }
      const a = all[0];
      const events = await store.read(`${prefix}/a`);
      expect(a?.createdAt).toBe(events[0]?.at);
      expect(a?.updatedAt).toBe(events[1]?.at);

      expect((await store.listStreams(`${prefix}/`, 2)).map((s) => s.streamId)).toEqual([
        `${prefix}/a`,
        `${prefix}/c`,
      ]);
      expect(await store.listStreams(`${prefix}/`, 0)).toEqual([]);
      // Prefixes are literal and case-sensitive (no LIKE wildcards).
      expect((await store.listStreams(`${prefix}%`)).map((s) => s.streamId)).toEqual([
        `${prefix}%_/d`,
      ]);
      expect((await store.listStreams(`${prefix}/b`)).map((s) => s.streamId)).toEqual([
        `${prefix}/b`,
      ]);
      expect(await store.listStreams(`${prefix}/z`)).toEqual([]);
      const everything = await store.listStreams();
      expect(everything.map((s) => s.streamId)).toContain(`${prefix.toUpperCase()}/e`);
      expect(everything[0]?.streamId).toBe(`${prefix.toUpperCase()}/e`);
    });

    it("round-trips data: nested JSON, unicode, numbers", async () => {
      const s = fresh("data");
      const samples: unknown[] = [
        { nested: { deeper: { list: [1, [2, [3, { x: null }]]], empty: {}, none: [] } } },
        'Mau-Mau! Ärger, Größe, Spaß 🂡🃏 👩‍👩‍👧 中文 עברית "quoted" back\\slash \\u0000 text',
        { "ключ 🔑": "value", "": "empty key", "a.b": 1 },
        [
          0,
          -1,
          1.5,
          -273.15,
          0.1 + 0.2,
          1e21,
          1e-7,
          Number.MAX_SAFE_INTEGER,
          5e-324,
          1.7976931348623157e308,
        ],
        true,
        false,
        null,
        "",
        42,
        { date: new Date(0), skipped: undefined, kept: 1 },
        undefined,
      ];
      const result = await store.append(
        s,
        0,
        samples.map((data) => ({ type: "sample", data })),
      );
      const expected = samples.map(json);
      expect(result.events.map((e) => e.data)).toEqual(expected);
      expect((await store.read(s)).map((e) => e.data)).toEqual(expected);
      expect((await store.read(s))[9]?.data).toEqual({ date: "1970-01-01T00:00:00.000Z", kept: 1 });
      expect((await store.read(s))[10]?.data).toBeNull();
      // Every read hands out a fresh copy.
      const first = await store.read(s);
      (first[0]?.data as { nested: unknown }).nested = "changed";
      expect((await store.read(s))[0]?.data).toEqual(expected[0]);
    });

    it("stamps every event with the ISO time of its commit", async () => {
      const s = fresh("at");
      const before = Date.now();
      const { events } = await store.append(s, 0, [
        { type: "a", data: 1 },
        { type: "b", data: 2 },
      ]);
      const after = Date.now();
      for (const e of events) {
        expect(e.at).toMatch(ISO);
        expect(new Date(e.at).toISOString()).toBe(e.at);
        expect(Date.parse(e.at)).toBeGreaterThanOrEqual(before - 1000);
        expect(Date.parse(e.at)).toBeLessThanOrEqual(after + 1000);
      }
      expect(events[0]?.at).toBe(events[1]?.at);
      expect((await store.read(s)).map((e) => e.at)).toEqual(events.map((e) => e.at));
    });

    it("lets exactly one of 20 concurrent appends with the same expected version win", async () => {
      for (const start of [0, 3]) {
        const s = fresh("race");
        if (start > 0)
          await store.append(
            s,
            0,
            [1, 2, 3].map((n) => ({ type: "pre", data: n })),
          );
        const settled = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) => store.append(s, start, [{ type: "w", data: i }])),
        );
        const won = settled.filter((r) => r.status === "fulfilled");
        const lost = settled.filter((r) => r.status === "rejected");
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(19);
        for (const r of lost) {
          expect(r.reason).toBeInstanceOf(ConcurrencyError);
          expect(r.reason).toMatchObject({ expected: start, actual: start + 1 });
        }
        const events = await store.read(s);
        expect(events.map((e) => e.version)).toEqual(
          Array.from({ length: start + 1 }, (_, i) => i + 1),
        );
        expect(events.at(-1)?.data).toBe(
          (won[0] as PromiseFulfilledResult<AppendResult>).value.events[0]?.data,
        );
      }
    });

    it("rejects every call once closed, and closes twice without harm", async () => {
      await store.close();
      await expect(store.append(fresh("closed"), 0, [{ type: "x", data: 1 }])).rejects.toThrow(
        StoreClosedError,
      );
      await expect(store.read("x")).rejects.toThrow(StoreClosedError);
      await expect(store.version("x")).rejects.toThrow(StoreClosedError);
      await expect(store.listStreams()).rejects.toThrow(StoreClosedError);
      await expect(store.findCommand("x", "y")).rejects.toThrow(StoreClosedError);
      await store.close();
    });

    it("matches a simple model under any sequence of appends (property)", async () => {
      const streams = ["s0", "s1", "s2"] as const;
      const op = fc.record({
        stream: fc.integer({ min: 0, max: streams.length - 1 }),
        // Mostly the right version, so that streams grow; else any small number.
        expected: fc.oneof(fc.constant("current" as const), fc.nat({ max: 6 })),
        events: fc.array(
          fc.record({
            type: fc.constantFrom("a", "b", "c"),
            data: fc.jsonValue({ maxDepth: 2, stringUnit: "grapheme" }),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        commandId: fc.option(fc.constantFrom("k1", "k2", "k3"), { nil: undefined }),
      });

      interface ModelEvent {
        readonly type: string;
        readonly data: unknown;
        readonly commandId: string | null;
      }
      interface ModelStream {
        readonly events: ModelEvent[];
        readonly commands: Map<string, [number, number]>;
      }

      await fc.assert(
        fc.asyncProperty(fc.array(op, { maxLength: 15 }), async (ops) => {
          const prefix = fresh("model");
          const ids = streams.map((s) => `${prefix}/${s}`);
          const model = ids.map((): ModelStream => ({ events: [], commands: new Map() }));
          const order: number[] = [];

          for (const o of ops) {
            const m = model[o.stream] as ModelStream;
            const id = ids[o.stream] as string;
            const current = m.events.length;
            const expected = o.expected === "current" ? current : o.expected;
            const earlier = o.commandId === undefined ? undefined : m.commands.get(o.commandId);
            const attempt = store.append(id, expected, o.events, { commandId: o.commandId });
            if (earlier !== undefined) {
              const r = await attempt;
              expect(r.duplicate).toBe(true);
              expect(r.version).toBe(earlier[1]);
              expect(r.events.map((e) => e.version)).toEqual(
                Array.from({ length: earlier[1] - earlier[0] + 1 }, (_, i) => earlier[0] + i),
              );
            } else if (expected !== current) {
              const error = await concurrencyError(attempt);
              expect(error).toMatchObject({ expected, actual: current });
            } else {
              const r = await attempt;
              expect(r.duplicate).toBe(false);
              for (const e of o.events) {
                m.events.push({ type: e.type, data: json(e.data), commandId: o.commandId ?? null });
              }
              expect(r.version).toBe(m.events.length);
              if (o.commandId !== undefined) {
                m.commands.set(o.commandId, [current + 1, m.events.length]);
              }
              order.splice(0, order.length, o.stream, ...order.filter((i) => i !== o.stream));
            }
          }

          for (const [i, id] of ids.entries()) {
            const m = model[i] as ModelStream;
            const stored: StoredEvent[] = await store.read(id);
            expect(
              stored.map((e) => ({ type: e.type, data: e.data, commandId: e.commandId })),
            ).toEqual(m.events);
            expect(stored.map((e) => e.version)).toEqual(m.events.map((_, v) => v + 1));
            expect(await store.version(id)).toBe(m.events.length);
          }
          const listed = await store.listStreams(`${prefix}/`);
          expect(listed.map((s) => [s.streamId, s.version])).toEqual(
            order.map((i) => [ids[i], model[i]?.events.length]),
          );
        }),
        { numRuns: options.numRuns ?? 100 },
      );
    });
  });
}

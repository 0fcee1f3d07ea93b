import { describe, expect, it } from "vitest";
import { ServiceError } from "../errors/ServiceError.js";
import { silentLogger } from "../testing/index.js";
import { UnstorableTextError } from "./common.js";
import { ConcurrencyError, type NewEvent } from "./EventStore.js";
import { MemoryEventStore } from "./memory.js";
import { StoreHealth } from "./StoreHealth.js";

/** A memory store whose appends or reads fail (as a lost database connection would) on demand. */
class FlakyStore extends MemoryEventStore {
  failWrites = false;
  failReads = false;
  override append(...args: Parameters<MemoryEventStore["append"]>) {
    if (this.failWrites) return Promise.reject(new Error("connection terminated"));
    return super.append(...args);
  }
  override read(...args: Parameters<MemoryEventStore["read"]>) {
    if (this.failReads) return Promise.reject(new Error("ECONNREFUSED"));
    return super.read(...args);
  }
}

const event: NewEvent = { type: "x", data: {} };

const codeOf = (error: unknown) =>
  error instanceof ServiceError ? error.refusal.code : (error as Error).name;

describe("StoreHealth", () => {
  it("passes refusals and bad calls through untouched, and stays ready", async () => {
    const health = new StoreHealth(new FlakyStore(), silentLogger());
    await health.append("s", 0, [event]);
    await expect(health.append("s", 0, [event])).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(health.append("s", 1, [])).rejects.toBeInstanceOf(RangeError);
    await expect(health.append("s\u0000", 1, [event])).rejects.toBeInstanceOf(UnstorableTextError);
    expect(await health.check()).toBeNull();
  });

  it("answers a failed write with STORE_UNAVAILABLE and is unready until a write succeeds", async () => {
    const store = new FlakyStore();
    const health = new StoreHealth(store, silentLogger());
    store.failWrites = true;
    const failed = await health.append("s", 0, [event]).catch((e: unknown) => e);
    expect(codeOf(failed)).toBe("STORE_UNAVAILABLE");
    expect((failed as ServiceError).kind).toBe("SERVICE_UNAVAILABLE");
    // The store's own words stay in the log: /readyz is public (#18.6).
    expect(await health.check()).toBe("store: writes fail (see the server log)");
    store.failWrites = false;
    await health.append("s", 0, [event]);
    expect(await health.check()).toBeNull();
  });

  it("answers a failed read with STORE_UNAVAILABLE without marking writes failed", async () => {
    const store = new FlakyStore();
    const health = new StoreHealth(store, silentLogger());
    store.failReads = true;
    expect(codeOf(await health.read("s").catch((e: unknown) => e))).toBe("STORE_UNAVAILABLE");
    expect(await health.check()).toBeNull();
  });
});

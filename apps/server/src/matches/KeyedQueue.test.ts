import { describe, expect, it } from "vitest";
import { KeyedQueue } from "./KeyedQueue.js";

const tick = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe("KeyedQueue", () => {
  it("runs the tasks of one key in order, one at a time", async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`start ${name}`);
      await tick(ms);
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      queue.run("a", task("1", 20)),
      queue.run("a", task("2", 1)),
      queue.run("a", task("3", 5)),
    ]);
    expect(results).toEqual(["1", "2", "3"]);
    expect(log).toEqual(["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"]);
  });

  it("runs different keys concurrently and goes on after a failure", async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const slow = queue.run("a", async () => {
      await tick(20);
      log.push("a");
    });
    const failing = queue.run("b", () => Promise.reject(new Error("boom")));
    const after = queue.run("b", async () => log.push("b"));
    await expect(failing).rejects.toThrow("boom");
    await after;
    await slow;
    expect(log).toEqual(["b", "a"]);
  });

  it("drains every queued task", async () => {
    const queue = new KeyedQueue();
    let done = 0;
    for (let i = 0; i < 5; i++) void queue.run(`k${i % 2}`, () => tick(5).then(() => done++));
    await queue.drain();
    expect(done).toBe(5);
    expect(queue.size).toBe(0);
  });
});

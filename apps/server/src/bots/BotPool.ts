import { Worker } from "node:worker_threads";
import type { Command, SearchBudget, Seat } from "@maumau/engine";

/** What a search bot is sent: one seat's knowledge (view and filtered log), nothing hidden. */
export interface ThinkRequest {
  readonly id: number;
  readonly variant: string;
  readonly seat: Seat;
  readonly view: unknown;
  readonly log: readonly unknown[];
  readonly seed: number;
  readonly budget: SearchBudget;
}

export type ThinkReply =
  | {
      readonly id: number;
      readonly ok: true;
      readonly command: Command;
      readonly playouts: number;
      readonly ms: number;
    }
  | { readonly id: number; readonly ok: false; readonly error: string };

type Job = {
  readonly request: ThinkRequest;
  readonly resolve: (reply: ThinkReply) => void;
  readonly reject: (error: Error) => void;
};

interface Slot {
  readonly worker: Worker;
  job: Job | null;
}

/**
 * A fixed pool of worker threads for bots that think (`search`): the event loop only posts
 * a seat's view and filtered log and later applies the move, so a thinking bot never delays
 * another match's frames. Requests queue when every thread is busy; a thread that dies is
 * replaced and its request fails (the scheduler logs it; the next plan retries).
 */
export class BotPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly threads: number) {
    if (!Number.isInteger(threads) || threads < 1) throw new Error("a bot pool needs ≥ 1 thread");
  }

  /** Requests waiting for a free thread. */
  get waiting(): number {
    return this.queue.length;
  }

  think(request: Omit<ThinkRequest, "id">): Promise<ThinkReply> {
    if (this.closed) return Promise.reject(new Error("the bot pool is closed"));
    return new Promise((resolve, reject) => {
      this.queue.push({ request: { ...request, id: this.nextId++ }, resolve, reject });
      this.pump();
    });
  }

  /** Stops every thread; waiting and running requests fail. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new Error("the bot pool is closed");
    for (const job of this.queue.splice(0)) job.reject(error);
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        slot.job?.reject(error);
        return slot.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    const worker = new Worker(new URL("./botWorker.mjs", import.meta.url));
    const slot: Slot = { worker, job: null };
    worker.on("message", (reply: ThinkReply) => {
      const job = slot.job;
      slot.job = null;
      if (job && job.request.id === reply.id) job.resolve(reply);
      this.pump();
    });
    const fail = (error: Error) => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      slot.job?.reject(error);
      slot.job = null;
      if (!this.closed) this.pump();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`bot worker exited with code ${code}`)));
    // An idle pool does not keep the process alive.
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const slot =
        this.slots.find((s) => s.job === null) ??
        (this.slots.length < this.threads ? this.spawn() : null);
      if (slot === null) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.postMessage(job.request);
    }
  }
}

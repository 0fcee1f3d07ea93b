import type { MatchSnapshot, ViewEvent } from "../matches/Match.js";
import type { MatchFrame } from "../matches/MatchService.js";
import type { TestSocket } from "./TestSocket.js";

/**
 * One viewer's watch of a match as a client across processes must keep it (tests): frames are
 * applied in version order, duplicates dropped, and a gap is caught up by watching again with
 * `afterVersion`. Frames emitted by another process can overtake this process's own.
 */
export class SyncedWatch {
  /** Every event applied, in the order applied. */
  readonly applied: ViewEvent[] = [];
  /** The version of the first snapshot (the first watch), before any applied event. */
  firstVersion: number | null = null;
  /** The version applied so far. */
  version: number | null = null;
  snapshot: MatchSnapshot | null = null;
  /** How often a gap made it watch again. */
  resyncs = 0;
  readonly errors: unknown[] = [];
  private pending: MatchFrame[] = [];
  private resyncing = false;
  private readonly listeners: ((snapshot: MatchSnapshot) => void)[] = [];
  private readonly waiters: { test: () => boolean; done: () => void }[] = [];

  constructor(
    readonly socket: TestSocket,
    readonly matchId: string,
    readonly token?: string,
  ) {
    socket.onFrame((frame) => {
      if (frame.matchId !== matchId) return;
      this.pending.push(frame);
      this.drain();
    });
  }

  /** Joins the room; the catch-up frame arrives before the answer. */
  async watch(): Promise<void> {
    await this.socket.rpc("game.watch", {
      matchId: this.matchId,
      ...(this.token === undefined ? {} : { token: this.token }),
      ...(this.version === null ? {} : { afterVersion: this.version }),
    });
  }

  /** Called with each newer snapshot, once its frame follows without a gap. */
  onSnapshot(listener: (snapshot: MatchSnapshot) => void): void {
    this.listeners.push(listener);
  }

  /** Resolves once `test` holds (checked after every applied frame), or rejects after `ms`. */
  until(test: () => boolean, ms = 60_000): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`timed out at version ${this.version}`)), ms);
      this.waiters.push({
        test,
        done: () => {
          clearTimeout(timer);
          done();
        },
      });
    });
  }

  private drain(): void {
    for (;;) {
      this.pending.sort((x, y) => x.version - y.version);
      const seen = this.version;
      this.pending = this.pending.filter((f) => seen === null || f.version > seen);
      const next = this.pending.find(
        (f) =>
          f.kind === "snapshot" ||
          (seen !== null && (f.events[0]?.version ?? f.version + 1) <= seen + 1),
      );
      if (next === undefined) break;
      this.pending.splice(this.pending.indexOf(next), 1);
      this.accept(next);
    }
    if (this.pending.length > 0) this.resync();
  }

  private accept(frame: MatchFrame): void {
    if (frame.kind === "snapshot") {
      this.firstVersion ??= frame.version;
    } else {
      for (const e of frame.events)
        if (this.version === null || e.version > this.version) this.applied.push(e);
    }
    this.version = frame.version;
    this.snapshot = frame.snapshot;
    for (const listener of this.listeners) listener(frame.snapshot);
    for (const w of this.waiters.slice()) {
      if (w.test()) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.done();
      }
    }
  }

  private resync(): void {
    if (this.resyncing) return;
    this.resyncing = true;
    this.resyncs++;
    this.watch().then(
      () => {
        this.resyncing = false;
        this.drain();
      },
      (error: unknown) => {
        this.resyncing = false;
        this.errors.push(error);
      },
    );
  }
}

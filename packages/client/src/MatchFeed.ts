import { RemoteRefusal } from "./errors.js";
import type { MatchFrame, MatchSnapshot, SeatNotice, ViewEvent } from "./protocol.js";

/** What a feed needs of a connection: frames, a way to watch, and reconnect and resync news. */
export interface FeedSource {
  onFrame(listener: (frame: MatchFrame) => void): () => void;
  onReconnect(listener: () => void): () => void;
  /** The server's `SEAT_LOST` notices (`SocketClient.onSeatLost`); without it none are heard. */
  onSeatLost?(listener: (notice: SeatNotice) => void): () => void;
  /**
   * Frames may have been lost (`SocketClient.onResync`): the server's `resync` (no id), or a
   * frame of one match missing for a moment (that match's id).
   */
  onResync(listener: (matchId?: string) => void): () => void;
  readonly connected: boolean;
  watch(input: { matchId: string; token?: string; afterVersion?: number }): Promise<unknown>;
}

export interface FeedOptions {
  readonly matchId: string;
  /** The seat token; without one the feed is a spectator's. */
  readonly token?: string;
  /** Watch again after this long without a new frame, in case the last one was lost. */
  readonly idleMs?: number;
  /**
   * A watch that failed (the caller decides whether that is fatal), or the seat lost: a
   * `RemoteRefusal` with the code `SEAT_LOST` after which the feed has stopped (the token no
   * longer owns the seat; watch again without it to go on as a spectator).
   */
  readonly onError?: (error: unknown) => void;
}

export interface FeedStats {
  /** Frames dropped because their versions had been seen. */
  readonly duplicates: number;
  /** Watches sent to catch up: after a gap, a reconnect or an idle spell. */
  readonly resyncs: number;
  /** Frames that jumped ahead of the versions seen (caught up by watching again). */
  readonly gaps: number;
}

/**
 * One viewer's picture of one match, in version order. Frames may arrive twice or out of order
 * (several server processes push through Redis, a reconnect loses the room): a frame already
 * seen is dropped, a frame ahead of a gap waits while the feed watches again with
 * `afterVersion`, and a reconnect, the server's `resync` or a long silence does the same.
 * Listeners see each version once, in order.
 */
export class MatchFeed {
  version: number | null = null;
  snapshot: MatchSnapshot | null = null;
  private pending: MatchFrame[] = [];
  private resyncing = false;
  private again = false;
  private closed = false;
  private idle: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<
    (snapshot: MatchSnapshot, events: readonly ViewEvent[]) => void
  >();
  private readonly detach: (() => void)[] = [];
  private counts = { duplicates: 0, resyncs: 0, gaps: 0 };

  constructor(
    private readonly source: FeedSource,
    private readonly options: FeedOptions,
  ) {
    this.detach.push(
      source.onFrame((frame) => {
        if (frame.matchId !== options.matchId || this.closed) return;
        this.pending.push(frame);
        this.drain();
      }),
      source.onReconnect(() => this.resync()),
      source.onResync((matchId) => {
        if (matchId === undefined || matchId === options.matchId) this.resync();
      }),
    );
    if (options.token !== undefined && source.onSeatLost !== undefined) {
      this.detach.push(
        source.onSeatLost((notice) => {
          if (notice.matchId !== options.matchId || this.closed) return;
          // Watching again with this token would only be refused (BAD_TOKEN): stop here.
          this.close();
          options.onError?.(new RemoteRefusal("game.watch", notice.refusal, 401));
        }),
      );
    }
  }

  get stats(): FeedStats {
    return { ...this.counts };
  }

  /** Called with every newer snapshot and the events that led to it. */
  onUpdate(listener: (snapshot: MatchSnapshot, events: readonly ViewEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Joins the match's room; the catch-up frame comes before the answer. */
  async start(): Promise<void> {
    this.resyncing = true;
    try {
      await this.watch();
    } finally {
      this.resynced();
    }
    this.armIdle();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.idle);
    for (const off of this.detach) off();
    this.listeners.clear();
  }

  private watch(): Promise<unknown> {
    const { matchId, token } = this.options;
    return this.source.watch({
      matchId,
      ...(token === undefined ? {} : { token }),
      ...(this.version === null ? {} : { afterVersion: this.version }),
    });
  }

  private drain(): void {
    for (;;) {
      const seen = this.version;
      const before = this.pending.length;
      this.pending = this.pending.filter((f) => seen === null || f.version > seen);
      this.counts.duplicates += before - this.pending.length;
      this.pending.sort((x, y) => x.version - y.version);
      const next = this.pending.find((f) => follows(f, seen));
      if (next === undefined) break;
      this.pending.splice(this.pending.indexOf(next), 1);
      this.accept(next);
    }
    if (this.pending.length > 0) {
      this.counts.gaps++;
      this.resync();
    }
  }

  private accept(frame: MatchFrame): void {
    const seen = this.version;
    const events =
      frame.kind === "events" ? frame.events.filter((e) => seen === null || e.version > seen) : [];
    this.version = frame.version;
    this.snapshot = frame.snapshot;
    this.armIdle();
    for (const listener of this.listeners) listener(frame.snapshot, events);
  }

  /** Watches again from the version seen; one at a time, and once more if asked meanwhile. */
  private resync(): void {
    if (this.closed) return;
    if (this.resyncing) {
      this.again = true;
      return;
    }
    // A lost connection resyncs when it is back (onReconnect).
    if (!this.source.connected) return;
    this.resyncing = true;
    this.counts.resyncs++;
    this.watch().then(
      () => this.resynced(),
      (error: unknown) => {
        this.resynced();
        this.options.onError?.(error);
      },
    );
  }

  private resynced(): void {
    this.resyncing = false;
    if (this.closed) return;
    // Frames that waited behind the gap may follow now.
    this.drain();
    if (this.again) {
      this.again = false;
      this.resync();
    }
  }

  private armIdle(): void {
    clearTimeout(this.idle);
    const idleMs = this.options.idleMs;
    if (idleMs === undefined || this.closed) return;
    if (this.snapshot?.lobby.status === "over") return;
    this.idle = setTimeout(() => {
      this.resync();
      this.armIdle();
    }, idleMs);
    // In Node, an idle timer alone must not keep the process alive.
    (this.idle as { unref?: () => void }).unref?.();
  }
}

/** Whether a frame can be applied on top of `seen`: a snapshot always, events without a gap. */
function follows(frame: MatchFrame, seen: number | null): boolean {
  if (frame.kind === "snapshot") return true;
  if (seen === null) return false;
  const first = frame.events[0]?.version ?? frame.version + 1;
  return first <= seen + 1;
}

/** The room of sockets that watch the lobby's match list (`lobby.watch`). */
export const LOBBY_ROOM = "lobby";

/**
 * Runs a task at most once per `ms`: the first call at once, calls within the window once at
 * its end. The lobby's watchers get one "the list changed" signal per window, however many
 * matches changed in it.
 */
export class Throttle {
  private last = -Infinity;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ms: number,
    private readonly task: () => void,
  ) {}

  run(): void {
    if (this.timer !== null) return;
    const wait = this.last + this.ms - performance.now();
    if (wait <= 0) return this.fire();
    this.timer = setTimeout(() => this.fire(), wait);
    this.timer.unref();
  }

  private fire(): void {
    this.timer = null;
    this.last = performance.now();
    this.task();
  }

  close(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * Keeps a connection under the server's rate limit (a token bucket per socket, `COMMAND_RATE`
 * a second): a little slower than the limit and with a smaller burst, so that network jitter
 * does not make the server see more than it allows.
 */
export class Pacer {
  private readonly perSecond: number;
  private readonly capacity: number;
  private tokens: number;
  private last: number;

  constructor(
    rate: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.perSecond = rate * 0.9;
    this.capacity = Math.max(1, Math.floor(rate / 2));
    this.tokens = this.capacity;
    this.last = now();
  }

  /** The turn of the last caller: callers are let through in the order they asked. */
  private tail: Promise<void> = Promise.resolve();

  /**
   * Resolves when one more message may be sent, in the order asked: an `unwatch` followed by
   * a `watch` of the same match must reach the server in that order.
   */
  take(): Promise<void> {
    const turn = this.tail.then(() => this.wait());
    this.tail = turn;
    return turn;
  }

  private async wait(): Promise<void> {
    for (;;) {
      const now = this.now();
      this.tokens = Math.min(
        this.capacity,
        this.tokens + ((now - this.last) / 1000) * this.perSecond,
      );
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      const waitMs = ((1 - this.tokens) / this.perSecond) * 1000;
      await new Promise((done) => setTimeout(done, Math.ceil(waitMs)));
    }
  }
}

import type { Speed } from "./prefs";

/** How long one card takes to fly, in milliseconds, at each speed. */
export const FLIGHT_MS: Readonly<Record<Speed, number>> = { slow: 750, normal: 420, fast: 200 };

/** A step runs for `ms` milliseconds (0: at once, no movement) and resolves when done. */
export type Step = (ms: number) => Promise<void> | void;

export interface QueueOptions {
  /** The speed now (read for every step, so a change applies to the steps still waiting). */
  readonly speed: () => Speed;
  /** True: no movement at all (prefers-reduced-motion, or a hidden page). */
  readonly instant: () => boolean;
  /** More steps than this waiting: the queue catches up, the rest run at once. */
  readonly maxBehind?: number;
}

/**
 * The table's animations, one after another, so that a person can follow the bots: every step
 * starts when the one before has ended. Each step is given its duration (by the speed setting)
 * or 0 when motion is off; a step that fails does not stop the ones after it.
 */
export class MotionQueue {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;
  private readonly options: QueueOptions;

  constructor(options: QueueOptions) {
    this.options = options;
  }

  /** Steps queued and not yet finished. */
  get pending(): number {
    return this.waiting;
  }

  /** The duration the next step gets. */
  duration(): number {
    if (this.options.instant()) return 0;
    if (this.waiting > (this.options.maxBehind ?? 12)) return 0;
    return FLIGHT_MS[this.options.speed()];
  }

  /** Queues a step; the promise resolves when it has run. */
  push(step: Step): Promise<void> {
    this.waiting++;
    const run = async () => {
      try {
        await step(this.duration());
      } catch {
        // An animation that cannot run (an element gone) is skipped.
      } finally {
        this.waiting--;
      }
    };
    this.tail = this.tail.then(run);
    return this.tail;
  }

  /** Resolves when every step queued so far has run. */
  idle(): Promise<void> {
    return this.tail;
  }
}

/** Whether the person asked for reduced motion. */
export const prefersReducedMotion = (): boolean =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

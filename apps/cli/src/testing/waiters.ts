/**
 * Tests that wait for a child process's output: `notify()` after every chunk read, `until`
 * resolves with the first value `test` finds, or rejects with `timedOut()` after `timeoutMs`.
 */
export class OutputWaiters {
  private readonly waiters = new Set<() => void>();

  notify(): void {
    for (const w of this.waiters) w();
  }

  until<T>(test: () => T | null, timeoutMs: number, timedOut: () => Error): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = test();
        if (found === null) return;
        cleanup();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(timedOut());
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }
}

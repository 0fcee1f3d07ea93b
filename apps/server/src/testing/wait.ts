/** Resolves after `ms` milliseconds. */
export const pause = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Polls `test` every `everyMs` until it holds; rejects with "timed out" after `ms`. */
export async function waitFor(
  test: () => boolean | Promise<boolean>,
  ms = 15_000,
  everyMs = 10,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await pause(everyMs);
  }
}

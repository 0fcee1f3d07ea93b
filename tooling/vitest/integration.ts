/**
 * Vitest defaults for packages whose tests play whole games, matches or servers. Imported by
 * each such package's `vitest.config.ts`.
 *
 * - Timeouts: on a loaded 2-core CI machine (turbo ran ten packages' tasks beside each other,
 *   now four) a test that takes 2 s alone took 10 and more, and a CPU-bound one over 2 minutes.
 *   None of them asserts time (speed is measured by `pnpm bench`); a test that is stuck still
 *   fails, at 2 minutes.
 * - `isolate: false`: the test files of a worker share one module graph. Each file imported the
 *   engine, the registry and (in the server's tests) the server anew, about 3 s each: 55 of the
 *   server's 224 s (149 s without, measured alone on 2026-11-28). None of these packages' tests
 *   mock modules (`vi.mock`) or leave globals or the environment changed for the next file;
 *   each test starts its own servers, stores and sockets.
 */
export const integrationDefaults = {
  testTimeout: 120_000,
  hookTimeout: 120_000,
  isolate: false,
} as const;

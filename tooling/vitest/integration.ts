/**
 * Vitest defaults for packages whose tests play whole games, matches or servers: on a loaded
 * 2-core CI machine (turbo ran ten packages' tasks beside each other, now four) a test that takes
 * 2 s alone took 10 and more, and a CPU-bound one over 2 minutes. None of them asserts time (speed
 * is measured by `pnpm bench`); a test that is stuck still fails, at 2 minutes. Imported by
 * each such package's `vitest.config.ts`.
 */
export const integrationTimeouts = { testTimeout: 120_000, hookTimeout: 120_000 } as const;

/**
 * Vitest defaults for packages whose tests play whole games, matches or servers: on a loaded
 * 2-core CI machine (or a slower host) a test that takes 2 s alone can take 10. A test that is
 * stuck still fails, at 30 s. Imported by each such package's `vitest.config.ts`.
 */
export const integrationTimeouts = { testTimeout: 30_000, hookTimeout: 60_000 } as const;

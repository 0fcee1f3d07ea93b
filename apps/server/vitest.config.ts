import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Integration tests: real servers, stores and whole bot matches. On a loaded CI machine a
    // match that takes 2 s alone can take 10; a test that is stuck still fails (at 30 s).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

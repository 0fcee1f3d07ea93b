import { defineConfig } from "vitest/config";
import { integrationDefaults } from "../../tooling/vitest/integration";

// Integration tests: real servers, stores and whole bot matches. The server the tests start as
// a process is built once per run (src/testing/globalSetup.ts).
export default defineConfig({
  test: { ...integrationDefaults, globalSetup: ["src/testing/globalSetup.ts"] },
});

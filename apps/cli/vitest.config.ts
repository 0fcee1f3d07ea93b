import { defineConfig } from "vitest/config";
import { integrationDefaults } from "../../tooling/vitest/integration";

// Whole games and matches through the CLI, its terminal UI and a real server. The CLI the tests
// spawn is bundled once per run (src/testing/globalSetup.ts).
export default defineConfig({
  test: { ...integrationDefaults, globalSetup: ["src/testing/globalSetup.ts"] },
});

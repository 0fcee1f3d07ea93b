import { defineConfig } from "vitest/config";
import { integrationDefaults } from "../../tooling/vitest/integration";

// Whole games and matches through the CLI, its terminal UI and a real server.
export default defineConfig({ test: { ...integrationDefaults } });

import { defineConfig } from "vitest/config";
import { integrationTimeouts } from "../../tooling/vitest/integration";

// Whole games and matches through the CLI, its terminal UI and a real server.
export default defineConfig({ test: { ...integrationTimeouts } });

import { defineConfig } from "vitest/config";
import { integrationDefaults } from "../../tooling/vitest/integration";

// Lays out and draws whole state charts.
export default defineConfig({ test: { ...integrationDefaults } });

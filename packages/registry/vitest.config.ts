import { defineConfig } from "vitest/config";
import { integrationDefaults } from "../../tooling/vitest/integration";

// Whole games on every variant: differential, search and property tests.
export default defineConfig({ test: { ...integrationDefaults } });

import { defineConfig } from "vitest/config";
import { integrationDefaults } from "../../tooling/vitest/integration";

// Integration tests: real servers, stores and whole bot matches.
export default defineConfig({ test: { ...integrationDefaults } });

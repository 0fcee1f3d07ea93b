import { defineConfig } from "vitest/config";
import { integrationDefaults } from "../../tooling/vitest/integration";

// Property tests play whole games of every family.
export default defineConfig({ test: { ...integrationDefaults } });

import { defineConfig } from "vitest/config";
import { integrationDefaults } from "../../../tooling/vitest/integration";

// Rule tests and property tests over whole games of this variant.
export default defineConfig({ test: { ...integrationDefaults } });

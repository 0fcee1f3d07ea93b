import { defineConfig } from "vitest/config";
import { integrationTimeouts } from "../../tooling/vitest/integration";

// Lays out and draws whole state charts.
export default defineConfig({ test: { ...integrationTimeouts } });

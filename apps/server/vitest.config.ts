import { defineConfig } from "vitest/config";
import { integrationTimeouts } from "../../tooling/vitest/integration";

// Integration tests: real servers, stores and whole bot matches.
export default defineConfig({ test: { ...integrationTimeouts } });

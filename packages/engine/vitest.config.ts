import { defineConfig } from "vitest/config";
import { integrationTimeouts } from "../../tooling/vitest/integration";

// Property tests play whole games of every family.
export default defineConfig({ test: { ...integrationTimeouts } });

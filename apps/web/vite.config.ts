import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The statechart chunk carries elkjs (~1.5 MB); it loads only where a chart is shown.
    chunkSizeWarningLimit: 1600,
  },
  test: {
    environment: "node",
    include: ["src/**/*.test.{ts,tsx}"],
    // Two test files at a time even on a 2-core host (vitest 4 runs one fewer than the
    // cores): the browser and accessibility files mostly wait on Chromium and a server, and run
    // side by side (web tests alone: ~630 s with one worker, ~380 s with two, 2026-11-28).
    maxWorkers: 2,
  },
});

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { defaultConfig, VARIABLES, type Config } from "./config.js";
import { helpText, SETTINGS, settingRows, withSettingsTable } from "./settings.js";
import { serverCommand } from "./testing/serverCommand.js";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

describe("the settings table", () => {
  it("documents every Config field under exactly one variable", () => {
    const keys = Object.values(SETTINGS).map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual((Object.keys(defaultConfig()) as (keyof Config)[]).sort());
    expect(Object.keys(SETTINGS).sort()).toEqual([...VARIABLES].sort());
  });

  it("shows the defaults loadConfig fills (except machine-dependent paths)", () => {
    const rows = new Map(settingRows().map((r) => [r.name, r.shown]));
    expect(rows.get("PORT")).toBe("3000");
    expect(rows.get("SHUTDOWN_GRACE_MS")).toBe(String(defaultConfig().shutdownGraceMs));
    expect(rows.get("METRICS_PORT")).toBe("–");
    expect(rows.get("METRICS_TOKEN")).toBe("–");
  });

  it("in apps/server/README.md is the generated one (`pnpm -F @maumau/server docs:settings`)", () => {
    expect(readme).toBe(withSettingsTable(readme));
  });
});

describe("--help", () => {
  it("lists every variable with its default and exits 0 without starting", () => {
    const [command, ...args] = serverCommand();
    const run = spawnSync(command, [...args, "--help"], {
      encoding: "utf8",
      // A bad setting must not matter: --help reads none.
      env: { ...process.env, PORT: "not-a-port" },
      timeout: 30_000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(helpText());
    for (const row of settingRows()) {
      expect(run.stdout).toMatch(new RegExp(`^${row.name} +${escape(row.shown)} +\\S`, "m"));
    }
  }, 30_000);
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// `pnpm -F @maumau/server docs:settings`: writes the settings table of README.md from settings.ts.
import { readFileSync, writeFileSync } from "node:fs";
import { withSettingsTable } from "./settings.js";

const readme = new URL("../README.md", import.meta.url);
writeFileSync(readme, withSettingsTable(readFileSync(readme, "utf8")));

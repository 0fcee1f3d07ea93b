import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Debian's chromium (`CHROMIUM_PATH` names another); the browser tests skip without it. */
export const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const haveBrowser = existsSync(executablePath);

/**
 * The flags every browser test launches chromium with. Headless chromium is the whole browser
 * without a window, and it renders the address bar's two WebUI popups (the suggestions and the
 * AI-mode one, `chrome://omnibox-popup.top-chrome/`) in a renderer of their own for every
 * window: one per browser context. Those renderers took 178 s of the 832 s of CPU that chromium
 * used in a clean-clone `npm test` (2026-11-29); no page of ours needs them.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
] as const;

/** Launches the test browser; `args` adds flags of one test file. */
export function launchChromium(args: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...args] });
}

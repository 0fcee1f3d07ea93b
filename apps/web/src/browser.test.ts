import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { variants } from "@maumau/registry";
import { createServer, defaultConfig } from "@maumau/server";
import { pino } from "pino";
import { chromium, type Browser } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A real browser (Debian's chromium, installed by .ci/run) against the real server serving
// the real production build.
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const haveBrowser = existsSync(executablePath);
if (!haveBrowser)
  console.warn(`skipping browser tests: no chromium at ${executablePath} (set CHROMIUM_PATH)`);

describe.skipIf(!haveBrowser)("the web client in chromium", () => {
  let dist = "";
  let server: Server;
  let url = "";
  let browser: Browser;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), "maumau-web-"));
    await build({
      root: new URL("..", import.meta.url).pathname,
      logLevel: "error",
      build: { outDir: dist, emptyOutDir: true },
    });
    server = createServer(
      defaultConfig({ port: 0, host: "127.0.0.1", webDist: dist, logLevel: "silent" }),
      pino({ level: "silent" }),
    );
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;
    browser = await chromium.launch({
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => server?.close(done));
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  it("lists every variant, switches to German and shows a variant's rule book", async () => {
    const page = await browser.newPage({ locale: "en-GB" });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url);
    await expect.poll(() => page.locator("h1").textContent()).toBeTruthy();
    for (const v of variants)
      await page.getByRole("heading", { name: v.names.en, exact: true }).waitFor({ state: "visible" });

    await page.getByRole("button", { name: "Deutsch" }).click();
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("de");
    const bavarian = variants.find((v) => v.id === "bavarian")!;
    await page.getByRole("button", { name: `Die Regeln von ${bavarian.names.de} zeigen` }).click();
    const book = page.locator("section.rule-book");
    await book.getByText("B-2.2", { exact: true }).waitFor({ state: "visible" });
    const rule = bavarian.ruleBook.find((r) => r.id === "B-2.2")!;
    await book.getByText(rule.text.de, { exact: true }).waitFor({ state: "visible" });

    await page.screenshot({ path: join(tmpdir(), "maumau-web.png"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});

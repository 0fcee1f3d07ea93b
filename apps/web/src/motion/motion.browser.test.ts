import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestApi, type TestApi } from "@maumau/server/testing";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveBrowser, launchChromium } from "../testing/chromium.js";

// The table moves cards in a real chromium (and does not with reduced motion).

/**
 * Holds a card still in the air over the whole window, in the table's own motion layer, as
 * `#probe`: hit-testable when `hitTestable` (for the look only: the layer lets clicks through).
 */
function holdCardOverWindow(page: Page, hitTestable: boolean): Promise<void> {
  return page.evaluate((hit) => {
    const card = document.createElement("div");
    card.className = "flying-card";
    card.id = "probe";
    card.style.inset = "0";
    if (hit) card.style.pointerEvents = "auto";
    document.querySelector(".motion-layer")!.append(card);
  }, hitTestable);
}

describe.skipIf(!haveBrowser)("card motion in chromium", () => {
  let dist = "";
  let api: TestApi;
  let browser: Browser;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), "maumau-motion-"));
    await build({
      root: new URL("../..", import.meta.url).pathname,
      logLevel: "error",
      build: { outDir: dist, emptyOutDir: true },
    });
    api = await startTestApi({ webDist: dist, botDelayMs: 150, commandRate: 200 });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  /** A noris table of Anna and a bot, in a browser with or without reduced motion. */
  async function table(reducedMotion: "reduce" | "no-preference"): Promise<Page> {
    const { matchId, ticket } = await api.service.create({
      variant: "noris",
      seats: 2,
      name: "Anna",
      options: { games: 1 },
    });
    await api.service.addBots({ matchId, token: ticket!.token, level: "heuristic", count: 1 });
    await api.service.start({ matchId, token: ticket!.token });
    const context = await browser.newContext({
      reducedMotion,
      viewport: { width: 1280, height: 800 },
    });
    await context.addInitScript(
      ([id, token]) => {
        localStorage.setItem("maumau.seats", JSON.stringify({ [id]: { seat: 0, token, at: 1 } }));
        localStorage.setItem("maumau.table", JSON.stringify({ speed: "slow", muted: true }));
      },
      [matchId, ticket!.token] as const,
    );
    const page = await context.newPage();
    // Every card flight shown: the element inserted, and the animation it was given (WAAPI).
    await page.addInitScript(() => {
      const record = { inserted: 0, animations: [] as { transforms: string[]; ms: number }[] };
      (window as unknown as { flights: typeof record }).flights = record;
      // eslint-disable-next-line @typescript-eslint/unbound-method -- called with `this` below
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (this: Element, keyframes, options) {
        if (this.classList.contains("flying-card")) {
          const frames = Array.isArray(keyframes)
            ? keyframes.map((k) => String(k.transform))
            : ([] as unknown[]).concat(keyframes?.transform ?? []).map(String);
          const ms = typeof options === "number" ? options : Number(options?.duration ?? 0);
          record.animations.push({ transforms: frames, ms });
        }
        return animate.call(this, keyframes, options);
      };
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (n instanceof HTMLElement && n.classList.contains("flying-card")) record.inserted++;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${api.url}/m/${matchId}`);
    await page.locator(".table .hand").waitFor();
    return page;
  }

  /** Plays (or draws) when it is Anna's turn; the bot plays the other turns. */
  async function move(page: Page): Promise<void> {
    await expect
      .poll(() => page.locator(".table > .status").textContent(), { timeout: 20_000 })
      .toMatch(/^Your turn/);
    const before = await page.locator(".table").getAttribute("data-version");
    const playable = page.locator('.hand-card[data-playable="true"]');
    if ((await playable.count()) > 0) {
      await playable.first().click();
      const dialog = page.getByRole("dialog");
      if ((await dialog.count()) > 0) await dialog.getByRole("button").first().click();
    } else await page.locator(".pile.draw-pile").click();
    await expect.poll(() => page.locator(".table").getAttribute("data-version")).not.toBe(before);
  }

  type FlightLog = { inserted: number; animations: { transforms: string[]; ms: number }[] };
  const flights = (page: Page) =>
    page.evaluate(() => (window as unknown as { flights: FlightLog }).flights);

  it("a played or drawn card travels: a transform animation from seat to pile", async () => {
    const page = await table("no-preference");
    expect(await page.locator(".table").getAttribute("data-motion")).toBe("on");
    await move(page);
    await expect
      .poll(
        async () => {
          const { animations } = await flights(page);
          // A card moves: a timed animation through different transforms (seat → pile).
          return animations.some((a) => a.ms > 0 && new Set(a.transforms).size >= 2);
        },
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    await expect.poll(() => page.locator(".flying-card").count(), { timeout: 20_000 }).toBe(0);
    await page.context().close();
  }, 90_000);

  it("a flying card passes over the table but under a sheet open on it (chart, chat)", async () => {
    const page = await table("no-preference");
    // A card in the air, held still: the size of the window, in the table's own motion layer.
    await holdCardOverWindow(page, false);
    /** What is drawn on top at the middle of an element's box: the card, or the element itself
     *  (the card hit-testable for the look only: the layer lets clicks through). */
    const onTop = (selector: string) =>
      page.locator(selector).evaluate((el) => {
        const card = document.getElementById("probe")!;
        const box = el.getBoundingClientRect();
        card.style.pointerEvents = "auto";
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        card.style.pointerEvents = "";
        return hit === card ? "card" : el.contains(hit) ? "itself" : hit?.className;
      });

    expect(await onTop(".pile.discard")).toBe("card");
    await page.getByRole("button", { name: "Show the state chart" }).click();
    await page.locator('.chart-scroll [aria-current="true"]').waitFor();
    expect(await onTop(".pile.discard")).toBe("card");

    // On a phone the chart is a sheet over the table: it, and its Hide button, stay on top.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await onTop(".chart-panel")).toBe("itself");
    expect(await onTop(".chart-toggle")).toBe("itself");
    expect(await onTop(".table .status")).toBe("card");
    await page.getByRole("button", { name: "Hide the state chart" }).click();
    await page.getByRole("button", { name: /^Chat/ }).click();
    expect(await onTop(".chat-body")).toBe("itself");
    await page.context().close();
  }, 90_000);

  it("the skip link, focused, is on top: over a card in flight and every other layer", async () => {
    const page = await table("no-preference");
    // A card in the air over the whole window, in the table's own motion layer (hit-testable
    // for the look only, as above).
    await holdCardOverWindow(page, true);
    /** What is drawn at the middle of the skip link: the link, or what covers it. */
    const atSkip = () =>
      page.locator(".skip").evaluate((skip) => {
        const box = skip.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit === skip ? "skip" : (hit?.id ?? hit?.className);
      });
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.locator(".skip").focus();
      expect(await atSkip()).toBe("skip");
    }

    // Every layer the page's styles raise (sheets, the header's fold, bubbles, captions) stays
    // below the focused skip link: whatever opens where it shows, it is not covered.
    const layers = await page.evaluate(() => {
      const found: { selector: string; z: number }[] = [];
      const walk = (rules: CSSRuleList) => {
        for (const rule of rules) {
          if (rule instanceof CSSStyleRule && rule.style.zIndex !== "")
            found.push({ selector: rule.selectorText, z: Number(rule.style.zIndex) });
          if (rule instanceof CSSGroupingRule) walk(rule.cssRules);
        }
      };
      for (const sheet of document.styleSheets) walk(sheet.cssRules);
      return found;
    });
    const skip = layers.filter((l) => l.selector === ".skip:focus");
    expect(skip).toHaveLength(1);
    const others = layers.filter((l) => l.selector !== ".skip:focus");
    // The motion layer and the phone's sheets among them: the walk saw the page's layers.
    expect(others.map((l) => l.selector)).toEqual(
      expect.arrayContaining([".motion-layer", '.match-page[data-chart="shown"] .chart-panel']),
    );
    for (const layer of others) expect(layer.z, layer.selector).toBeLessThan(skip[0]!.z);
    await page.context().close();
  }, 90_000);

  it("reduced motion: moves happen at once, nothing flies", async () => {
    const page = await table("reduce");
    expect(await page.locator(".table").getAttribute("data-motion")).toBe("reduced");
    await move(page);
    await move(page);
    expect(await flights(page)).toEqual({ inserted: 0, animations: [] });
    await page.context().close();
  }, 90_000);
});

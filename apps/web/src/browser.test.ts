import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { isLobbyEventType, type ViewEvent, type WireFrame } from "@maumau/client";
import type { AnyEngine } from "@maumau/engine";
import { classicEventLeak, heulDochEventLeak } from "@maumau/engine/testing/leaks";
import { findVariant, variants } from "@maumau/registry";
import { startTestApi, type TestApi } from "@maumau/server/testing";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Real people's view of the product: Debian's chromium (installed by .ci/run) against the real
// server (tRPC, socket.io, SQLite store, bots) serving the real production build.
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const haveBrowser = existsSync(executablePath);
if (!haveBrowser)
  console.warn(`skipping browser tests: no chromium at ${executablePath} (set CHROMIUM_PATH)`);

/** Screenshots of every table at both sizes, kept with the test reports. */
const SHOTS = new URL("../.reports/screenshots/", import.meta.url).pathname;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(!haveBrowser)("the web client in chromium", () => {
  let dist = "";
  let api: TestApi;
  let url = "";
  let browser: Browser;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), "maumau-web-"));
    await mkdir(SHOTS, { recursive: true });
    await build({
      root: new URL("..", import.meta.url).pathname,
      logLevel: "error",
      build: { outDir: dist, emptyOutDir: true },
    });
    api = await startTestApi({ webDist: dist, botDelayMs: 40, commandRate: 200 });
    url = api.url;
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
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  /** A person's browser: its own storage, its console errors collected. */
  async function person(
    locale = "en-GB",
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ locale, viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    return { context, page, errors };
  }

  it("serves a light first page, compressed, with no console errors", async () => {
    const index = await readFile(join(dist, "index.html"), "utf8");
    const scripts = [...index.matchAll(/src="([^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    let gzipBytes = 0;
    for (const script of scripts) {
      const res = await fetch(`${url}${script}`, { headers: { "accept-encoding": "br, gzip" } });
      expect(res.headers.get("content-encoding")).toBe("br");
      expect(res.headers.get("cache-control")).toContain("immutable");
      gzipBytes += gzipSync(await readFile(join(dist, script))).length;
    }
    // The budget: 250 KB of JS (gzip) for the first page; no engine, XState or zod.
    expect(gzipBytes).toBeLessThan(250 * 1024);
    for (const script of scripts) {
      const code = await readFile(join(dist, script), "utf8");
      expect(code).not.toContain("ZodError");
      expect(code).not.toContain("xstate");
    }
    const { page, errors, context } = await person();
    await page.goto(url);
    await page.getByRole("heading", { name: "New match" }).waitFor();
    await page.getByRole("link", { name: "Rules", exact: true }).click();
    for (const v of variants)
      await page
        .getByRole("heading", { name: v.names.en, exact: true })
        .waitFor({ state: "visible" });
    await page.getByRole("button", { name: "Deutsch" }).click();
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("de");
    const bavarian = variants.find((v) => v.id === "bavarian")!;
    await page.getByRole("link", { name: `Die Regeln von ${bavarian.names.de} zeigen` }).click();
    expect(new URL(page.url()).pathname).toBe("/rules/bavarian");
    const rule = bavarian.ruleBook.find((r) => r.id === "B-2.2")!;
    await page.getByText(rule.text.de, { exact: true }).waitFor({ state: "visible" });
    // Back goes back, reload keeps the screen.
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe("/rules");
    await page.reload();
    await page.getByRole("heading", { name: "Varianten" }).waitFor();
    await page.screenshot({ path: join(SHOTS, "rules.png"), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("the lobby's match list follows the server as it changes (pushed, no reload)", async () => {
    const { page, errors, context } = await person();
    await page.goto(url);
    await page.getByRole("heading", { name: "New match" }).waitFor();
    // Another person creates a match elsewhere: it shows up with its free seat, then fills.
    const created = await api.service.create({ variant: "french", seats: 2, name: "Elsewhere" });
    const row = page.locator(`[data-match="${created.matchId}"]`);
    // Well within the list's 30 s fallback read: the server's signal brought it.
    await row.waitFor({ state: "visible", timeout: 10_000 });
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain("Elsewhere");
    await api.service.join({ matchId: created.matchId, name: "Friend" });
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain("Friend");
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  for (const variant of ["noris", "heul-doch"] as const) {
    it(`${variant}: a mouse player, a keyboard player and a bot play a match to the end; a spectator sees no hand`, async () => {
      const anna = await person();
      const ben = await person();
      const spectator = await person();

      // Anna creates the match: three seats, one bot, one game.
      await anna.page.goto(url);
      await anna.page.getByLabel("Your name").fill("Anna");
      await anna.page.getByLabel("Variant").selectOption(variant);
      await anna.page.getByLabel("Seats").fill("3");
      await anna.page.getByLabel("Bots", { exact: true }).fill("1");
      if (variant === "noris") await anna.page.getByLabel("Games in the match").fill("1");
      await anna.page.getByRole("button", { name: "Create match" }).click();
      await anna.page.waitForURL(/\/m\/[\w-]+$/);
      const shareLink = await anna.page.getByLabel(/Share this link/).inputValue();
      const matchId = new URL(shareLink).pathname.split("/")[2]!;

      // Ben opens the share link and takes the free seat (keyboard only).
      await ben.page.goto(shareLink);
      const nameField = ben.page.getByLabel("Your name");
      await nameField.focus();
      await ben.page.keyboard.type("Ben");
      await ben.page.keyboard.press("Enter");
      await ben.page.getByText("you", { exact: true }).waitFor();
      expect(new URL(ben.page.url()).search).toBe("");

      // A third person watches; every frame their socket receives is kept, as it was sent (a
      // commit's frame is a delta: its view and legal moves stand where a snapshot's do).
      const frames: WireFrame[] = [];
      spectator.page.on("websocket", (ws) =>
        ws.on("framereceived", ({ payload }) => {
          const text = String(payload);
          if (text.startsWith('42["match"'))
            frames.push((JSON.parse(text.slice(2)) as [string, WireFrame])[1]);
        }),
      );
      await spectator.page.goto(`${url}/m/${matchId}`);
      await spectator.page.getByText("You are watching.").waitFor();

      await anna.page.getByRole("button", { name: "Start match" }).click();
      await anna.page.locator(".table").waitFor();
      await ben.page.locator(".table").waitFor();
      await spectator.page.locator(".table").waitFor();
      expect(await spectator.page.locator(".hand").count()).toBe(0);

      for (const p of [anna.page, spectator.page]) {
        const who = p === anna.page ? "player" : "spectator";
        await p.screenshot({ path: join(SHOTS, `${variant}-${who}-desktop.png`) });
        await p.setViewportSize(PHONE);
        await p.screenshot({ path: join(SHOTS, `${variant}-${who}-phone.png`), fullPage: true });
        await p.setViewportSize(DESKTOP);
      }

      // Anna watches the state chart beside her table: the lit state is kept with the version
      // it belongs to (read in one go from the DOM) and checked against the engine afterwards.
      await anna.page.getByRole("button", { name: "Show the state chart" }).click();
      await anna.page.locator('.chart-scroll [aria-current="true"]').waitFor();
      await anna.page.screenshot({ path: join(SHOTS, `${variant}-chart-desktop.png`) });
      const lit: [number, string][] = [];
      const sampleChart = async () => {
        const [version, state] = await anna.page.evaluate(() => [
          document.querySelector(".table")?.getAttribute("data-version") ?? null,
          document
            .querySelector('.chart-scroll [aria-current="true"]')
            ?.getAttribute("data-state") ?? null,
        ]);
        if (version !== null && state !== null) lit.push([Number(version), state]);
      };

      let refusedShown = false;
      let reloaded = false;
      let moves = 0;
      const deadline = Date.now() + 240_000;
      while (!(await over(anna.page))) {
        expect(Date.now(), "the match ends in time").toBeLessThan(deadline);
        if (
          !refusedShown &&
          (await myTurn(anna.page)) &&
          (await anna.page.locator('.hand-card[data-playable="false"]').count()) > 0
        ) {
          // An illegal move: the engine's message and its rule id, linked to the rule book.
          await anna.page.locator('.hand-card[data-playable="false"]').first().click();
          const banner = anna.page.locator(".refusal");
          await banner.waitFor();
          const rule = await banner.locator("a[data-rule]").getAttribute("data-rule");
          expect(rule).toMatch(/^[NH]-\d/);
          expect(await banner.locator("a[data-rule]").getAttribute("href")).toBe(
            `/rules/${variant}#${encodeURIComponent(rule!)}`,
          );
          refusedShown = true;
          continue;
        }
        if (await playWithMouse(anna.page)) moves++;
        if (await playWithKeyboard(ben.page)) moves++;
        if (!reloaded && moves >= 4) {
          // A reload brings Ben back to his seat at the current version.
          await ben.page.reload();
          await ben.page.locator(".hand").waitFor();
          await ben.page.getByText("you", { exact: true }).waitFor();
          reloaded = true;
        }
        await sampleChart();
        await anna.page.waitForTimeout(60);
      }
      expect(reloaded).toBe(true);
      expect(moves).toBeGreaterThan(4);
      await anna.page.getByRole("button", { name: "Rematch" }).waitFor();
      await ben.page.getByText("The match is over").first().waitFor();
      await spectator.page.getByText("The match is over").first().waitFor();
      await anna.page.screenshot({
        path: join(SHOTS, `${variant}-over-desktop.png`),
        fullPage: true,
      });

      // The replay: every move, every hand open; move N is the engine's replay of N events.
      await anna.page.getByRole("link", { name: "Watch the replay" }).click();
      await anna.page.waitForURL(/\/replay\//);
      await anna.page.locator('.fairness[data-ok="true"]').waitFor();
      const query = encodeURIComponent(JSON.stringify({ matchId }));
      const history = (await (await fetch(`${url}/trpc/game.history?input=${query}`)).json()) as {
        result: { data: { full: boolean; events: ViewEvent[] } };
      };
      expect(history.result.data.full).toBe(true);
      const log = history.result.data.events;
      const engine = findVariant(variant)!.engine as AnyEngine;
      const step = Math.floor(log.length / 2);
      await anna.page.goto(`${url}/replay/${matchId}?at=${step + 1}`);
      await anna.page.locator(`.replay[data-step="${step + 1}"]`).waitFor();
      await anna.page.keyboard.press("ArrowLeft");
      await anna.page.locator(`.replay[data-step="${step}"]`).waitFor();
      expect(new URL(anna.page.url()).search).toBe(`?at=${step}`);
      let state: unknown = null;
      for (const e of log.slice(0, step))
        if (!isLobbyEventType(e.type))
          state = engine.evolve(state, { type: e.type, data: e.data } as { type: string });
      for (const [seat, hand] of (state as { hands: string[][] }).hands.entries()) {
        const shown = await anna.page
          .locator(`[data-hand="${seat}"] > li`)
          .evaluateAll((els) => els.map((e) => e.getAttribute("data-card")));
        expect(shown, `seat ${seat} at move ${step}`).toEqual(hand);
      }
      // The chart follows the replay (Anna's choice to show it is remembered) ...
      await expect
        .poll(() =>
          anna.page
            .locator('.chart-scroll [aria-current="true"]')
            .getAttribute("data-state", { timeout: 20_000 }),
        )
        .toBe(engine.chartPosition(state).state);
      // ... and lit, at the table, the state the engine says each version was in.
      const stateAt = (version: number) => {
        let s: unknown = null;
        for (const e of log.filter((x) => x.version <= version))
          if (!isLobbyEventType(e.type))
            s = engine.evolve(s, { type: e.type, data: e.data } as { type: string });
        return s === null ? null : engine.chartPosition(s).state;
      };
      expect(lit.length).toBeGreaterThan(3);
      for (const [version, shown] of lit)
        expect(shown, `chart at v${version}`).toBe(stateAt(version));
      await anna.page.screenshot({
        path: join(SHOTS, `${variant}-replay-desktop.png`),
        fullPage: true,
      });

      // Continue from here: a practice match from this move, Anna at the seat to act, bots
      // at the others; it opens at the same position and can be played on.
      const shownBefore = await anna.page
        .locator("[data-hand]")
        .evaluateAll((els) => els.map((e) => e.querySelectorAll(":scope > li").length));
      await anna.page.getByRole("button", { name: "Play from here" }).click();
      await anna.page.waitForURL(/\/m\/[\w-]+$/);
      expect(new URL(anna.page.url()).pathname).not.toContain(matchId);
      await anna.page.getByText("A practice match, continued from a replay.").waitFor();
      await anna.page.locator(".hand").waitFor();
      const practiceHand = await anna.page.locator(".hand .hand-card").count();
      expect(shownBefore).toContain(practiceHand);
      await anna.page.getByRole("link", { name: "Open the replay it came from" }).click();
      await anna.page.waitForURL(/\/replay\//);

      // The spectator's page and every frame it was sent show no hand.
      expect(await spectator.page.locator(".hand").count()).toBe(0);
      expect(frames.length).toBeGreaterThan(5);
      const leak = variant === "heul-doch" ? heulDochEventLeak : classicEventLeak;
      expect(frames.filter((f) => f.kind === "delta").length).toBeGreaterThan(5);
      for (const frame of frames) {
        const shown = frame.kind === "delta" ? frame : frame.snapshot;
        expect((shown.view as { hand?: unknown } | null)?.hand ?? null).toBeNull();
        expect(shown.legal).toEqual([]);
        if (frame.kind !== "snapshot")
          for (const e of frame.events) {
            if (
              e.type.startsWith("seat.") ||
              e.type.startsWith("lobby.") ||
              e.type === "bot.seated"
            )
              continue;
            expect(leak(e, "spectator"), `${e.type} v${e.version}`).toBeNull();
          }
      }
      expect([...anna.errors, ...ben.errors, ...spectator.errors]).toEqual([]);
      for (const p of [anna, ben, spectator]) await p.context.close();
    }, 300_000);
  }
  it("composes house rules in the editor: invalid values explained, saved, reloaded and played", async () => {
    const { page, errors, context } = await person();
    await page.goto(url);
    await page.getByLabel("Your name").fill("Hosta");
    await page.getByRole("link", { name: "House rules" }).click();
    await page.getByRole("button", { name: "52 cards" }).click();
    // 7s: draw two, answered by any draw card; jacks wish; no mau penalty; 3 games.
    await page.getByLabel("Effect of 7").selectOption("draw");
    await page.getByLabel("How 7 can be answered").selectOption("any-draw");
    await page.getByLabel("Effect of J").selectOption("wish");
    await page.getByLabel("Penalty cards for a missing “Mau”").fill("0");
    await page.getByLabel("The match ends").selectOption("games");
    await page.getByLabel("Games", { exact: true }).fill("3");
    // An invalid value is explained, naming the option; the set cannot be saved meanwhile.
    await page.getByLabel("Hand size").fill("11");
    await page.locator(".issues").getByText("handSize").first().waitFor();
    await page.getByLabel(/^Save as/).fill("e2e-family");
    expect(await page.getByRole("button", { name: "Save", exact: true }).isDisabled()).toBe(true);
    await page.getByLabel("Hand size").fill("6");
    await page.getByText("The rule set is valid.").waitFor();
    await page
      .locator(".rule-preview")
      .getByText("7: the next player draws 2, answered by any draw card.")
      .waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Saved “e2e-family”, version 1.").waitFor();
    // A reload forgets the form; the saved set comes back from the server as it was saved.
    await page.reload();
    await page.getByLabel("or open a saved set").selectOption("e2e-family");
    await expect.poll(() => page.getByLabel("Effect of 7").inputValue()).toBe("draw");
    expect(await page.getByLabel("Hand size").inputValue()).toBe("6");
    await page.getByRole("button", { name: /Play it now/ }).click();
    await page.waitForURL(/\/m\//);
    await page.getByRole("button", { name: "Start match" }).click();
    await page.locator(".table").waitFor();
    expect(await page.locator(".hand .hand-card").count()).toBe(6);
    await page.screenshot({ path: join(SHOTS, "house-rules-table.png") });
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

const over = async (page: Page): Promise<boolean> =>
  (await page.getByRole("button", { name: "Rematch" }).count()) > 0;

const myTurn = async (page: Page): Promise<boolean> =>
  (await page.locator(".status-turn").textContent())?.startsWith("Your turn") ?? false;

const versionOf = (page: Page) => page.locator(".table").getAttribute("data-version");

/** Runs one move and waits until the table shows its result (or the refusal of it). */
async function settled(page: Page, move: () => Promise<boolean>): Promise<boolean> {
  const before = await versionOf(page);
  if (!(await move())) return false;
  await expect
    .poll(
      async () =>
        (await versionOf(page)) !== before || (await page.locator(".refusal").count()) > 0,
      {
        timeout: 10_000,
      },
    )
    .toBe(true);
  return true;
}

const playWithMouse = (page: Page) => settled(page, () => mouseMove(page));
const playWithKeyboard = (page: Page) => settled(page, () => keyboardMove(page));

/** One move with the mouse alone, if it is this page's turn: a card, a choice, or a draw. */
async function mouseMove(page: Page): Promise<boolean> {
  if (await nextGame(page, () => page.getByRole("button", { name: "Next game" }).click()))
    return true;
  if (!(await myTurn(page))) return false;
  const dialog = page.getByRole("dialog");
  if ((await dialog.count()) > 0) {
    await dialog.getByRole("button").first().click();
    return true;
  }
  const playable = page.locator('.hand-card[data-playable="true"]');
  if ((await playable.count()) > 0) {
    if (
      (await page.locator(".hand-card").count()) === 2 &&
      (await page.getByRole("button", { name: /^Mau/ }).count()) > 0
    )
      await page.getByRole("button", { name: /^Mau M$/ }).click();
    await playable.first().click();
    if ((await dialog.count()) > 0) await dialog.getByRole("button").first().click();
    return true;
  }
  const draw = page.getByRole("button", { name: /^Draw D$/ });
  if ((await draw.count()) > 0 && (await draw.isEnabled())) {
    await draw.click();
    return true;
  }
  const pass = page.getByRole("button", { name: /^Pass P$/ });
  if ((await pass.count()) > 0 && (await pass.isEnabled())) {
    await pass.click();
    return true;
  }
  return false;
}

/** One move with the keyboard alone: number keys, Enter, D, P, M. */
async function keyboardMove(page: Page): Promise<boolean> {
  if (await nextGame(page, () => page.keyboard.press("n"))) return true;
  if (!(await myTurn(page))) return false;
  if ((await page.getByRole("dialog").count()) > 0) {
    await page.keyboard.press("1");
    return true;
  }
  const cards = page.locator(".hand-card");
  const flags = await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-playable")));
  const index = flags.indexOf("true");
  if (index >= 0) {
    if (flags.length === 2 && (await page.getByRole("button", { name: /^Mau M$/ }).count()) > 0)
      await page.keyboard.press("m");
    // 1–9 and 0 reach the first ten cards; Tab walks on from the tenth (a long noris hand after
    // a draw4 can hold its only playable card beyond them).
    await page.keyboard.press(String((Math.min(index, 9) + 1) % 10));
    for (let k = 9; k < index; k++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-hand-index"))).toBe(
      String(index),
    );
    await page.keyboard.press("Enter");
    if ((await page.getByRole("dialog").count()) > 0) await page.keyboard.press("1");
    return true;
  }
  if ((await page.getByRole("button", { name: /^Draw D$/ }).count()) > 0) {
    await page.keyboard.press("d");
    return true;
  }
  return false;
}

async function nextGame(page: Page, press: () => Promise<unknown>): Promise<boolean> {
  if ((await page.getByRole("button", { name: "Next game" }).count()) === 0) return false;
  await press();
  return true;
}

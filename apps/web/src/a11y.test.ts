import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MatchSnapshot, SeatTicket } from "@maumau/client";
import type { Command } from "@maumau/engine";
import { variants } from "@maumau/registry";
import { startTestApi, type TestApi } from "@maumau/server/testing";
import type { AxeResults, ImpactValue, Result, RunOptions } from "axe-core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executablePath, haveBrowser, launchChromium } from "./testing/chromium.js";

// Issue #24: axe-core audits every page and every table state a player meets, at both sizes,
// in both schemes and both languages, against the real server serving the production build.
if (!haveBrowser)
  console.warn(`skipping the accessibility audit: no chromium at ${executablePath}`);

const axeSource = (createRequire(import.meta.url)("axe-core") as { source: string }).source;
const REPORTS = new URL("../.reports/a11y/", import.meta.url).pathname;

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;
const SCHEMES = ["light", "dark"] as const;
const LANGS = ["en", "de"] as const;
type ViewportName = keyof typeof VIEWPORTS;

const ALL = (): boolean => true;

/** The pickers a family's table opens: the ways a card with a choice can be played. */
const PICKERS = {
  noris: ["wish"],
  "heul-doch": ["faceDown", "faceDown+to", "target", "direction"],
} as const;

/**
 * Findings below "serious" that stay, each with its reason. A moderate or minor rule not listed
 * here fails the audit like a serious one.
 */
const ACCEPTED: Readonly<Record<string, string>> = {};

const AXE_OPTIONS: RunOptions = {
  resultTypes: ["violations"],
  // On by default in 4.14, experimental (off) in earlier 4.x: the six are this rule.
  rules: { "label-content-name-mismatch": { enabled: true } },
};

/**
 * The dark scheme changes colours and nothing else (`styles.css`: custom properties and
 * `color-scheme` under `prefers-color-scheme: dark`; no script reads the scheme), so what can
 * differ from the light audit of the same page, size and language is what axe's colour rules
 * check: in dark, those run (the rest ran in light, on the same DOM).
 */
const COLOUR_OPTIONS: RunOptions = {
  resultTypes: ["violations"],
  runOnly: { type: "rule", values: ["color-contrast", "link-in-text-block"] },
};

interface Finding {
  readonly state: string;
  readonly combo: string;
  readonly rule: string;
  readonly impact: ImpactValue | null;
  readonly targets: string[];
}

const failing = (v: Result): boolean =>
  v.impact === "serious" || v.impact === "critical" || !(v.id in ACCEPTED);

describe.skipIf(!haveBrowser)("accessibility (axe-core in chromium)", () => {
  let dist = "";
  let api: TestApi;
  let url = "";
  let browser: Browser;
  const findings: Finding[] = [];
  let runs = 0;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), "maumau-a11y-"));
    await rm(REPORTS, { recursive: true, force: true });
    await mkdir(REPORTS, { recursive: true });
    await build({
      root: new URL("..", import.meta.url).pathname,
      logLevel: "error",
      build: { outDir: dist, emptyOutDir: true },
    });
    // Bots move at once: a table settles on a person's turn, where it stays while audited.
    // The other seats are played by the test through the service, with no socket: a grace
    // period as long as a test (not 30 s) keeps bots from taking them over on a slow host.
    api = await startTestApi({
      webDist: dist,
      botDelayMs: 0,
      commandRate: 10_000,
      graceMs: 3_600_000,
    });
    url = api.url;
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    if (dist) await rm(dist, { recursive: true, force: true });
    await writeFile(join(REPORTS, "summary.json"), JSON.stringify({ runs, findings }, null, 2));
  });

  /** A browser in English, light, reduced motion (nothing moves while axe reads colours). */
  async function person(seat?: {
    matchId: string;
    ticket: SeatTicket;
  }): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      locale: "en-GB",
      viewport: DESKTOP,
      colorScheme: "light",
      reducedMotion: "reduce",
    });
    await context.addInitScript(() => localStorage.setItem("maumau.language", "en"));
    if (seat !== undefined)
      await context.addInitScript(
        ([id, s, token]) =>
          localStorage.setItem("maumau.seats", JSON.stringify({ [id]: { seat: s, token, at: 1 } })),
        [seat.matchId, seat.ticket.seat, seat.ticket.token] as const,
      );
    return { context, page: await context.newPage() };
  }

  /** Runs axe on what the page shows now; its findings are kept, and returned if failing. */
  async function axe(
    page: Page,
    state: string,
    combo: string,
    options: RunOptions = AXE_OPTIONS,
  ): Promise<Finding[]> {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
    if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
    const results = await page.evaluate(
      (options) =>
        (window as unknown as { axe: { run(o: RunOptions): Promise<AxeResults> } }).axe.run(
          options,
        ),
      options,
    );
    runs++;
    const slug = `${state}-${combo}`.replace(/[^\w-]+/g, "_");
    if (results.violations.length > 0)
      await writeFile(join(REPORTS, `${slug}.json`), JSON.stringify(results.violations, null, 2));
    const out = results.violations.map((v) => ({
      state,
      combo,
      rule: v.id,
      impact: v.impact ?? null,
      targets: v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)}`),
    }));
    findings.push(...out);
    return results.violations.filter(failing).map((v) => out.find((f) => f.rule === v.id)!);
  }

  /**
   * The state as shown now, audited at both sizes, in both schemes and both languages, switched
   * in place; `again` restores what a size change closes (a phone's chat sheet).
   */
  async function audit(
    page: Page,
    state: string,
    again?: (viewport: ViewportName) => Promise<void>,
    combos: (combo: string) => boolean = ALL,
  ): Promise<void> {
    const failures: Finding[] = [];
    expect
      .soft(await moving(page), `${state}: what moves with reduced motion asked for`)
      .toEqual([]);
    for (const [size, viewport] of Object.entries(VIEWPORTS) as [ViewportName, typeof DESKTOP][]) {
      await page.setViewportSize(viewport);
      await again?.(size);
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
        for (const lang of LANGS) {
          const combo = `${size}-${scheme}-${lang}`;
          if (!combos(combo)) continue;
          await setLanguage(page, lang);
          failures.push(
            ...(await axe(page, state, combo, scheme === "dark" ? COLOUR_OPTIONS : AXE_OPTIONS)),
          );
        }
      }
      await page.screenshot({ path: join(REPORTS, `${state}-${size}.png`) });
    }
    await setLanguage(page, "en");
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
    // Soft: one run names every failing state, not only the first.
    expect.soft(describeFindings(failures), `accessibility of ${state}`).toEqual([]);
  }

  // ---- driving matches through the real server -------------------------------------------------

  interface Seated {
    readonly matchId: string;
    readonly tickets: SeatTicket[];
  }

  async function seated(variant: string, seats: number, options: object): Promise<Seated> {
    const { matchId, ticket } = await api.service.create({ variant, seats, name: "Anna", options });
    const tickets = [ticket!];
    for (const name of ["Ben", "Cleo", "Dora"].slice(0, seats - 1))
      tickets.push(await api.service.join({ matchId, name }));
    return { matchId, tickets };
  }

  /** A started match of `seats`, with seat 0's browser at its table. */
  async function atTable(variant: string, options: object, seats = 3) {
    const m = await seated(variant, seats, options);
    await api.service.start({ matchId: m.matchId, token: m.tickets[0]!.token });
    const { context, page } = await person({ matchId: m.matchId, ticket: m.tickets[0]! });
    await page.goto(`${url}/m/${m.matchId}`);
    await page.locator(".table").waitFor();
    return { m, context, page };
  }

  let commands = 0;
  const snapshotOf = (m: Seated, seat: number): Promise<MatchSnapshot> =>
    api.service.snapshot({ matchId: m.matchId, token: m.tickets[seat]!.token });

  /** The seat to act, or null when the match is over. */
  async function toAct(m: Seated): Promise<number | null> {
    const s = await api.service.snapshot({ matchId: m.matchId });
    if (s.lobby.status === "over") return null;
    if (s.progress?.status === "gameOver") return 0;
    return s.progress?.toAct ?? null;
  }

  async function send(m: Seated, seat: number, command: Command): Promise<void> {
    await api.service.command({
      matchId: m.matchId,
      token: m.tickets[seat]!.token,
      commandId: `a11y-${commands++}`,
      command,
    });
  }

  /** A plain move: a card if one is playable (a choice-free one first), else the first legal. */
  const plainMove = (legal: readonly Command[]): Command | undefined => {
    const plays = legal.filter((c) => c.type === "playCard");
    const plain = plays.filter(
      (c) => c.type === "playCard" && plays.filter((d) => d.card === c.card).length === 1,
    );
    return plain[0] ?? plays[0] ?? legal.find((c) => c.type !== "playCard");
  };

  /** Plays on until `stop` says so for the seat to act; null when the match ends first. */
  async function playUntil(
    m: Seated,
    stop: (seat: number, s: MatchSnapshot) => boolean,
    limit = 1_500,
  ): Promise<MatchSnapshot | null> {
    for (let i = 0; i < limit; i++) {
      const seat = await toAct(m);
      if (seat === null) return null;
      const s = await snapshotOf(m, seat);
      if (stop(seat, s)) return s;
      const move =
        s.progress?.status === "gameOver" ? { type: "startNextGame" as const } : plainMove(s.legal);
      if (move === undefined) throw new Error(`no legal move for seat ${seat}`);
      await send(m, seat, move);
    }
    return null;
  }

  const myTurn = (seat: number, s: MatchSnapshot): boolean =>
    seat === 0 && s.progress?.status === "playing";

  /** Waits until the page's table shows the server's current version. */
  async function showsNow(page: Page, m: Seated): Promise<void> {
    const now = (await api.service.snapshot({ matchId: m.matchId })).version;
    await page.locator(`.table[data-version="${now}"]`).waitFor();
  }

  // ---- the audit ---------------------------------------------------------------------------------

  // Each page its own test, with its own time: all of them in one took over 240 s on a loaded
  // 2-core CI host (eight audits a page; a rule book is the longest page there is).
  it("pages: lobby, rules index, replays, house-rules editor with an invalid option", async () => {
    const { context, page } = await person();
    await page.goto(url);
    await page.getByRole("heading", { name: "New match" }).waitFor();
    await audit(page, "lobby");

    await page.goto(`${url}/rules`);
    await page.getByRole("heading", { name: "Variants" }).waitFor();
    await audit(page, "rules");

    await page.goto(`${url}/replays`);
    await page.locator(".match-list").waitFor();
    await audit(page, "replays");

    await page.goto(`${url}/house-rules`);
    await page.getByRole("button", { name: "52 cards" }).click();
    await page.getByLabel("Hand size", { exact: true }).fill("11");
    await page.locator(".issues").getByText("Hand size: at most 10").first().waitFor();
    // C-3.3 refused next to its field: the winner's points with a match over a limit.
    await page.getByLabel(/^Points/).selectOption("winner");
    await page.getByLabel(/^The match ends/).selectOption("limit");
    await page
      .locator(".issues")
      .getByText(/^Points \(C-3\.3\): /)
      .waitFor();
    await audit(page, "house-rules-invalid");
    await context.close();
  }, 240_000);

  // Every variant's rule book (its words, theme and chart), in every size, scheme and language.
  for (const v of variants) {
    it(`the rule book of ${v.id}`, async () => {
      const { context, page } = await person();
      await page.goto(`${url}/rules/${v.id}`);
      await page.locator(".rule-book").waitFor();
      await page.locator(".rules-chart .chart-scroll").waitFor();
      await audit(page, `rules-${v.id}`);
      await context.close();
    }, 240_000);
  }

  it("the waiting room and the chat", async () => {
    // The host's view: a friend seated (free the seat) and an empty seat (seat a bot).
    const { matchId, ticket } = await api.service.create({
      variant: "noris",
      seats: 3,
      name: "Anna",
      options: { games: 1 },
    });
    const m: Seated = {
      matchId,
      tickets: [ticket!, await api.service.join({ matchId, name: "Ben" })],
    };
    const { context, page } = await person({ matchId: m.matchId, ticket: m.tickets[0]! });
    await page.goto(`${url}/m/${m.matchId}`);
    await page.locator(".waiting-room").waitFor();
    await api.service.say({ matchId: m.matchId, token: m.tickets[1]!.token, text: "Servus!" });
    await page.locator(".chat-line").first().waitFor();
    await audit(page, "waiting-room", async (size) => {
      if (size === "phone" && (await page.locator(".chat-sheet-toggle").isVisible()))
        await page.locator(".chat-sheet-toggle").click();
    });
    await context.close();
  }, 120_000);

  for (const variant of ["noris", "heul-doch"] as const) {
    it(`${variant}: the table on the player's turn, while others play, each picker, chart, chat, game end, match end, replay`, async () => {
      const options = variant === "noris" ? { games: 20 } : { games: 20, specials: true };
      const { m, context, page } = await atTable(variant, options);

      // The player's turn, then the others' (seat 0 has played; Ben holds the table).
      expect(await playUntil(m, myTurn)).not.toBeNull();
      await showsNow(page, m);
      await audit(page, `${variant}-my-turn`);
      await send(m, 0, plainMove((await snapshotOf(m, 0)).legal)!);
      expect(
        await playUntil(m, (seat, s) => seat === 1 && s.progress?.status === "playing"),
      ).not.toBeNull();
      await showsNow(page, m);
      await audit(page, `${variant}-others-turn`);

      // Every kind of picker the family has: a card with more than one way to play it.
      const seen = new Set<string>();
      const pickerOf = (s: MatchSnapshot): string | null => {
        const byCard = new Map<string, Command[]>();
        for (const c of s.legal)
          if (c.type === "playCard") byCard.set(c.card, [...(byCard.get(c.card) ?? []), c]);
        for (const [card, ways] of byCard) {
          if (ways.length < 2) continue;
          const kind = ways
            .map((w) =>
              Object.keys(w).filter((k) => !["type", "seat", "card", "mau", "mauMau"].includes(k)),
            )
            .flat()
            .sort()
            .filter((k, i, all) => all.indexOf(k) === i)
            .join("+");
          if (!seen.has(kind)) return `${card}|${kind || "choice"}`;
        }
        return null;
      };
      // Each kind once. The first kind is looked for until it is met: the deal is the server's,
      // and in 2,000 seeded noris matches played this way seat 0 first held a wild on its turn
      // after 250 moves or more in 2.65 % (the CI failure of 2026-11-29), never after 500. One of
      // the other kinds not met within 250 moves is not looked for further.
      while (seen.size < PICKERS[variant].length) {
        const s = await playUntil(
          m,
          (seat, snap) => myTurn(seat, snap) && pickerOf(snap) !== null,
          seen.has(PICKERS[variant][0]) ? 250 : 1_500,
        );
        if (s === null) break;
        const [card, kind] = pickerOf(s)!.split("|") as [string, string];
        seen.add(kind);
        await showsNow(page, m);
        await page.locator(`.hand-card[data-card="${card}"]`).first().click();
        await page.getByRole("dialog").waitFor();
        await audit(page, `${variant}-picker-${kind}`);
        await page.keyboard.press("Escape");
        await send(m, 0, plainMove(s.legal)!);
      }
      expect([...seen], "the pickers opened").toContain(PICKERS[variant][0]);

      // The state chart with the table, and the chat as a phone's open sheet.
      expect(await playUntil(m, myTurn)).not.toBeNull();
      await showsNow(page, m);
      await page.getByRole("button", { name: "Show the state chart" }).click();
      await page.locator('.chart-scroll [aria-current="true"]').waitFor();
      await audit(page, `${variant}-chart`);
      await page.getByRole("button", { name: "Hide the state chart" }).click();
      await api.service.say({ matchId: m.matchId, token: m.tickets[1]!.token, text: "Gut Blatt!" });
      await page.locator(".chat-line").first().waitFor();
      await audit(page, `${variant}-chat`, async (size) => {
        if (size === "phone") await page.locator(".chat-sheet-toggle").click();
      });

      // The end of a game, then of the match, then its replay.
      expect(await playUntil(m, (_, s) => s.progress?.status === "gameOver")).not.toBeNull();
      await page.getByRole("button", { name: /Next game/ }).waitFor();
      await audit(page, `${variant}-game-end`);
      await context.close();

      // The match's end and its replay: a match of one game, so the replay stays short.
      const short = await seated(variant, 3, { ...options, games: 1 });
      await api.service.start({ matchId: short.matchId, token: short.tickets[0]!.token });
      const ended = await person({ matchId: short.matchId, ticket: short.tickets[0]! });
      expect(await playUntil(short, () => false)).toBeNull();
      await ended.page.goto(`${url}/m/${short.matchId}`);
      await ended.page.getByRole("button", { name: "Rematch" }).waitFor();
      await audit(ended.page, `${variant}-match-end`);
      await ended.page.goto(`${url}/replay/${short.matchId}`);
      await ended.page.locator('.fairness[data-ok="true"]').waitFor();
      await audit(ended.page, `${variant}-replay`);
      if (variant === "noris") {
        // The lists as they fill: finished matches to replay, open ones in the lobby.
        await ended.page.goto(`${url}/replays`);
        await ended.page.locator(`[data-match="${short.matchId}"]`).waitFor();
        await audit(ended.page, "replays-listed");
        // Its time is a <time> (machine-readable), on one line at every phone width: it goes to
        // the next line whole where the name leaves too little room beside it.
        const when = ended.page.locator(`[data-match="${short.matchId}"] time`);
        expect(await when.getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
        for (let width = 280; width <= 480; width += 4) {
          await ended.page.setViewportSize({ width, height: PHONE.height });
          const lines = await when.evaluate((time) => time.getClientRects().length);
          expect(lines, `the time at ${width} px`).toBe(1);
        }
        await ended.page.setViewportSize(DESKTOP);
        await ended.page.goto(url);
        await ended.page.locator(".match-row").first().waitFor();
        await audit(ended.page, "lobby-listed");
      }
      await ended.context.close();
      // About 80 audits on one match's way: 231 s of a CI run on a loaded 2-core host (2026-11-29).
    }, 480_000);
  }
  it("bavarian: the cut as the cutter sees it; french and tabaluga tables on the player's turn; a shared replay room", async () => {
    // B-2.2: the cutter acts first; the browser sits at that seat, whichever it is.
    const bavarian = await seated("bavarian", 3, {});
    await api.service.start({ matchId: bavarian.matchId, token: bavarian.tickets[0]!.token });
    const cutter = await toAct(bavarian);
    expect(cutter).not.toBeNull();
    expect((await snapshotOf(bavarian, cutter!)).legal.some((c) => c.type === "cut")).toBe(true);
    const cut = await person({ matchId: bavarian.matchId, ticket: bavarian.tickets[cutter!]! });
    await cut.page.goto(`${url}/m/${bavarian.matchId}`);
    await cut.page.locator(".cut .cut-deck").waitFor();
    await audit(cut.page, "bavarian-cut");
    await cut.context.close();

    // The court-card art and the Tabaluga look, on the player's turn.
    for (const variant of ["french", "tabaluga"] as const) {
      const { m, context, page } = await atTable(variant, {});
      expect(await playUntil(m, myTurn)).not.toBeNull();
      await showsNow(page, m);
      await audit(page, `${variant}-my-turn`);
      await context.close();
    }

    // A shared replay room, as its leader sees it (members, the share link, the chat).
    const short = await seated("noris", 2, { games: 1 });
    await api.service.start({ matchId: short.matchId, token: short.tickets[0]!.token });
    expect(await playUntil(short, () => false)).toBeNull();
    const { context, page } = await person();
    await page.goto(`${url}/replay/${short.matchId}?together`);
    await page.getByLabel("Your name").first().fill("Anna");
    await page.getByRole("button", { name: "Watch together" }).click();
    await page.waitForURL(/\?room=/);
    await page.locator(".room-fair[data-ok='true']").waitFor();
    await audit(page, "replay-together");
    await context.close();
  }, 300_000);
});

/** One line per rule and element, naming the sizes, schemes and languages it failed in. */
function describeFindings(findings: readonly Finding[]): string[] {
  const lines = new Map<string, string[]>();
  for (const f of findings)
    for (const target of f.targets) {
      const key = `${f.state}: ${f.rule} (${f.impact}) at ${target}`;
      lines.set(key, [...(lines.get(key) ?? []), f.combo]);
    }
  return [...lines].map(([key, combos]) => `${key} [${combos.join(", ")}]`);
}

/**
 * The elements that would move although the person asked for reduced motion (the page is
 * emulated with `prefers-reduced-motion: reduce`): a CSS animation, a transition, smooth scrolling.
 */
function moving(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")].flatMap((el) => {
      const s = getComputedStyle(el);
      const animated = s.animationName.split(",").some((n) => n.trim() !== "none");
      const transition =
        s.transitionProperty !== "none" &&
        s.transitionDuration.split(",").some((d) => parseFloat(d) > 0);
      const smooth = s.scrollBehavior === "smooth";
      if (!animated && !transition && !smooth) return [];
      const what = animated ? `animation ${s.animationName}` : transition ? "transition" : "smooth";
      return [`${el.tagName.toLowerCase()}.${[...el.classList].join(".")}: ${what}`];
    }),
  );
}

async function setLanguage(page: Page, lang: (typeof LANGS)[number]): Promise<void> {
  if ((await page.locator("html").getAttribute("lang")) === lang) return;
  const toggle = page.locator(`.language-toggle button[lang="${lang}"]`);
  // At the table on a phone the header is folded away: open it to switch, then fold it again.
  const fold = page.locator(".header-fold");
  const folded = !(await toggle.isVisible()) && (await fold.isVisible());
  if (folded) await fold.click();
  await toggle.click();
  await page.locator(`html[lang="${lang}"]`).waitFor({ state: "attached" });
  if (folded) await fold.click();
}

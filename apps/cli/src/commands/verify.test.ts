import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fairnessProblemDe, verifyFairness } from "@maumau/engine";
import { botMatchLog } from "@maumau/engine/testing";
import { findVariant } from "@maumau/registry";
// Tests only: the CLI's own code never imports the server's runtime.
import { startTestApi, type TestApi } from "@maumau/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../testing/cli.js";
import { fetchLog, logFrom, verifyLog } from "./verify.js";

let dir: string;
let api: TestApi;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "maumau-verify-"));
  api = await startTestApi({ commandRate: 10_000 });
});
afterAll(async () => {
  await api?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** A match that bots play to its end on the server: its id. */
async function finishedMatch(variant: string, options: Record<string, unknown>): Promise<string> {
  const { matchId, ticket } = await api.service.create({
    variant,
    seats: 3,
    options,
    name: "Host",
  });
  const token = ticket!.token;
  await api.service.addBots({ matchId, token, level: "heuristic" });
  await api.service.start({ matchId, token });
  await api.service.leave({ matchId, token });
  const deadline = Date.now() + 30_000;
  while (!(await api.service.list(["over"], 500)).some((l) => l.matchId === matchId)) {
    if (Date.now() > deadline) throw new Error(`match ${matchId} did not end`);
    await new Promise((done) => setTimeout(done, 20));
  }
  return matchId;
}

describe("issue #12: maumau verify", () => {
  it("checks a saved log: every commitment and shuffle of a fair match holds (exit 0)", async () => {
    const log = botMatchLog(findVariant("noris")!, {
      players: 4,
      seed: "a-revealed-seed-of-enough-length-for-the-test",
      options: { games: 2 },
    });
    const file = join(dir, "fair.json");
    await writeFile(file, JSON.stringify({ full: true, events: log }));
    const run = await runCli(["verify", "--file", file]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^game 1: commitment ok, deal ok/m);
    expect(run.stdout).toMatch(/^game 2: commitment ok, deal ok/m);
    expect(run.stdout).toMatch(/^fair: every commitment and every shuffle follows/m);

    // The same log with one deck changed: named, and exit 1.
    const tampered = log.map((e) => {
      if (e.type !== "game.started") return e;
      const data = e.data as { game: number; deck: string[] };
      if (data.game !== 2) return e;
      const [a, b, ...rest] = data.deck;
      return { ...e, data: { ...data, deck: [b, a, ...rest] } };
    });
    const bad = join(dir, "tampered.json");
    await writeFile(bad, JSON.stringify(tampered));
    const refused = await runCli(["verify", "--file", bad]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain("problem: game 2: the deck is not the seed's shuffle");
    expect(refused.stdout).toMatch(/^NOT verified: 1 problem$/m);

    // --lang de: the report in German.
    const german = await runCli(["verify", "--file", file, "--lang", "de"]);
    expect(german.stderr).toBe("");
    expect(german.code).toBe(0);
    expect(german.stdout).toMatch(/^noris \(classic\): Startwert aufgedeckt$/m);
    expect(german.stdout).toMatch(/^Spiel 2: Festlegung ok, Geben ok/m);
    expect(german.stdout).toMatch(/^fair: jede Festlegung und jede Mischung folgt/m);
  }, 60_000);

  it("fetches a finished match from a server and rebuilds every deal from the reveal", async () => {
    for (const [variant, options] of [
      ["noris", { games: 2 }],
      ["heul-doch", { specials: true }],
    ] as const) {
      const matchId = await finishedMatch(variant, options);
      const log = await fetchLog(api.url, matchId);
      expect(log.full).toBe(true);
      const { ok, report, lines } = verifyLog(log, "en");
      expect(report?.problems, lines.join("\n")).toEqual([]);
      expect(ok).toBe(true);
      expect(report!.games.length).toBeGreaterThanOrEqual(1);
    }
    const matchId = await finishedMatch("bavarian", { limit: 30 });
    const run = await runCli(["verify", "--server", api.url, "--match", matchId]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^bavarian \(classic\): seed revealed$/m);
    expect(run.stdout).toMatch(/^fair: /m);
  }, 90_000);

  it("cannot verify a running match: its log hides the seed (exit 1)", async () => {
    const { matchId, ticket } = await api.service.create({ variant: "noris", seats: 2, name: "A" });
    await api.service.addBots({ matchId, token: ticket!.token, level: "heuristic" });
    await api.service.start({ matchId, token: ticket!.token });
    const log = await fetchLog(api.url, matchId);
    expect(log.full).toBe(false);
    expect(verifyLog(log, "en")).toMatchObject({ ok: false });
    const run = await runCli(["verify", "--server", api.url, "--match", matchId]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("not verifiable yet");
  }, 60_000);

  it("answers a bad call or an unreadable log with exit 2 and one line", async () => {
    const neither = await runCli(["verify"]);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toMatch(
      /^maumau verify: give either --server and --match, or --file\n$/,
    );
    const missing = await runCli(["verify", "--file", join(dir, "nope.json")]);
    expect(missing.code).toBe(2);
    const unknown = await runCli(["verify", "--server", api.url, "--match", "nosuchmatch"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("MATCH_NOT_FOUND");
    expect(() => logFrom({ nothing: true })).toThrow(/not a match log/);
  }, 60_000);

  it("tells a file it cannot read and a server it cannot reach in the locale's language, naming the path and the address", async () => {
    const de = { LANG: "de_DE.UTF-8" };
    const missing = join(dir, "nope.json");
    const unread = await runCli(["verify", "--file", missing], "", 60_000, de);
    expect(unread.code).toBe(2);
    expect(unread.stderr).toBe(`maumau verify: die Datei ${missing} gibt es nicht\n`);
    const folder = await runCli(["verify", "--file", dir], "", 60_000, de);
    expect(folder.stderr).toBe(`maumau verify: ${dir} ist ein Ordner, keine Datei\n`);
    // A port nothing listens on: taken, then given back.
    const spare = createServer();
    await new Promise<void>((done) => spare.listen(0, "127.0.0.1", done));
    const port = (spare.address() as AddressInfo).port;
    await new Promise<void>((done) => spare.close(() => done()));
    const down = `http://127.0.0.1:${port}`;
    const unreached = await runCli(["verify", "--server", down, "--match", "m1"], "", 60_000, de);
    expect(unreached.code).toBe(2);
    expect(unreached.stderr).toBe(
      `maumau verify: Server ${down} nicht erreichbar: unter 127.0.0.1:${port} nimmt niemand die Verbindung an; läuft der Server?\n`,
    );
    const english = await runCli(["verify", "--server", down, "--match", "m1"]);
    expect(english.stderr).toBe(
      `maumau verify: cannot reach the server at ${down}: nothing at 127.0.0.1:${port} accepts the connection; is the server running?\n`,
    );
  }, 60_000);
});

type Logged = { readonly type: string; readonly data?: unknown };

/** `log` with the data of its first event of `type` changed. */
const tampered = (
  log: readonly Logged[],
  type: string,
  change: (data: Record<string, unknown>) => unknown,
): Logged[] => {
  let done = false;
  return log.map((e) => {
    if (done || e.type !== type) return e;
    done = true;
    return { ...e, data: change({ ...(e.data as Record<string, unknown>) }) };
  });
};

describe("maumau verify's report in German", () => {
  const noris = findVariant("noris")!;
  const log = botMatchLog(noris, {
    players: 4,
    seed: "a-revealed-seed-of-enough-length-for-the-test",
    options: { games: 2 },
  });

  it("every line of a fair match, the English as before", () => {
    const en = verifyLog({ full: true, events: log }, "en");
    const de = verifyLog({ full: true, events: log }, "de");
    expect(de.ok).toBe(true);
    const checks = de.report!.checks;
    const later = (shuffles: number, one: string, many: string) =>
      shuffles === 0 ? "" : `, ${shuffles} ${shuffles === 1 ? one : many}`;
    expect(en.lines).toEqual([
      "noris (classic): seed revealed",
      ...en.report!.games.map(
        (g) =>
          `game ${g.game}: commitment ok, deal ok${later(g.shuffles, "later shuffle", "later shuffles")}`,
      ),
      `fair: every commitment and every shuffle follows from the revealed seed (${checks} checks)`,
    ]);
    expect(de.lines).toEqual([
      "noris (classic): Startwert aufgedeckt",
      ...de.report!.games.map(
        (g) =>
          `Spiel ${g.game}: Festlegung ok, Geben ok${later(g.shuffles, "spätere Mischung", "spätere Mischungen")}`,
      ),
      `fair: jede Festlegung und jede Mischung folgt aus dem aufgedeckten Startwert (${checks} Prüfungen)`,
    ]);
  });

  it("a tampered log: its problems and the verdict", () => {
    const bad = tampered(log, "game.started", (d) => ({ ...d, commitment: undefined }));
    expect(verifyLog({ full: true, events: bad }, "en").lines).toEqual(
      expect.arrayContaining([
        "game 1: commitment missing, deal ok",
        "problem: game 1: the commitment is missing",
        "NOT verified: 1 problem",
      ]),
    );
    expect(verifyLog({ full: true, events: bad }, "de").lines).toEqual(
      expect.arrayContaining([
        "Spiel 1: Festlegung fehlt, Geben ok",
        "Problem: Spiel 1: die Festlegung fehlt",
        "NICHT bestätigt: 1 Problem",
      ]),
    );
  });

  it("a match that is not over", () => {
    expect(verifyLog({ full: false, events: log }, "en").lines).toEqual([
      "not verifiable yet: the match is not over, so its log hides the seed",
    ]);
    expect(verifyLog({ full: false, events: log }, "de").lines).toEqual([
      "noch nicht prüfbar: die Partie ist nicht vorbei, ihr Protokoll verbirgt also den Startwert",
    ]);
  });

  it("every problem the engine finds has its German sentence", () => {
    const swapFirstTwo = (cards: unknown) => {
      const [a, b, ...rest] = cards as string[];
      return [b, a, ...rest];
    };
    /** The first bot match of `variant` (by a list of seeds) that has an event of `type`. */
    const withEvent = (variant: string, options: Record<string, unknown>, type: string) => {
      for (let i = 0; i < 100; i++) {
        const events = botMatchLog(findVariant(variant)!, {
          players: 5,
          seed: `q0nF2c4ZCk5oLd6YHn0Wm1M3uQy8tJcP8g1rA4bX-${i}`,
          options,
        });
        if (events.some((e) => e.type === type)) return events;
      }
      throw new Error(`no seed of the list gives a ${type}`);
    };
    const reshuffled = withEvent("noris", { games: 3 }, "pile.reshuffled");
    const returned = withEvent("heul-doch", { specials: true }, "special.returned");
    const firstGame = log.findIndex((e) => e.type === "game.started");
    const problems = [
      ...verifyFairness("classic", log.slice(1)).problems,
      ...verifyFairness("classic", log.slice(0, firstGame)).problems,
      ...verifyFairness(
        "classic",
        tampered(log, "match.started", (d) => ({ ...d, seed: undefined })),
      ).problems,
      ...verifyFairness(
        "classic",
        tampered(log, "game.started", (d) => ({ ...d, commitment: undefined })),
      ).problems,
      ...verifyFairness(
        "classic",
        tampered(log, "match.started", (d) => ({ ...d, seed: "another seed" })),
      ).problems,
      ...verifyFairness(
        "classic",
        tampered(log, "game.started", (d) => ({ ...d, deck: swapFirstTwo(d.deck) })),
      ).problems,
      ...verifyFairness(
        "classic",
        tampered(reshuffled, "pile.reshuffled", (d) => ({ ...d, order: swapFirstTwo(d.order) })),
      ).problems,
      ...verifyFairness(
        "heul-doch",
        tampered(returned, "special.returned", (d) => ({
          ...d,
          at: d.at === 0 ? 1 : (d.at as number) - 1,
        })),
      ).problems,
    ];
    const german = problems.map(fairnessProblemDe);
    expect(german).toEqual(
      expect.arrayContaining([
        "das Protokoll enthält kein match.started",
        "das Protokoll enthält kein game.started",
        "das Protokoll deckt den Startwert nicht auf (ist die Partie vorbei? ist es das ganze Protokoll?)",
        "Spiel 1: die Festlegung fehlt",
        "Spiel 1: die Festlegung passt nicht zum Startwert",
        "Spiel 1: der Stapel ist nicht so gemischt, wie es der Startwert vorgibt",
        expect.stringMatching(/^Spiel \d+: Mischung \d+ folgt nicht aus dem Startwert$/),
        expect.stringMatching(
          /^Spiel \d+: eine Sonderkarte kam an Stelle \d+ zurück in den Stapel, laut Startwert an Stelle \d+$/,
        ),
      ]),
    );
    // Not one English sentence of the engine is left.
    german.forEach((text, i) => expect(text, problems[i]).not.toBe(problems[i]));
  });
});

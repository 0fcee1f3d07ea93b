import { describe, expect, it } from "vitest";
import { createRng } from "@maumau/engine";
import { answer, unplayable } from "../testing/autoplayer.js";
import { runCli } from "../testing/cli.js";

describe("maumau play through its text interface", () => {
  it.concurrent.each([
    ["en", "noris", ["--option", "games=2", "--bots", "2"], /Match over/, /^Total\s/m],
    ["de", "tabaluga", ["--option", "games=1", "--bots", "3"], /Partie vorbei/, /^Summe\s/m],
  ] as const)(
    "plays a whole match to the end (%s, %s)",
    async (lang, variant, extra, over, total) => {
      const random = createRng(lang === "en" ? 1 : 2);
      let prompts = 0;
      let misplayed = false;
      const run = await runCli(
        ["play", "--variant", variant, "--lang", lang, "--seed", "12", ...extra],
        (out) => {
          if (++prompts > 3000) return null;
          // Once, type a card that is not marked playable: the engine must refuse it.
          const wrong = /> $/.test(out) && !/\?.*> $/.test(out) ? unplayable(out) : [];
          if (!misplayed && wrong.length) {
            misplayed = true;
            return wrong[0]!;
          }
          return answer(out, { random, forget: 0.2 });
        },
      );
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(over);
      expect(run.stdout).toMatch(total);
      expect(run.stdout).toMatch(lang === "en" ? /Refused: / : /Abgelehnt: /);
      expect(prompts).toBeGreaterThan(3);
    },
    60_000,
  );

  it.concurrent(
    "documents the input grammar in --help",
    async () => {
      const run = await runCli(["play", "--help"]);
      expect(run.code).toBe(0);
      for (const word of [
        "--variant",
        "--bots",
        "--lang",
        "--seed",
        "--bot-level",
        "--seat",
        "--option",
      ])
        expect(run.stdout).toContain(word);
      expect(run.stdout).toContain("3 red");
      expect(run.stdout).toContain("cut <n> [keep]");
    },
    60_000,
  );

  it.concurrent(
    "reads a script from standard input and exits cleanly when it ends",
    async () => {
      const run = await runCli(
        ["play", "--variant", "noris", "--bots", "1", "--seed", "7", "--option", "games=1"],
        "\nnonsense\n?\n",
      );
      expect(run.code).toBe(0);
      expect(run.stderr).toBe("");
      expect(run.stdout).toContain('Not understood: "nonsense"');
      expect(run.stdout).toContain("Input ended: leaving the match.");
    },
    60_000,
  );
});

describe("maumau simulate and viz", () => {
  it.concurrent(
    "simulates bot games and prints the report as JSON",
    async () => {
      const run = await runCli([
        "simulate",
        "--variant",
        "noris",
        "--players",
        "3",
        "--games",
        "50",
        "--bots",
        "random,heuristic",
        "--seed",
        "3",
        "--json",
      ]);
      expect(run.code).toBe(0);
      const report = JSON.parse(run.stdout) as Record<string, unknown>;
      expect(report).toMatchObject({ games: 50, errors: 0, stuck: 0, players: 3 });
      expect(report).toHaveProperty("gamesPerSecond");
      expect(report).toHaveProperty("movesPerSecond");
    },
    60_000,
  );

  it.concurrent(
    "exits 1 when games get stuck",
    async () => {
      const run = await runCli(["simulate", "--games", "2", "--max-moves", "1", "--seed", "1"]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/stuck\s+2/);
      expect(run.stderr).toMatch(/^simulate: game 0 \(seed \d+\) stuck after 1 move$/m);
    },
    60_000,
  );

  it.concurrent(
    "prints a statechart",
    async () => {
      const run = await runCli(["viz", "--variant", "noris", "--format", "dot"]);
      expect(run.code).toBe(0);
      expect(run.stdout.startsWith("digraph")).toBe(true);
    },
    60_000,
  );
});

describe("bad calls: one line on stderr, exit code 2", () => {
  it.concurrent.each([
    [["play", "--variant", "nope"], /unknown variant "nope"/],
    [["play", "--bots", "10"], /2–10 players, not 11/],
    [["play", "--lang", "fr"], /--lang/],
    [["play", "--option", "games=0"], /games/],
    [["simulate", "--variant", "custom", "--players", "10"], /players must be 2–8/],
    [["viz", "--format", "png"], /--format/],
  ] as const)(
    "%j",
    async (args, message) => {
      const run = await runCli(args);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    },
    60_000,
  );
});

describe("bad calls in the language of the command: --lang, else the locale", () => {
  const DE = { LANG: "de_DE.UTF-8" };
  it.concurrent.each([
    // A variant option the variant's schema refuses (the engine's refusal, both languages).
    [
      ["play", "--option", "games=0", "--lang", "de"],
      {},
      /^maumau play: Ungültige Optionen für noris: mindestens 1 bei games\.$/,
    ],
    [
      ["play", "--option", "games=0", "--lang", "en"],
      DE,
      /^maumau play: Invalid options for noris: at least 1 at games\.$/,
    ],
    [["play", "--option", "games=0"], DE, /^maumau play: Ungültige Optionen für noris/],
    [
      ["play", "--option", "games"],
      DE,
      /^maumau play: --option erwartet Schlüssel=Wert, nicht „games“$/,
    ],
    [
      ["play", "--option", "games", "--lang", "en"],
      DE,
      /^maumau play: --option expects key=value, got "games"$/,
    ],
    [
      ["play", "--variant", "nope", "--lang", "de"],
      {},
      /^maumau play: unbekannte Variante „nope“ \(bekannt: noris, /,
    ],
    [["play", "--variant", "nope"], {}, /^maumau play: unknown variant "nope" \(known: noris, /],
    [
      ["play", "--bots", "10", "--lang", "de"],
      {},
      /^maumau play: noris wird von 2–10 Personen gespielt, nicht von 11$/,
    ],
    // commander's own errors, and the reasons our parsers give it.
    [
      ["play", "--bots", "x", "--lang", "de"],
      {},
      /^Fehler: Option '--bots <n>': 'x' ist ungültig\. Keine ganze Zahl\.$/,
    ],
    [["play", "--lang=de", "--bots", "x"], {}, /^Fehler: Option '--bots <n>': 'x' ist ungültig\./],
    [
      ["play", "--bots", "x"],
      {},
      /^error: option '--bots <n>' argument 'x' is invalid\. not an integer\.$/,
    ],
    [
      ["play", "--lang", "fr"],
      DE,
      /^Fehler: Option '--lang <lang>': 'fr' ist ungültig\. Erlaubt sind de, en\.$/,
    ],
    [["play", "--colour", "--lang", "de"], {}, /^Fehler: unbekannte Option '--colour'$/],
    [["play", "--colour", "--lang", "en"], DE, /^error: unknown option '--colour'$/],
    [["list", "--lang", "de"], {}, /^Fehler: Option '--server <url>' fehlt$/],
    [
      ["watch", "--server", "nope", "--lang", "de"],
      {},
      /^maumau watch: --server ist keine URL: „nope“/,
    ],
    [
      ["simulate", "--players", "0"],
      DE,
      /^Fehler: Option '--players <n>': '0' ist ungültig\. Erlaubt ist 1–1000\.$/,
    ],
  ] as const)(
    "%j (%j)",
    async (args, env, message) => {
      const run = await runCli(args, "", 60_000, env);
      expect(run.code).toBe(2);
      expect(run.stderr.trimEnd()).toMatch(message);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
    },
    60_000,
  );

  it.concurrent(
    "names the option meant, in German too",
    async () => {
      const run = await runCli(["play", "--variantt", "x", "--lang", "de"]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe("Fehler: unbekannte Option '--variantt'\n(Meintest du --variant?)\n");
    },
    60_000,
  );
});

import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { findVariant } from "@maumau/registry";
import { describe, expect, it } from "vitest";
import { runScript, ScriptError } from "./script.js";
import { cliCommand, cliEnv } from "./testing/cliCommand.js";

const examples = new URL("../../../../shared/conformance/examples/", import.meta.url).pathname;

type Expected = {
  results: { ok: boolean; error?: string }[];
  state: Record<string, unknown>;
};

const cli = (args: string[], input?: string, env?: Record<string, string>) => {
  const [command, ...prefix] = cliCommand();
  return spawnSync(command, [...prefix, ...args], {
    encoding: "utf8",
    input,
    timeout: 60_000,
    ...(env === undefined ? {} : { env: cliEnv(env) }),
  });
};

const counts = (xs: readonly string[]) => {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return [...m.entries()].sort();
};

/** Compares as conformance/FORMAT.md says: listed results and state fields; hands as multisets. */
function expectMatches(
  got: { results: { ok: boolean; error?: string }[]; state: Record<string, unknown> },
  want: Expected,
) {
  expect(got.results.length).toBeGreaterThanOrEqual(want.results.length);
  want.results.forEach((w, i) => {
    expect(got.results[i]?.ok, `result ${i}`).toBe(w.ok);
    if (w.error) expect(got.results[i]?.error, `result ${i}`).toBe(w.error);
  });
  for (const [key, value] of Object.entries(want.state)) {
    if (key === "hands") {
      for (const [seat, cards] of Object.entries(value as Record<string, string[]>))
        expect(counts((got.state.hands as string[][])[Number(seat)] ?? []), `hand ${seat}`).toEqual(
          counts(cards),
        );
    } else if (key === "piles") {
      for (const [seat, pile] of Object.entries(value as Record<string, unknown[]>))
        expect((got.state.piles as unknown[][])[Number(seat)], `pile ${seat}`).toEqual(pile);
    } else expect(got.state[key], key).toEqual(value);
  }
}

const haveExamples = existsSync(examples);
if (!haveExamples)
  console.warn(`skipping conformance examples: ${examples} not found (../shared beside the repo)`);
const cases = haveExamples
  ? readdirSync(examples)
      .filter((f) => f.endsWith(".json") && !f.endsWith(".expected.json"))
      .map((f) => {
        const script = JSON.parse(readFileSync(join(examples, f), "utf8")) as { variant: string };
        return { name: f, file: join(examples, f), variant: script.variant };
      })
  : [];

describe.skipIf(!haveExamples)("conformance examples through `maumau script`", () => {
  for (const c of cases) {
    it.skipIf(!findVariant(c.variant))(
      c.name,
      () => {
        const run = cli(["script", c.file]);
        expect(run.stderr).toBe("");
        expect(run.status).toBe(0);
        const want = JSON.parse(
          readFileSync(c.file.replace(/\.json$/, ".expected.json"), "utf8"),
        ) as Expected;
        expectMatches(JSON.parse(run.stdout) as Parameters<typeof expectMatches>[0], want);
      },
      60_000,
    );
  }
});

describe("maumau script: input and failure modes", () => {
  const noris = {
    variant: "noris",
    players: 2,
    seed: 3,
    commands: [
      { seat: 1, type: "draw" },
      { seat: 0, type: "fly" },
      { seat: 9, type: "draw" },
    ],
  };

  it("reads the script from standard input with -", () => {
    const run = cli(["script", "-"], JSON.stringify(noris));
    expect(run.status).toBe(0);
    // --lang changes what it says on stderr, never its JSON (conformance/FORMAT.md).
    const german = cli(["script", "-", "--lang", "de"], JSON.stringify(noris));
    expect(german.status).toBe(0);
    expect(german.stdout).toBe(run.stdout);
    const out = JSON.parse(run.stdout) as { results: { ok: boolean; error?: string }[] };
    expect(out.results.map((r) => r.error ?? "ok")).toEqual([
      expect.any(String),
      "INVALID_COMMAND",
      "INVALID_COMMAND",
    ]);
  }, 60_000);

  it("an unknown variant exits non-zero with a clear message and no stack trace", () => {
    const run = cli(["script", "-"], JSON.stringify({ ...noris, variant: "skat" }));
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/unknown variant "skat"/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it("malformed scripts are refused: a deck that is not a permutation, players out of range, a command without seat", () => {
    const find = findVariant;
    expect(() => runScript({ ...noris, deck: ["red/1"] }, find)).toThrow(ScriptError);
    expect(() => runScript({ ...noris, players: 11 }, find)).toThrow(/players/);
    expect(() => runScript({ ...noris, options: { games: 0 } }, find)).toThrow(/games/);
    expect(() => runScript({ ...noris, commands: [{ type: "draw" }] }, find)).toThrow(/seat/);
    expect(() => runScript({ ...noris, commands: [{ seat: 0 }] }, find)).toThrow(/type/);
  });

  it("a refused script is told in the language asked for (--lang, else the locale)", () => {
    const refused = (input: unknown, lang: "en" | "de") => {
      try {
        runScript(input, findVariant, lang);
      } catch (e) {
        if (e instanceof ScriptError) return e.message;
        throw e;
      }
      throw new Error("not refused");
    };
    expect(refused({ ...noris, variant: "skat" }, "de")).toBe("unbekannte Variante „skat“");
    expect(refused({ ...noris, variant: "skat" }, "en")).toBe('unknown variant "skat"');
    expect(refused({ ...noris, players: "two" }, "de")).toBe(
      "fehlerhaftes Skript: players: hier gehört eine Zahl hin",
    );
    expect(refused({ ...noris, players: "two" }, "en")).toBe(
      "malformed script: players: a number is required",
    );
    expect(refused({ ...noris, commands: [{ type: "draw" }] }, "de")).toBe(
      "fehlerhaftes Skript: commands.0.seat: jeder Befehl braucht einen Platz (seat)",
    );
    // zod's own words and the engine's refusals in German too.
    expect(refused({ ...noris, commands: "none" }, "de")).toBe(
      "fehlerhaftes Skript: commands: Ungültige Eingabe: erwartet Array, erhalten string",
    );
    expect(refused({ ...noris, players: 11 }, "de")).toBe(
      "fehlerhaftes Skript: Spielerzahl muss 2–10 sein",
    );
    const run = cli(["script", "-", "--lang", "de"], JSON.stringify({ ...noris, variant: "skat" }));
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("maumau script: unbekannte Variante „skat“\n");
  }, 60_000);

  it("refusals are results, and a refused command changes nothing", () => {
    const before = runScript({ ...noris, commands: [] }, findVariant).state;
    const after = runScript(noris, findVariant).state;
    expect(after.drawPile).toBe((before.drawPile as number) - (after.turn === before.turn ? 0 : 1));
  });

  it("a file that is not JSON exits 2", () => {
    const run = cli(["script", "-"], "{ nope");
    expect(run.status).toBe(2);
    // Where it goes wrong in our words (not Node's "Expected property name or '}' in JSON …").
    expect(run.stderr).toBe("maumau script: - is not JSON (line 1, column 3)\n");
  }, 60_000);

  it("a file it cannot read is told in our words, in the locale's language, the path kept", () => {
    const missing = join(examples, "no-such-script.json");
    const en = cli(["script", missing], undefined, {});
    expect(en.status).toBe(2);
    expect(en.stderr).toBe(`maumau script: there is no file ${missing}\n`);
    const de = cli(["script", examples], undefined, { LANG: "de_DE.UTF-8" });
    expect(de.status).toBe(2);
    expect(de.stderr).toBe(`maumau script: ${examples} ist ein Ordner, keine Datei\n`);
    expect(`${en.stderr}${de.stderr}`).not.toMatch(/ENOENT|EISDIR|no such file/);
  }, 60_000);
});

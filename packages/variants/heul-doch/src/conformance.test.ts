import { readdirSync, readFileSync } from "node:fs";
import { GameDriver, isRefusal, type Command } from "@maumau/engine";
import { describe, expect, it } from "vitest";
import { heulDoch } from "./index.js";

/** Copies of conformance/examples/heul-doch-*.json (the lead also runs them through the CLI). */
const dir = new URL("../conformance/", import.meta.url);
const scripts = readdirSync(dir).filter(
  (f) => f.endsWith(".json") && !f.endsWith(".expected.json"),
);

interface Script {
  variant: string;
  options?: Record<string, unknown>;
  players: number;
  dealer?: number;
  seed?: number;
  deck?: string[];
  commands: Record<string, unknown>[];
}
interface Expected {
  results: { ok: boolean; error?: string }[];
  state: Record<string, unknown>;
}

const TYPES: Record<string, Command["type"]> = {
  play: "playCard",
  draw: "drawCard",
  pass: "pass",
  choose: "chooseColour",
  cut: "cut",
};

/** conformance/FORMAT.md's runner, in short: the same mapping as the CLI's `script`. */
function run(script: Script, mode: "decider" | "machine") {
  const driver = GameDriver.open(
    heulDoch,
    {
      players: script.players,
      options: script.options ?? {},
      seed: script.seed ?? 0,
      ...(script.dealer === undefined ? {} : { dealer: script.dealer }),
      ...(script.deck === undefined ? {} : { deck: script.deck }),
    },
    mode,
  );
  if (isRefusal(driver)) throw new Error(driver.message.en);
  const results = script.commands.map((raw) => {
    const type = TYPES[String(raw.type)];
    if (type === undefined) return { ok: false, error: "INVALID_COMMAND" };
    const { type: _t, color, ...rest } = raw;
    const command = { ...rest, type, ...(color === undefined ? {} : { wish: color }) };
    const r = driver.dispatch(command as unknown as Command);
    return r.ok ? { ok: true } : { ok: false, error: r.refusal.code };
  });
  const state = driver.scriptState();
  driver.stop();
  return { results, state };
}

const sorted = (xs: unknown) => [...(xs as string[])].sort();

describe("conformance examples (FORMAT.md)", () => {
  it("has both heul-doch examples", () => expect(scripts).toHaveLength(2));
  for (const file of scripts)
    for (const mode of ["decider", "machine"] as const)
      it(`${file} gives the expected results and table (${mode})`, () => {
        const script = JSON.parse(readFileSync(new URL(file, dir), "utf8")) as Script;
        const expected = JSON.parse(
          readFileSync(new URL(file.replace(/\.json$/, ".expected.json"), dir), "utf8"),
        ) as Expected;
        expect(script.variant).toBe("heul-doch");
        const { results, state } = run(script, mode);
        expect(results).toHaveLength(expected.results.length);
        expected.results.forEach((want, i) => {
          expect(results[i]?.ok, `result ${i}`).toBe(want.ok);
          if (want.error !== undefined) expect(results[i]?.error, `result ${i}`).toBe(want.error);
        });
        for (const [key, want] of Object.entries(expected.state)) {
          if (key === "hands" || key === "piles") {
            const actual = state[key] as unknown[];
            for (const [seat, v] of Object.entries(want as Record<string, unknown>)) {
              if (key === "hands")
                expect(sorted(actual[Number(seat)]), `hand ${seat}`).toEqual(sorted(v));
              else expect(actual[Number(seat)], `pile ${seat}`).toEqual(v);
            }
          } else expect(state[key], key).toEqual(want);
        }
      });
});

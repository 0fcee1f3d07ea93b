import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Lang } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { afterAll, describe, expect, it } from "vitest";
import { finishedNorisHistory, tableLook } from "../testing/tableFixtures.js";
import { Replay, saveHistory } from "./replay.js";

const noris = findVariant("noris")!;

const history = finishedNorisHistory();
const steps = history.events.length;

const screen = (step: number, lang: Lang) =>
  new Replay(history, lang).lines(step, tableLook(noris, 200, lang));
/** The step after the first `game.started`: the game is being played. */
const playing = history.events.findIndex((e) => e.type === "game.started") + 1;

describe("maumau replay's screen in the player's language", () => {
  it("the step, the start and a seat without a name: in English as before", () => {
    const start = screen(0, "en");
    expect(start[0]).toBe(`${noris.names.en} · match m1 · replay 0/${steps}`);
    expect(start[1]).toBe("(before the first event)");
    const during = screen(playing, "en");
    expect(during[2]).toMatch(/^playing · ▶ Seat \d · ↻ /);
    expect(during.filter((l) => /^Seat [12] +\d+: /.test(l))).toHaveLength(2);
  });

  it("in German: Wiederholung, vor dem ersten Ereignis, Platz N, the status in words", () => {
    const start = screen(0, "de");
    expect(start[0]).toBe(`${noris.names.de} · Partie m1 · Wiederholung 0/${steps}`);
    expect(start[1]).toBe("(vor dem ersten Ereignis)");
    const during = screen(playing, "de");
    expect(during[2]).toMatch(/^Spiel läuft · ▶ Platz \d · ↻ /);
    expect(during.filter((l) => /^Platz [12] +\d+: /.test(l))).toHaveLength(2);
    expect(during.join("\n")).not.toMatch(/Seat|playing/);
    expect(screen(steps, "de")[2]).toMatch(/^Partie vorbei · /);
  });

  it("the table's status is words, not the engine's identifiers", () => {
    expect(screen(steps, "en")[2]).toMatch(/^match over · /);
    expect(screen(steps, "en").join("\n")).not.toMatch(/gameOver|matchOver/);
  });
});

describe("replay --save", () => {
  const dir = mkdtempSync(join(tmpdir(), "maumau-replay-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes the log and says how many events, in the player's language", () => {
    const file = join(dir, "match.json");
    expect(saveHistory(file, history, "en")).toBe(`${file}: ${steps} events`);
    expect(saveHistory(file, history, "de")).toBe(`${file}: ${steps} Ereignisse`);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(history);
    const one = { ...history, events: history.events.slice(0, 1) };
    expect(saveHistory(file, one, "en")).toBe(`${file}: 1 event`);
    expect(saveHistory(file, one, "de")).toBe(`${file}: 1 Ereignis`);
  });
});

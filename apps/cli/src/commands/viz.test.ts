import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findVariant, variants } from "@maumau/registry";
import { readRuleSet, renderChart } from "./viz.js";

const edges = (mermaid: string) => mermaid.split("\n").filter((l) => l.includes(" --> "));

describe("viz", () => {
  for (const variant of variants) {
    it(`prints ${variant.id}'s statechart as Mermaid: turn phases nested, no hub`, async () => {
      const text = await renderChart(variant, "mermaid");
      expect(text.startsWith("stateDiagram-v2")).toBe(true);
      expect(text).toMatch(/state turn \{/);
      expect(text).not.toMatch(/resolving/);
      // No state sends every command somewhere: at most the commands a state accepts.
      expect(
        edges(text).some((l) => / --> .* : (cut|chooseColour)/.test(l) && l.startsWith("  turn_")),
      ).toBe(false);
    });

    it(`prints ${variant.id}'s statechart as DOT`, async () => {
      const text = await renderChart(variant, "dot");
      expect(text.startsWith("digraph")).toBe(true);
      expect(text).toContain('subgraph "cluster_turn"');
      expect(text.trimEnd().endsWith("}")).toBe(true);
    });

    it(`prints ${variant.id}'s statechart as JSON with nested states`, async () => {
      const chart = JSON.parse(await renderChart(variant, "json")) as {
        states: { id: string; parent: string | null }[];
      };
      const ids = chart.states.map((s) => s.id);
      for (const state of ["turn", "gameOver", "matchOver"]) expect(ids).toContain(state);
      expect(chart.states.some((s) => s.parent === "turn")).toBe(true);
    });
  }

  it("noris: a reader follows +2, +2 and a wish through the chart", async () => {
    const text = await renderChart(findVariant("noris")!, "mermaid");
    const lines = edges(text);
    expect(lines).toContain("  turn_awaitingPlay --> turn_underPenalty : effect.draw");
    expect(
      lines.some((l) =>
        l.startsWith("  turn_underPenalty --> turn_awaitingPlay : playCard [N-4.2"),
      ),
    ).toBe(true);
    expect(lines).toContain("  turn_awaitingPlay --> turn_wishInForce : effect.wish");
    expect(
      lines.some((l) => l.startsWith("  turn_wishInForce --> turn_awaitingPlay : playCard [N-3.1")),
    ).toBe(true);
  });

  it("bavarian: cutting, play again and the drawn card are states", async () => {
    const text = await renderChart(findVariant("bavarian")!, "mermaid");
    for (const s of ["dealing_cutting", "turn_playAgain", "turn_drawnCard"])
      expect(text).toContain(`as ${s}`);
    expect(edges(text)).toContain("  turn_awaitingPlay --> turn_playAgain : effect.playAgain");
  });

  it("heul-doch: the ways of H-3 and the special cards' effects", async () => {
    const text = await renderChart(findVariant("heul-doch")!, "mermaid", { specials: true });
    for (const e of [
      "effect.catapult",
      "effect.towel",
      "effect.carousel",
      "effect.werewolf",
      "playCard [H-3.1c",
    ])
      expect(text).toContain(e);
  });

  it("draws SVG and a standalone HTML page laid out offline", async () => {
    const svg = await renderChart(findVariant("french")!, "svg");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain(">underPenalty<");
    expect(svg).toMatch(/<path d="M[\d.]+ [\d.]+ L/);
    expect(svg).toContain('data-events="effect.draw"');
    const html = await renderChart(findVariant("french")!, "html");
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain("<svg");
    expect(html).not.toMatch(/<script/);
  });

  it("draws a saved rule set's chart with exactly its effects (--rules)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "viz-"));
    const file = join(dir, "house.json");
    const noDraw = {
      preset: "french",
      effects: { j: { kind: "wish", onWish: false }, "8": { kind: "skip" } },
    };
    writeFileSync(file, JSON.stringify(noDraw));
    const text = await renderChart(findVariant("custom")!, "mermaid", readRuleSet(file));
    expect(text).toContain("effect.skip");
    expect(text).toContain("effect.wish");
    expect(text).not.toContain("effect.draw");
    expect(text).not.toContain("underPenalty");
    expect(text).not.toContain("playAgain");
    expect(() => readRuleSet(join(dir, "missing.json"))).toThrow(
      /there is no file .*missing\.json/,
    );
  });

  it("takes the variant's options", async () => {
    expect(await renderChart(variants[0]!, "json", {})).toBe(
      await renderChart(variants[0]!, "json"),
    );
    await expect(renderChart(variants[0]!, "json", { nonsense: true })).rejects.toThrow(/nonsense/);
  });
});

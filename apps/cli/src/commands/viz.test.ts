import { describe, expect, it } from "vitest";
import { variants } from "@maumau/registry";
import { renderChart } from "./viz.js";

describe("viz", () => {
  for (const variant of variants) {
    it(`prints ${variant.id}'s statechart as Mermaid`, () => {
      const text = renderChart(variant, "mermaid");
      expect(text.startsWith("stateDiagram-v2")).toBe(true);
      expect(text).toMatch(/state "turn" as turn \{/);
      expect(text).not.toMatch(/resolving/);
    });

    it(`prints ${variant.id}'s statechart as DOT`, () => {
      const text = renderChart(variant, "dot");
      expect(text.startsWith("digraph")).toBe(true);
      expect(text.trimEnd().endsWith("}")).toBe(true);
    });

    it(`prints ${variant.id}'s statechart as JSON naming its phases`, () => {
      const chart = JSON.parse(renderChart(variant, "json")) as { states: { id: string }[] };
      const ids = chart.states.map((s) => s.id);
      for (const state of ["turn", "gameOver", "matchOver"]) expect(ids).toContain(state);
      expect(ids.some((id) => id.startsWith("turn."))).toBe(true);
    });
  }

  it("takes the variant's options", () => {
    expect(renderChart(variants[0]!, "json", {})).toBe(renderChart(variants[0]!, "json"));
    expect(() => renderChart(variants[0]!, "json", { nonsense: true })).toThrow(/nonsense/);
  });
});

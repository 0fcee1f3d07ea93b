import { chartOf, parseOptions, type AnyEngine, type ChartJson } from "@maumau/engine";
import { findVariant, variantIds } from "@maumau/registry";
import { describe, expect, it } from "vitest";
import {
  chartSvg,
  graphOf,
  layoutChart,
  ruleIdOf,
  takenMoves,
  labelParts,
  chartHtml,
  type Box,
  type ChartLayout,
} from "./index.js";

const chartFor = (id: string): ChartJson => {
  const v = findVariant(id)!;
  const options = parseOptions(v, {});
  return chartOf((v.engine as AnyEngine).machine(v.ruleSetFor(options)));
};

/** A nested chart written by hand: a compound `turn` with an effect loop. */
const NESTED: ChartJson = {
  id: "demo",
  initial: "dealing",
  states: [
    {
      id: "dealing",
      description: "deal",
      transitions: [{ event: "game.dealt", guard: null, target: "turn", actions: [] }],
    },
    { id: "turn", description: "a turn", initial: "turn.awaitingPlay", transitions: [] },
    {
      id: "turn.awaitingPlay",
      description: null,
      transitions: [
        {
          event: "playCard",
          guard: "not N-4.2 matches the top card",
          target: null,
          actions: ["refuse"],
        },
        {
          event: "playCard",
          guard: "N-4.2 matches the top card ∧ N-5.1 is a draw card",
          target: "turn.underPenalty",
          actions: [],
        },
        {
          event: "playCard",
          guard: "N-4.2 matches the top card ∧ N-5.2 a draw card on a draw card",
          target: "turn.underPenalty",
          actions: [],
        },
        {
          event: "playCard",
          guard: "N-4.2 matches the top card ∧ N-6.1 is the last card",
          target: "gameOver",
          actions: [],
        },
      ],
    },
    {
      id: "turn.underPenalty",
      description: null,
      transitions: [
        { event: "effect.draw", guard: null, target: "turn.awaitingPlay", actions: [] },
      ],
    },
    { id: "gameOver", description: null, transitions: [] },
  ],
} as unknown as ChartJson;

const inside = (p: { x: number; y: number }, b: Box, slack = 2) =>
  p.x >= b.x - slack &&
  p.x <= b.x + b.width + slack &&
  p.y >= b.y - slack &&
  p.y <= b.y + b.height + slack;

function checkLayout(layout: ChartLayout) {
  const all = { x: 0, y: 0, width: layout.width, height: layout.height };
  for (const n of layout.nodes) {
    expect(n.width).toBeGreaterThan(0);
    expect(inside({ x: n.x, y: n.y }, all)).toBe(true);
    expect(inside({ x: n.x + n.width, y: n.y + n.height }, all)).toBe(true);
  }
  const box = new Map(layout.nodes.map((n) => [n.node.id, n]));
  for (const e of layout.edges) {
    expect(e.points.length).toBeGreaterThanOrEqual(2);
    const first = e.points[0]!;
    const last = e.points[e.points.length - 1]!;
    // Arrows start on their source and end on their target (borders included).
    expect(inside(first, box.get(e.edge.source)!)).toBe(true);
    expect(inside(last, box.get(e.edge.target)!)).toBe(true);
  }
  // No two atomic states overlap.
  const atoms = layout.nodes.filter((n) => !n.compound);
  for (const a of atoms)
    for (const b of atoms)
      if (a !== b)
        expect(
          a.x + a.width <= b.x ||
            b.x + b.width <= a.x ||
            a.y + a.height <= b.y ||
            b.y + b.height <= a.y,
        ).toBe(true);
}

describe("the chart package", () => {
  it("reads rule ids from guard names", () => {
    expect(ruleIdOf("N-4.2 matches the top card")).toBe("N-4.2");
    expect(ruleIdOf("not B-4.4 plays again")).toBe("B-4.4");
    expect(ruleIdOf("C-1.8c options meet")).toBe("C-1.8c");
    expect(ruleIdOf("is a well-formed command")).toBeNull();
  });

  it("nests states by their paths, merges arrows and lists refusals as checks", () => {
    const g = graphOf(NESTED);
    const turn = g.nodes.find((n) => n.id === "turn")!;
    expect(turn.children).toEqual(["turn.awaitingPlay", "turn.underPenalty"]);
    const play = g.nodes.find((n) => n.id === "turn.awaitingPlay")!;
    expect(play.label).toBe("awaitingPlay");
    expect(play.checks).toEqual(["N-4.2 matches the top card"]);
    const penalty = g.edges.filter(
      (e) => e.source === "turn.awaitingPlay" && e.target === "turn.underPenalty",
    );
    expect(penalty).toHaveLength(1);
    expect(penalty[0]!.moves).toEqual([
      {
        event: "playCard",
        guards: [
          "N-4.2 matches the top card",
          "N-5.1 is a draw card",
          "N-5.2 a draw card on a draw card",
        ],
        description: null,
      },
    ]);
    expect(labelParts(penalty[0]!.moves[0]!.guards)).toEqual(["N-4.2", "N-5.1", "N-5.2"]);
    // The checks every command passes first stay out of labels; conditions without an id stay in.
    expect(
      labelParts([
        "is a well-formed command",
        "N-6.1 the game is still running",
        "it is the player's turn",
        "N-3.1 matches the top card",
        "a wish is in force",
      ]),
    ).toEqual(["N-3.1", "a wish is in force"]);
    const end = g.edges.find((e) => e.target === "gameOver" && e.source === "turn.awaitingPlay")!;
    expect(end.moves[0]!.guards).toEqual(["N-4.2 matches the top card", "N-6.1 is the last card"]);
  });

  it("refuses a chart whose arrow leads nowhere", () => {
    const bad = {
      ...NESTED,
      states: [
        {
          id: "a",
          description: null,
          transitions: [{ event: "x", guard: null, target: "b", actions: [] }],
        },
      ],
    };
    expect(() => graphOf(bad as unknown as ChartJson)).toThrow(/unknown state b/);
  });

  it("lays out a nested chart: compound states around their children, arrows between their states", async () => {
    const layout = await layoutChart(graphOf(NESTED));
    checkLayout(layout);
    const turn = layout.nodes.find((n) => n.node.id === "turn")!;
    for (const child of layout.nodes.filter((n) => n.node.parent === "turn")) {
      expect(inside({ x: child.x, y: child.y }, turn)).toBe(true);
      expect(inside({ x: child.x + child.width, y: child.y + child.height }, turn)).toBe(true);
    }
    expect(layout.starts.map((s) => s.of).sort()).toEqual([null, "turn"].sort());
  });

  it.each(variantIds())("lays out the %s chart readably", async (id) => {
    const chart = chartFor(id);
    const layout = await layoutChart(graphOf(chart));
    expect(layout.nodes.map((n) => n.node.id).sort()).toEqual(chart.states.map((s) => s.id).sort());
    checkLayout(layout);
  });

  it("marks the current state and animates the arrows the last command took", async () => {
    const graph = graphOf(NESTED);
    const layout = await layoutChart(graph);
    const position = {
      state: "turn.awaitingPlay",
      previous: "turn.awaitingPlay",
      taken: ["playCard", "effect.draw"],
    };
    const taken = takenMoves(graph.edges, position);
    const names = graph.edges.flatMap((e) =>
      e.moves
        .filter((m) => taken.has(`${e.id}|${m.event}`))
        .map((m) => `${e.source}>${m.event}>${e.target}`),
    );
    expect(names.sort()).toEqual(
      [
        "turn.awaitingPlay>playCard>turn.underPenalty",
        "turn.awaitingPlay>playCard>gameOver",
        "turn.underPenalty>effect.draw>turn.awaitingPlay",
      ].sort(),
    );
    const svg = chartSvg(layout, {
      title: "demo",
      position,
      ruleHref: (id) => `/rules/noris#${id}`,
    });
    expect(svg).toContain('data-state="turn.awaitingPlay" aria-current="true"');
    expect(svg.match(/" aria-current="true"/g)).toHaveLength(1);
    expect(svg).toMatch(/class="state compound contains-active" data-state="turn"/);
    expect(svg).toContain('<a href="/rules/noris#N-5.1" data-rule="N-5.1">');
    expect(svg.match(/<g class="transition[^"]*"[^>]* data-taken="true">/g)).toHaveLength(3);
    expect(svg.match(/<text[^>]* data-taken="true"/g)).toHaveLength(3);
    const html = chartHtml(graph, layout, { title: "demo <chart>" });
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain("demo &#60;chart&#62;");
    expect(html).not.toContain("<script");
    const plain = chartSvg(layout, { title: "a <b> & c" });
    expect(plain).not.toContain('" aria-current');
    expect(plain).toContain('aria-label="a &#60;b&#62; &#38; c"');
  });
});

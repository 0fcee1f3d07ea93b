import { graphOf } from "@maumau/chart";
import { chartOf, isRefusal, parseOptions, type AnyEngine } from "@maumau/engine";
import { variants } from "@maumau/registry";
import { describe, expect, it } from "vitest";
import { createI18n, resources } from "../i18n";
import { chartLayout, chartSvg } from "./chartData";
import { eventWords, stateLabel, stateWords } from "./stateNames";

describe("the chart speaks the player's language (#20.9)", () => {
  const en = createI18n("en").t;
  const de = createI18n("de").t;

  it("shows no internal key: states and events in words, in English and German", () => {
    expect(stateWords("turn.awaitingPlay", en)).toBe("Awaiting a play");
    expect(stateWords("turn.underPenalty", de)).toBe("Strafe läuft");
    expect(eventWords("effect.skip", en)).toBe("a skip card");
    expect(eventWords("effect.skip", de)).toBe("eine Aussetzkarte");
    // The command a move took: the caption's "after …" translates it too.
    expect(eventWords("playCard", de)).toBe("Karte legen");
    expect(stateWords("turn.someNewState", en)).toBe("turn: some new state");
    expect(eventWords("some.newEvent", de)).toBe("some: new event");
  });

  it("the boxes and the caption name a state alike: one vocabulary", () => {
    for (const lang of ["en", "de"] as const) {
      const t = lang === "en" ? en : de;
      for (const own of Object.keys(resources[lang].translation.chart.states))
        expect(stateWords(`turn.${own}`, t)).toBe(stateLabel(own, lang));
    }
  });

  it("every state and every event of every variant's chart has its words in both languages", () => {
    const missing: string[] = [];
    for (const variant of variants) {
      const options = parseOptions(variant, {});
      if (isRefusal(options)) throw new Error(options.message.en);
      const engine = variant.engine as AnyEngine;
      const graph = graphOf(chartOf(engine.machine(variant.ruleSetFor(options))));
      expect(graph.nodes.length, variant.id).toBeGreaterThan(3);
      expect(graph.edges.flatMap((e) => e.moves).length, variant.id).toBeGreaterThan(3);
      for (const lang of ["en", "de"] as const) {
        const { states, words } = resources[lang].translation.chart as {
          states: Record<string, string>;
          words: Record<string, string>;
        };
        for (const node of graph.nodes)
          if (states[node.label] === undefined)
            missing.push(`${lang} ${variant.id} state ${node.label}`);
        for (const edge of graph.edges)
          for (const move of edge.moves)
            if (words[move.event.replace(/\./g, "_")] === undefined)
              missing.push(`${lang} ${variant.id} event ${move.event}`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it("the drawn chart's arrows read in words too: no event key in any label, German or English", async () => {
    for (const lang of ["de", "en"] as const) {
      for (const id of ["noris", "heul-doch"]) {
        const svg = chartSvg(await chartLayout(id, null, lang), { title: id, inlineStyle: false });
        const texts = [...svg.matchAll(/<text[^>]*>(.*?)<\/text>/g)].map((m) =>
          m[1]!.replace(/<[^>]+>/g, ""),
        );
        expect(texts.length, id).toBeGreaterThan(5);
        const keys = texts.filter((t) =>
          /\b(effect\.|playCard|drawCard|startNextGame|[a-z]+[A-Z][a-z]+\b)/.test(t),
        );
        expect(keys, `${lang} ${id}`).toEqual([]);
        // The key stays on the arrow for the highlight.
        expect(svg).toMatch(/data-event="playCard"|data-event="play/);
      }
    }
  });
});

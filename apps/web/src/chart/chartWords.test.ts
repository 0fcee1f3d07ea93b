import { describe, expect, it } from "vitest";
import { createI18n } from "../i18n";
import { chartWords } from "./ChartPanel";

describe("the chart speaks the player's language (#20.9)", () => {
  it("shows no internal key: states and events in words, in English and German", () => {
    const en = createI18n("en").t;
    const de = createI18n("de").t;
    expect(chartWords("turn.awaitingPlay", en)).toBe("waiting for a play");
    expect(chartWords("effect.skip", en)).toBe("a skip card");
    expect(chartWords("effect.skip", de)).toBe("eine Aussetzkarte");
    expect(chartWords("turn.someNewState", en)).toBe("turn: some new state");
  });
});

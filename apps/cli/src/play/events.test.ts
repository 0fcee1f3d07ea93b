import { Chalk } from "chalk";
import { findVariant } from "@maumau/registry";
import { describe, expect, it } from "vitest";
import { CardStyle } from "./cards.js";
import { describeEvent, type EventContext } from "./events.js";
import { TEXTS } from "./texts.js";

const noris = findVariant("noris")!;
const RULES: Record<string, string> = { mau: "N-5.1", pending: "N-4.2", drawnCard: "N-3.2" };

function ctx(lang: "en" | "de"): EventContext {
  const chalk = new Chalk({ level: 0 });
  return {
    t: TEXTS[lang],
    style: new CardStyle(noris.theme, lang, chalk),
    c: chalk,
    who: (seat) =>
      seat === 0 ? { name: TEXTS[lang].you, you: true } : { name: "Bot 2", you: false },
    game: () => 1,
    show: (v) => JSON.stringify(v),
    rule: (key) => RULES[key] ?? null,
  };
}

describe("the texts tell the rules (#20.11)", () => {
  it("N-3.2 a draw that ends the turn says so, with the rule", () => {
    const line = describeEvent(
      { type: "cards.drawn", data: { seat: 0, cards: ["red/5"], reason: "turn", playable: false } },
      ctx("en"),
    );
    expect(line).toMatch(/^You draw .+\. \(your turn ends, N-3\.2\)$/);
    const fits = describeEvent(
      { type: "cards.drawn", data: { seat: 0, cards: ["red/5"], reason: "turn", playable: true } },
      ctx("en"),
    );
    expect(fits).not.toContain("turn ends");
  });

  it("a penalty names its rule id", () => {
    expect(
      describeEvent({ type: "call.missed", data: { seat: 1, call: "mau", card: "" } }, ctx("en")),
    ).toBe('Bot 2 forgot to say "Mau"! (N-5.1)');
    expect(
      describeEvent(
        { type: "cards.drawn", data: { seat: 1, count: 4, reason: "penalty" } },
        ctx("de"),
      ),
    ).toBe("Bot 2 zieht 4 Karten (Strafe, N-4.2).");
  });

  it("N-4.3 a draw nothing can answer is not 'answer it or draw'", () => {
    expect(TEXTS.en.pending(4, false)).not.toMatch(/answer it/);
    expect(TEXTS.en.pending(2, true)).toMatch(/answer it or draw/);
    expect(TEXTS.de.pending(4, false)).not.toMatch(/kontern oder/);
  });

  it("German grammar: you wish yourself a colour", () => {
    const mine = describeEvent(
      {
        type: "card.played",
        data: { seat: 0, card: "wild", wish: "red", mau: false, mauMau: false },
      },
      ctx("de"),
    );
    expect(mine).toMatch(/^Du legst .+ und wünschst dir Rot\.$/);
    const theirs = describeEvent(
      {
        type: "card.played",
        data: { seat: 1, card: "wild", wish: "red", mau: false, mauMau: false },
      },
      ctx("de"),
    );
    expect(theirs).toMatch(/^Bot 2 legt .+ und wünscht sich Rot\.$/);
  });
});

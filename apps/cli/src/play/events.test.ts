import { Chalk } from "chalk";
import { findVariant } from "@maumau/registry";
import { describe, expect, it } from "vitest";
import { CardStyle } from "./cards.js";
import { GameDriver, isRefusal } from "@maumau/engine";
import {
  describeEvent,
  eventMemory,
  rememberGameOf,
  rulesOfView,
  type EventContext,
} from "./events.js";
import { TEXTS } from "./texts.js";

const noris = findVariant("noris")!;
const RULES: Record<string, string> = { mau: "N-5.1", pending: "N-4.2", drawnCard: "N-3.2" };

/** Seat 0's view of a new match of `id`: the variant's real rules. */
function viewOf(id: string): unknown {
  const driver = GameDriver.open(findVariant(id)!, { players: 2, options: {}, seed: 1 }, "machine");
  if (isRefusal(driver)) throw new Error(driver.message.en);
  return driver.view(0);
}
const norisView = () => viewOf("noris");

/** The rule lookups a table gives its lines, read off a view as the tables do. */
const rulesOf = (view: unknown) => rulesOfView(() => view);

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

  it("C-1.8d/C-3.2 drawing until a card fits: only the last draw of the turn ends it", () => {
    const draw = (card: string) => ({
      type: "cards.drawn",
      data: { seat: 0, cards: [card], reason: "turn", playable: false },
    });
    const first = describeEvent(draw("red/5"), ctx("en"), draw("blue/7"));
    expect(first).toMatch(/^You draw .+\.$/);
    const last = describeEvent(draw("blue/7"), ctx("en"), {
      type: "turn.started",
      data: { seat: 1 },
    });
    expect(last).toMatch(/\(your turn ends, N-3\.2\)$/);
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
    expect(TEXTS.en.pending(4, "never", "N-4.3")).toBe(
      "A draw of 4 is pending against you (N-4.3): it cannot be answered, draw (d).",
    );
    expect(TEXTS.de.pending(4, "never", "N-4.3")).toBe(
      "Gegen dich läuft eine Ziehstrafe von 4 (N-4.3): sie kann nicht gekontert werden, zieh (d).",
    );
    expect(TEXTS.en.pending(2, "yours", "N-4.2")).toMatch(/\(N-4\.2\): answer it or draw/);
    expect(TEXTS.en.pending(2, "none", "N-4.2")).toMatch(/no card that answers it, draw \(d\)/);
    for (const lang of ["en", "de"] as const)
      for (const answer of ["none", "never"] as const)
        expect(TEXTS[lang].pending(2, answer, null)).not.toMatch(/answer it or|kontern oder/);
  });

  it("N-4.3 a +4's penalty names N-4.3, N-4.2 a +2's (the card that raised it)", () => {
    const view = norisView();
    const c = { ...ctx("en"), ...rulesOf(view), memory: eventMemory() };
    const drawn = (count: number) =>
      describeEvent(
        {
          type: "cards.drawn",
          data: { seat: 0, cards: Array(count).fill("red/5"), reason: "penalty", playable: false },
        },
        c,
      );
    describeEvent({ type: "penalty.raised", data: { total: 4, rank: "draw4" } }, c);
    expect(drawn(4)).toMatch(/^You draw .+ \(penalty, N-4\.3\)\.$/);
    describeEvent({ type: "penalty.raised", data: { total: 2, rank: "draw2" } }, c);
    describeEvent({ type: "penalty.raised", data: { total: 4, rank: "draw2" } }, c);
    expect(drawn(4)).toMatch(/\(penalty, N-4\.2\)\.$/);
    // A table that joined after the raise: the variant's rule of pending draws.
    expect(drawn(2)).toMatch(/\(penalty, N-4\.2\)\.$/);
  });

  it("B-5.3 the penalty for a missed call names the rule of that call", () => {
    const view = viewOf("bavarian");
    const c = { ...ctx("en"), ...rulesOf(view), memory: eventMemory() };
    expect(
      describeEvent({ type: "call.missed", data: { seat: 1, call: "mauMau", card: "herz/7" } }, c),
    ).toBe('Bot 2 forgot to say "Mau-Mau"! (B-5.3)');
    expect(
      describeEvent(
        {
          type: "cards.drawn",
          data: { seat: 1, cards: ["herz/8", "gras/9"], reason: "call", playable: false },
        },
        c,
      ),
    ).toMatch(/\(penalty for the missed call, B-5\.3\)\.$/);
  });

  it("B-4.4 a card drawn after an Ass that does not fit ends the turn", () => {
    const c = { ...ctx("en"), ...rulesOf(viewOf("bavarian")), memory: eventMemory() };
    const line = (playable: boolean) =>
      describeEvent(
        {
          type: "cards.drawn",
          data: { seat: 0, cards: ["herz/8"], reason: "playAgain", playable },
        },
        c,
      );
    expect(line(false)).toMatch(/\(could not play again\)\. \(your turn ends, B-4\.4\)$/);
    expect(line(true)).not.toContain("turn ends");
  });

  it("F-5.1 the French call is a knock, in both languages", () => {
    for (const [lang, you, bot] of [
      ["en", / and knock\.$/, / and knocks\.$/],
      ["de", / und klopfst\.$/, / und klopft\.$/],
    ] as const) {
      const c = { ...ctx(lang), ...rulesOf(viewOf("french")) };
      const played = (seat: number) =>
        describeEvent(
          {
            type: "card.played",
            data: { seat, card: "hearts/5", wish: null, mau: true, mauMau: false },
          },
          c,
        );
      expect(played(0)).toMatch(you);
      expect(played(1)).toMatch(bot);
      expect(played(1)).not.toMatch(/Mau/);
    }
  });

  it('N-5.2 only the calls the variant has are told: noris has no "Mau-Mau"', () => {
    const c = { ...ctx("en"), ...rulesOf(norisView()) };
    const played = (mau: boolean, mauMau: boolean) =>
      describeEvent(
        { type: "card.played", data: { seat: 1, card: "red/5", wish: null, mau, mauMau } },
        c,
      );
    expect(played(true, false)).toBe('Bot 2 plays red 5 — "Mau!".');
    expect(played(false, true)).toBe("Bot 2 plays red 5.");
    const none = { ...ctx("en"), calls: () => ({ mau: false, mauMau: false, knock: false }) };
    expect(
      describeEvent(
        {
          type: "card.played",
          data: { seat: 1, card: "red/5", wish: null, mau: true, mauMau: true },
        },
        none,
      ),
    ).toBe("Bot 2 plays red 5.");
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

describe("the variant's own words (Theme.words, issue #21)", () => {
  const played = {
    type: "card.played",
    data: { seat: 1, card: "hearts/8", wish: "clubs", mau: false, mauMau: false },
  };
  const withTheme = (id: string, lang: "en" | "de"): EventContext => ({
    ...ctx(lang),
    style: new CardStyle(findVariant(id)!.theme, lang, new Chalk({ level: 0 })),
  });

  it("E-4.1 crazy-eights: an eight names a suit, in its own words, in both languages", () => {
    expect(describeEvent(played, withTheme("crazy-eights", "en"))).toBe(
      "Bot 2 plays ♥ hearts 8, naming ♣ clubs.",
    );
    expect(describeEvent(played, withTheme("crazy-eights", "de"))).toBe(
      "Bot 2 legt ♥ Herz 8, Farbe: ♣ Kreuz.",
    );
  });

  it("a variant without words keeps Mau Mau's: french wishes", () => {
    expect(describeEvent(played, withTheme("french", "en"))).toBe(
      "Bot 2 plays ♥ hearts 8, wishing ♣ clubs.",
    );
  });
});

describe("a game's end names its own game", () => {
  const ended = { type: "game.ended", data: { winner: 1, scores: [12, 0] } };
  const started = (game: number) => ({ type: "game.started", data: { game, dealer: 0 } });
  /** The lines of `events` told in order, as a table in game `current` tells a batch. */
  const told = (events: { type: string; data: object }[], current: number, lang: "en" | "de") => {
    const memory = eventMemory();
    rememberGameOf(memory, events);
    const context = { ...ctx(lang), game: () => current, memory };
    return events.map((e) => describeEvent(e, context)).filter((l) => l !== null);
  };

  it("a catch-up that ends game 1 and starts game 2 says game 1 was won (seen: 'wins game 2')", () => {
    const [end, start] = told([ended, started(2)], 2, "de");
    expect(end).toBe("Bot 2 gewinnt Spiel 1.");
    expect(start).toContain("Spiel 2");
    expect(told([ended, started(3)], 3, "en")[0]).toBe("Bot 2 wins game 2.");
  });

  it("lines told one by one follow the games they saw start", () => {
    const memory = eventMemory();
    const context = { ...ctx("en"), game: () => 3, memory };
    describeEvent(started(1), context);
    expect(describeEvent(ended, context)).toBe("Bot 2 wins game 1.");
    describeEvent(started(2), context);
    expect(describeEvent(ended, context)).toBe("Bot 2 wins game 2.");
  });

  it("without a game's start in sight, the table's current game is told", () => {
    expect(told([ended], 4, "en")).toEqual(["Bot 2 wins game 4."]);
  });
});

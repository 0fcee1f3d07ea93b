import { variants } from "@maumau/registry";
import { describe, expect, it } from "vitest";
import { cardName, classicDeckStyle, rankMark, splitCard } from "./names";

const deckOf = (id: string) => {
  const v = variants.find((x) => x.id === id)!;
  return v.deckFor(v.optionsSchema.parse({}));
};

describe("card names in German and English, for every card of every deck", () => {
  const cases = [
    ["noris", "noris"],
    ["tabaluga", "tabaluga"],
    ["french", "french"],
    ["bavarian", "bavarian"],
    ["heul-doch", "heul-doch"],
  ] as const;
  for (const [id, style] of cases) {
    it(`${id}: every card has a name of its own in both languages, never a code`, () => {
      const deck = [
        ...new Set(
          id === "heul-doch"
            ? [...deckOf(id), "catapult", "towel", "carousel", "werewolf"]
            : deckOf(id),
        ),
      ];
      for (const lang of ["de", "en"] as const) {
        const names = deck.map((c) => cardName(style, c, lang));
        expect(new Set(names).size).toBe(deck.length);
        for (const [i, name] of names.entries()) {
          expect(name, deck[i]).not.toContain("/");
          expect(name.length).toBeGreaterThan(1);
        }
      }
    });
  }

  it("names cards as players say them", () => {
    expect(cardName("french", "hearts/q", "en")).toBe("queen of hearts");
    expect(cardName("french", "hearts/q", "de")).toBe("Herz Dame");
    expect(cardName("bavarian", "herz/o", "de")).toBe("Herz Ober");
    expect(cardName("noris", "red/draw2", "de")).toBe("Rot Zieh zwei");
    expect(cardName("heul-doch", "towel", "de")).toBe("Strandtuch");
    expect(rankMark("french", "j", "de")).toBe("B");
    expect(splitCard("wild")).toEqual({ colour: "", rank: "wild" });
  });

  it("draws custom rule sets with the deck they play", () => {
    expect(classicDeckStyle("french-32", "custom")).toBe("french");
    expect(classicDeckStyle("bavarian-32", "custom")).toBe("bavarian");
    expect(classicDeckStyle("noris-110", "tabaluga")).toBe("tabaluga");
    expect(classicDeckStyle(undefined, "noris")).toBe("noris");
  });
});

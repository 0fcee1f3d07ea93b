// @vitest-environment happy-dom
import { variants } from "@maumau/registry";
import { writeFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { Card } from "../cards/Card";
import type { DeckStyle } from "../cards/names";
import { resetTablePrefs, setTablePrefs } from "../motion/prefs";
import { OnionIcon } from "./onion";

const deckOf = (id: string): string[] => {
  const v = variants.find((x) => x.id === id)!;
  const deck = v.deckFor(v.optionsSchema.parse({}));
  return [
    ...new Set(id === "heul-doch" ? [...deck, "catapult", "towel", "carousel", "werewolf"] : deck),
  ];
};

const DECKS: readonly (readonly [string, DeckStyle])[] = [
  ["noris", "noris"],
  ["tabaluga", "tabaluga"],
  ["french", "french"],
  ["bavarian", "bavarian"],
  ["heul-doch", "heul-doch"],
];

const render = (code: string | null, style: DeckStyle, extra: { onion?: boolean } = {}) =>
  renderToStaticMarkup(<Card code={code} style={style} lang="de" {...extra} />);

afterEach(() => {
  localStorage.clear();
  resetTablePrefs();
});

describe("the project's own card art", () => {
  for (const [id, style] of DECKS) {
    it(`${id}: every card renders as an SVG with its name`, () => {
      const gallery: string[] = [];
      for (const code of deckOf(id)) {
        const html = render(code, style);
        expect(html, code).toMatch(/^<svg[^>]*class="card/);
        expect(html, code).toContain(`data-card="${code}"`);
        expect(html, code).toContain("<title>");
        gallery.push(html);
      }
      gallery.push(render(null, style));
      if (process.env.ART_GALLERY)
        writeFileSync(`${process.env.ART_GALLERY}/${id}.html`, gallery.join("\n"));
    });
  }

  it("draws French court cards and the Bavarian court as figures", () => {
    for (const rank of ["j", "q", "k"])
      expect(render(`hearts/${rank}`, "french")).toMatch(/data-art="french-[JQK]"/);
    expect(render("spades/q", "french")).toContain('data-art="french-Q"');
    expect(render("eichel/u", "bavarian")).toContain('data-art="bavarian-U"');
    expect(render("gras/o", "bavarian")).toContain('data-art="bavarian-O"');
    expect(render("schellen/k", "bavarian")).toContain('data-art="bavarian-K"');
    for (const suit of ["eichel", "gras", "herz", "schellen"])
      expect(render(`${suit}/7`, "bavarian")).toContain(`data-suit="${suit}"`);
  });

  it("gives Tabaluga its own back and motif, and onions their own face", () => {
    expect(render(null, "tabaluga")).toContain('data-art="tabaluga-back"');
    expect(render("wild", "tabaluga")).toContain('data-art="dragon"');
    expect(render(null, "noris")).not.toContain("tabaluga-back");
    expect(render(null, "heul-doch", { onion: true })).toContain('data-art="onion"');
    expect(renderToStaticMarkup(<OnionIcon />)).toContain('data-art="onion"');
    for (const special of ["catapult", "towel", "carousel", "werewolf"])
      expect(render(special, "heul-doch")).toContain(`data-art="${special}"`);
  });

  it("marks every colour with a symbol by default, and not when switched off", () => {
    expect(render("red/7", "noris")).toContain('data-symbol="red"');
    expect(render("purple/3", "heul-doch")).toContain('data-symbol="purple"');
    const symbols = new Set(
      ["red", "orange", "yellow", "green", "blue", "purple", "black"].map((c) => {
        const m = /data-symbol="[a-z]+" (?:cx|x|d)="?[^"]*"/.exec(render(`${c}/5`, "heul-doch"));
        return m?.[0].split(" ")[1]?.split("=")[0];
      }),
    );
    expect(symbols.size).toBeGreaterThan(1);
    setTablePrefs({ symbols: false });
    expect(render("red/7", "noris")).not.toContain("data-symbol");
  });
});

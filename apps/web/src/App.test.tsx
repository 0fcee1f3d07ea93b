import type { Lang } from "@maumau/engine";
import { variants } from "@maumau/registry";
import { describeVariant } from "@maumau/server";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { App } from "./App";
import { createI18n } from "./i18n";
import type { Route } from "./router";

const summaries = variants.map(describeVariant);

const render = (lang: Lang, route: Route): string =>
  renderToString(
    <I18nextProvider i18n={createI18n(lang)}>
      <App variants={summaries} route={route} />
    </I18nextProvider>,
  );

/** Text as React writes it into HTML. */
const html = (text: string): string =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");

describe.each(["de", "en"] as const)("the rules pages in %s", (lang) => {
  const page = render(lang, { page: "rules", variant: null, rule: null });

  it("list every variant by name, players and description", () => {
    for (const variant of variants) {
      expect(page).toContain(html(variant.names[lang]));
      expect(page).toContain(html(variant.description[lang]));
      expect(page).toContain(`${variant.players.min}–${variant.players.max}`);
    }
  });

  it("show every colour of every variant's theme", () => {
    for (const variant of variants)
      for (const colour of Object.values(variant.theme.colours))
        expect(page).toContain(html(colour.label[lang]));
  });

  it("show a variant's whole rule book, each rule linkable by its id", () => {
    for (const variant of variants) {
      const book = render(lang, { page: "rules", variant: variant.id, rule: null });
      for (const rule of variant.ruleBook) {
        expect(book).toContain(`id="rule-${rule.id}"`);
        expect(book).toContain(html(rule.text[lang]));
        expect(book).toContain(`href="/rules/${variant.id}#${encodeURIComponent(rule.id)}"`);
      }
    }
  });

  it("mark the rule a link points at", () => {
    const book = render(lang, { page: "rules", variant: "noris", rule: "N-4.2" });
    expect(book).toMatch(/id="rule-N-4.2" class="rule" data-current="true"/);
  });

  it("say so for a variant that does not exist", () => {
    expect(render(lang, { page: "rules", variant: "nope", rule: null })).toContain("nope");
  });
});

describe("the page shell", () => {
  it("is in the chosen language, with navigation to play and rules", () => {
    const de = render("de", { page: "notFound", path: "/x" });
    expect(de).toContain('lang="de"');
    expect(de).toContain("Spielen");
    expect(de).toContain("Seite nicht gefunden");
    const en = render("en", { page: "notFound", path: "/x" });
    expect(en).toContain("Page not found");
  });

  it("shows no internal option keys to players: every option of every variant has a label", () => {
    for (const v of summaries) {
      if (v.id === "custom") continue;
      for (const key of Object.keys(v.optionSchema?.properties ?? {}))
        expect(
          v.optionDocs.map((d) => d.key),
          `${v.id}.${key}`,
        ).toContain(key);
    }
  });
});

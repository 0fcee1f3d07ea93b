import type { Lang } from "@maumau/engine";
import { variants } from "@maumau/registry";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { App, type AppProps } from "./App";
import { createI18n } from "./i18n";

const render = (lang: Lang, props: AppProps = {}): string =>
  renderToString(
    <I18nextProvider i18n={createI18n(lang)}>
      <App {...props} />
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

const first = variants[0];

describe.each(["de", "en"] as const)("App in %s", (lang) => {
  const page = render(lang);

  it("lists every registry variant by name, players and description", () => {
    expect(variants.length).toBeGreaterThan(0);
    for (const variant of variants) {
      expect(page).toContain(html(variant.names[lang]));
      expect(page).toContain(html(variant.description[lang]));
      expect(page).toContain(`${variant.players.min}–${variant.players.max}`);
    }
  });

  it("shows every colour of every variant's theme", () => {
    for (const variant of variants) {
      for (const colour of Object.values(variant.theme.colours)) {
        expect(page).toContain(html(colour.label[lang]));
        expect(page).toContain(`background:${colour.css}`);
      }
    }
  });

  it("shows the first variant's rule book, id and text", () => {
    expect(first).toBeDefined();
    for (const rule of first?.ruleBook ?? []) {
      expect(page).toContain(`<dt>${html(rule.id)}</dt>`);
      expect(page).toContain(html(rule.text[lang]));
    }
  });

  it("marks the language in use and offers both", () => {
    expect(page).toContain(`lang="${lang}"`);
    expect(page).toMatch(/<button[^>]*lang="de"[^>]*>Deutsch<\/button>/);
    expect(page).toMatch(/<button[^>]*lang="en"[^>]*>English<\/button>/);
    expect(page).toMatch(new RegExp(`<button[^>]*lang="${lang}"[^>]*aria-pressed="true"`));
  });

  it("shows the rule book of the variant it is asked for", () => {
    for (const variant of variants) {
      const selected = render(lang, { initialVariantId: variant.id });
      for (const rule of variant.ruleBook) {
        expect(selected).toContain(`<dt>${html(rule.id)}</dt>`);
      }
    }
  });
});

describe("App", () => {
  it("speaks German when de is chosen and English when en is", () => {
    const de = render("de");
    const en = render("en");
    expect(de).toContain("Varianten");
    expect(de).toContain("Regeln zeigen");
    expect(de).toContain("Mau Mau – Das Original");
    expect(de).toContain(html("Leg eine Karte gleicher Farbe oder gleichen Werts"));
    expect(de).not.toContain("Show rules");
    expect(en).toContain("Show rules");
    expect(en).toContain("Mau Mau – The Original");
    expect(en).not.toContain("Regeln zeigen");
  });

  it("gives every button a type and an accessible name", () => {
    const page = render("en");
    const buttons = page.match(/<button[^>]*>/g) ?? [];
    expect(buttons.length).toBe(variants.length + 2);
    for (const button of buttons) expect(button).toContain('type="button"');
    for (const variant of variants) {
      expect(page).toContain(`aria-label="${html(`Show the rules of ${variant.names.en}`)}"`);
    }
  });

  it("says so when there are no variants", () => {
    expect(render("en", { variants: [] })).toContain("No variants are installed.");
  });

  it("falls back to the first variant for an unknown id", () => {
    const page = render("en", { initialVariantId: "no-such-variant" });
    expect(page).toContain(html(`Rules: ${first?.names.en ?? ""}`));
  });
});

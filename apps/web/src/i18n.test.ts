import { describe, expect, it } from "vitest";
import { createI18n, currentLanguage, detectLanguage, resources } from "./i18n";

const keysOf = (value: object, prefix = ""): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    typeof child === "object" && child !== null
      ? keysOf(child as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

describe("detectLanguage", () => {
  it("follows the browser's language", () => {
    expect(detectLanguage({ navigatorLanguage: "de-DE" })).toBe("de");
    expect(detectLanguage({ navigatorLanguage: "de" })).toBe("de");
    expect(detectLanguage({ navigatorLanguage: "en-GB" })).toBe("en");
  });

  it("falls back to English for other or missing languages", () => {
    expect(detectLanguage({ navigatorLanguage: "fr-FR" })).toBe("en");
    expect(detectLanguage({})).toBe("en");
  });

  it("prefers a stored choice, ignoring a stale one", () => {
    expect(detectLanguage({ stored: "en", navigatorLanguage: "de-AT" })).toBe("en");
    expect(detectLanguage({ stored: "xx", navigatorLanguage: "de-AT" })).toBe("de");
  });
});

describe("createI18n", () => {
  it("is ready at once in the language it is given", () => {
    expect(createI18n("de").t("variants.heading")).toBe("Varianten");
    expect(createI18n("en").t("variants.heading")).toBe("Variants");
    expect(currentLanguage(createI18n("de"))).toBe("de");
  });

  it("plurals the rule count", () => {
    expect(createI18n("de").t("rules.count", { count: 1 })).toBe("1 Regel");
    expect(createI18n("en").t("rules.count", { count: 12 })).toBe("12 rules");
  });

  it("has the same keys in both languages", () => {
    expect(keysOf(resources.de).map((k) => k.slice(3))).toEqual(
      keysOf(resources.en).map((k) => k.slice(3)),
    );
  });
});

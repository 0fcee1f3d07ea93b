import type { Lang } from "@maumau/engine";
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";

export const LANGUAGES = ["de", "en"] as const satisfies readonly Lang[];
export const FALLBACK_LANGUAGE: Lang = "en";
/** Each language's name in itself, as the language toggle shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Lang, string>> = { de: "Deutsch", en: "English" };
export const STORAGE_KEY = "maumau.language";

const en = {
  app: {
    title: "Mau Mau",
    tagline: "One engine, many ways to play.",
  },
  language: { label: "Language" },
  variants: {
    heading: "Variants",
    empty: "No variants are installed.",
    players: "{{min}}–{{max}} players",
    playersExact: "{{count}} players",
    colours: "Colours",
    showRules: "Show rules",
    showRulesOf: "Show the rules of {{name}}",
  },
  rules: {
    heading: "Rules: {{name}}",
    count_one: "{{count}} rule",
    count_other: "{{count}} rules",
  },
};

const de: typeof en = {
  app: {
    title: "Mau Mau",
    tagline: "Eine Engine, viele Arten zu spielen.",
  },
  language: { label: "Sprache" },
  variants: {
    heading: "Varianten",
    empty: "Es sind keine Varianten installiert.",
    players: "{{min}}–{{max}} Spieler",
    playersExact: "{{count}} Spieler",
    colours: "Farben",
    showRules: "Regeln zeigen",
    showRulesOf: "Die Regeln von {{name}} zeigen",
  },
  rules: {
    heading: "Regeln: {{name}}",
    count_one: "{{count}} Regel",
    count_other: "{{count}} Regeln",
  },
};

export const resources = { en: { translation: en }, de: { translation: de } } as const;

export const isLanguage = (value: unknown): value is Lang =>
  typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/** A stored explicit choice wins, then the browser's language, then English. */
export function detectLanguage(source: {
  stored?: string | null | undefined;
  navigatorLanguage?: string | undefined;
}): Lang {
  if (isLanguage(source.stored)) return source.stored;
  const primary = source.navigatorLanguage?.toLowerCase().split("-")[0];
  return isLanguage(primary) ? primary : FALLBACK_LANGUAGE;
}

/** A fresh, ready i18next instance; resources are inline, so it is usable at once. */
export function createI18n(language: Lang): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** The instance's current language as one the variants are written in. */
export const currentLanguage = (instance: i18n): Lang => {
  const lang = instance.resolvedLanguage ?? instance.language;
  return isLanguage(lang) ? lang : FALLBACK_LANGUAGE;
};

import type { Lang } from "@maumau/engine";
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { de } from "./locales/de";
import { en } from "./locales/en";

export const LANGUAGES = ["de", "en"] as const satisfies readonly Lang[];
export const FALLBACK_LANGUAGE: Lang = "en";
/** Each language's name in itself, as the language toggle shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Lang, string>> = { de: "Deutsch", en: "English" };
export const STORAGE_KEY = "maumau.language";

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

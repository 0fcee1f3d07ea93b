import type { Lang } from "@maumau/engine";
import type { z } from "zod";
import de from "zod/v4/locales/de.js";
import en from "zod/v4/locales/en.js";

/**
 * zod's own messages in the page's language, for the house-rules editor's list of problems
 * (`schema.safeParse(doc, { error: schemaMessages[lang] })`; a schema's custom messages win).
 */
export const schemaMessages: Readonly<Record<Lang, z.core.$ZodErrorMap>> = {
  de: de().localeError,
  en: en().localeError,
};

import { z } from "zod";
import { MATCH_ID } from "../matches/tokens.js";
import { RULE_SET_NAME } from "../ruleSets/RuleSetService.js";
import { isShowableText, SHOWN_TEXT } from "@maumau/client/schema";
import { formed, text } from "./text.js";

export const matchId = formed(MATCH_ID, {
  en: "a match id is 1–64 letters, digits, dashes and underscores",
  de: "eine Partie-ID besteht aus 1–64 Buchstaben, Ziffern, Binde- und Unterstrichen",
});
export const token = text().min(16).max(128);
/** A player's name: 1–32 characters once trimmed, that show as text (no escapes, line breaks, bidi overrides or invisible characters). */
export const playerName = text().trim().min(1).max(32).refine(isShowableText, SHOWN_TEXT);
export const version = z.number().int().min(0);
export const seatIndex = z.number().int().min(0).max(63);
export const ruleSetName = formed(RULE_SET_NAME, {
  en: "a rule set name is 1–64 lower-case letters, digits and dashes",
  de: "ein Regelwerk-Name besteht aus 1–64 Kleinbuchstaben, Ziffern und Bindestrichen",
});
export const ruleSetVersion = z.number().int().min(1);
export const ruleSetRef = z
  .object({ name: ruleSetName, version: ruleSetVersion.optional() })
  .strict();

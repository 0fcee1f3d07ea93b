import { z } from "zod";
import { MATCH_ID } from "../matches/tokens.js";
import { RULE_SET_NAME } from "../ruleSets/RuleSetService.js";
import { isShowableText, SHOWN_TEXT } from "@maumau/client/schema";
import { text } from "./text.js";

export const matchId = text().regex(MATCH_ID, "not a match id");
export const token = text().min(16).max(128);
/** A player's name: 1–32 characters once trimmed, that show as text (no escapes, line breaks, bidi overrides or invisible characters). */
export const playerName = text().trim().min(1).max(32).refine(isShowableText, SHOWN_TEXT);
export const version = z.number().int().min(0);
export const seatIndex = z.number().int().min(0).max(63);
export const ruleSetName = text().regex(
  RULE_SET_NAME,
  "a rule set name is 1–64 lower-case letters, digits and dashes",
);
export const ruleSetVersion = z.number().int().min(1);
export const ruleSetRef = z
  .object({ name: ruleSetName, version: ruleSetVersion.optional() })
  .strict();

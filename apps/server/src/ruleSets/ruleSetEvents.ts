import type { RuleSetRef } from "@maumau/client";

export type { RuleSetRef };

/**
 * The facts of a saved rule set's stream (`ruleset-<name>`), past tense. Every save is a new
 * version (the stream version of its event); nothing is ever rewritten, so a match that names
 * `{ name, version }` names one document for ever.
 */
export type RuleSetEvent =
  /**
   * The document as validated by the custom variant's schema, defaults filled. `ownerHash`:
   * SHA-256 of the owner token the name's first save handed out (the token is never stored);
   * every later save repeats it. Absent on sets saved before rule sets had owners.
   */
  | { type: "ruleSet.saved"; data: { name: string; document: unknown; ownerHash?: string } }
  /** The name is gone from the list; its saved versions stay readable by number. */
  | { type: "ruleSet.deleted"; data: { name: string } };

export type RuleSetEventType = RuleSetEvent["type"];

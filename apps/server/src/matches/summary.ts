import type { MatchSummary } from "@maumau/client";
import type { LobbyView } from "./Match.js";

export type { MatchSummary };

/** The longest title a summary carries (a house-rules document's `name` is at most this). */
export const MAX_TITLE = 80;

/**
 * A match as `lobby.list` shows it (issue #18): its lobby view without the options, plus the
 * title of a house-rules match. Every field is bounded, whatever a match's options hold (older
 * matches' too): the largest list answer is a figure in docs/reliability.md.
 */
export function summaryOf(view: LobbyView): MatchSummary {
  const { options, ...rest } = view;
  const name = (options as { name?: unknown } | null)?.name;
  return Object.freeze({
    ...rest,
    title: view.variant === "custom" && typeof name === "string" ? name.slice(0, MAX_TITLE) : null,
  });
}

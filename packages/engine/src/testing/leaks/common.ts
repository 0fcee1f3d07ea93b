import type { CardCode } from "../../cards/codes.js";
import type { Viewer } from "../../core/types.js";

/**
 * The parts of the leak checks every family shares: the viewer's own hand in a view, and the
 * opening events core/events.ts filters for every family.
 */

/** A spectator sees no hand; a seat sees exactly its own. */
export function handLeak(
  hands: readonly (readonly CardCode[])[],
  shown: readonly CardCode[] | null,
  viewer: Viewer,
): string | null {
  if (viewer === "spectator") return shown !== null ? "a spectator sees a hand" : null;
  return JSON.stringify(shown) !== JSON.stringify(hands[viewer]) ? "own hand wrong" : null;
}

/**
 * Filtered opening events carry no seed, no deck order, no hand but the viewer's own;
 * `undefined` for an event that is not one of them (the family checks it).
 */
export function openingEventLeak(
  type: string,
  d: Readonly<Record<string, unknown>>,
  viewer: Viewer,
): string | null | undefined {
  switch (type) {
    case "match.started":
      return "seed" in d ? "seed" : null;
    case "game.started":
      return "deck" in d ? "deck order" : null;
    case "cards.dealt":
      return "hands" in d
        ? "all hands"
        : viewer === "spectator" && d.hand !== null
          ? "a hand"
          : null;
    default:
      return undefined;
  }
}

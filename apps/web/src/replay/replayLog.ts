import { isLobbyEventType, type ViewEvent } from "@maumau/client";
import { verifyFairness, type AnyEngine, type FairnessReport, type Progress } from "@maumau/engine";
import { findVariant } from "@maumau/registry";

/** The bot levels a practice match may seat (this chunk has the engine already). */
export { BOT_LEVELS } from "@maumau/engine";

/** A finished match, ready to step through: the state after every event of its log. */
export interface Replay {
  readonly variant: string;
  readonly family: "classic" | "heul-doch";
  readonly events: readonly ViewEvent[];
  /** `states[i]` = the engine state after the first `i` events (null before `match.started`). */
  readonly states: readonly unknown[];
  /** `progress[i]`: where the game stands after the first `i` events (null before the start). */
  readonly progress: readonly (Progress | null)[];
  readonly fairness: FairnessReport;
}

/**
 * Folds a match's full log (public once the match is over, "Always true" 4) with the variant's
 * own engine, in the browser: the same `evolve` the server folds with, so step N is exactly the
 * state the server had after event N.
 */
export function buildReplay(variantId: string, events: readonly ViewEvent[]): Replay {
  const variant = findVariant(variantId);
  if (variant === undefined) throw new Error(`unknown variant ${variantId}`);
  const engine = variant.engine as AnyEngine;
  const states: unknown[] = [null];
  let state: unknown = null;
  for (const e of events) {
    if (!isLobbyEventType(e.type))
      state = engine.evolve(state, { type: e.type, data: e.data } as { type: string });
    states.push(state);
  }
  const family = engine.family === "heul-doch" ? "heul-doch" : "classic";
  const engineEvents = events.filter((e) => !isLobbyEventType(e.type));
  return {
    variant: variantId,
    family,
    events,
    states,
    progress: states.map((s) => (s === null ? null : engine.progress(s))),
    fairness: verifyFairness(family, engineEvents),
  };
}

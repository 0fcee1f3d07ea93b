import { isLobbyEventType, type ViewEvent } from "@maumau/client";
import { verifyFairness, type AnyEngine, type FairnessReport, type Progress } from "@maumau/engine";
import { findVariant } from "@maumau/registry";

/** A finished match, ready to step through: the state after every event of its log. */
export interface Replay {
  readonly variant: string;
  readonly family: "classic" | "heul-doch";
  readonly events: readonly ViewEvent[];
  /** `states[i]` = the engine state after the first `i` events (null before `match.started`). */
  readonly states: readonly unknown[];
  /** `progress[i]`: where the game stands after the first `i` events (null before the start). */
  readonly progress: readonly (Progress | null)[];
  /**
   * `chart[i]`: the statechart position after the first `i` events — the state, the state
   * before the command those events belong to, and the machine events that command took so
   * far (null before the start).
   */
  readonly chart: readonly ({ state: string; previous: string | null; taken: string[] } | null)[];
  /** The engine's rule set of the match (from `match.started`), null before the start. */
  readonly rules: unknown;
  readonly fairness: FairnessReport;
}

const toEngine = (e: ViewEvent) => ({ type: e.type, data: e.data }) as { type: string };

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
    if (!isLobbyEventType(e.type)) state = engine.evolve(state, toEngine(e));
    states.push(state);
  }
  const family = engine.family === "heul-doch" ? "heul-doch" : "classic";
  // Group the engine events by command: a group starts with an event the machine names as a
  // command (`card.played` → playCard); the rest of its events are what that command raised.
  const chart: Replay["chart"][number][] = [null];
  let groupStart = -1;
  for (let i = 1; i < states.length; i++) {
    const before = states[i - 1] ?? null;
    const after = states[i] ?? null;
    const e = events[i - 1]!;
    if (after === null || isLobbyEventType(e.type)) {
      chart.push(chart[i - 1] ?? null);
      continue;
    }
    const one = before === null ? [] : engine.machineEvents(before, [toEngine(e)], after);
    if (one.length > 0 || groupStart < 0) groupStart = i - 1;
    const start = states[groupStart] ?? null;
    const group = events
      .slice(groupStart, i)
      .filter((x) => !isLobbyEventType(x.type))
      .map(toEngine);
    chart.push({
      state: engine.chartPosition(after).state,
      previous: start === null ? null : engine.chartPosition(start).state,
      taken: start === null ? [] : engine.machineEvents(start, group, after),
    });
  }
  const started = states.find((x) => x !== null) ?? null;
  const engineEvents = events.filter((e) => !isLobbyEventType(e.type));
  return {
    variant: variantId,
    family,
    events,
    states,
    progress: states.map((s) => (s === null ? null : engine.progress(s))),
    chart,
    rules: started === null ? null : engine.ruleSetOf(started),
    fairness: verifyFairness(family, engineEvents),
  };
}

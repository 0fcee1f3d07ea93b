import type { DeltaFrame, MatchFrame, MatchSnapshot, WireFrame } from "./protocol.js";

/**
 * Completes the server's delta frames into MatchFrames, one connection's worth: it keeps the
 * newest snapshot of each match the connection watches (every watch answers with a full frame
 * first) and fills in what a delta leaves out (`DeltaFrame`).
 */
export class FrameExpander {
  private readonly latest = new Map<string, MatchSnapshot>();

  /**
   * The MatchFrame a wire frame stands for, or null for a delta of a match with no full frame
   * seen as that viewer (nothing to complete it from; a feed catches up at its next frame).
   */
  expand(frame: WireFrame): MatchFrame | null {
    if (frame.kind !== "delta") {
      this.keep(frame.snapshot);
      return frame;
    }
    const base = this.latest.get(frame.matchId);
    if (base === undefined || base.viewer !== frame.viewer) return null;
    const snapshot = complete(base, frame);
    this.keep(snapshot);
    return {
      kind: "events",
      matchId: frame.matchId,
      version: frame.version,
      events: frame.events,
      snapshot,
    };
  }

  /** The connection no longer watches the match (or lost its rooms). */
  forget(matchId?: string): void {
    if (matchId === undefined) this.latest.clear();
    else this.latest.delete(matchId);
  }

  private keep(snapshot: MatchSnapshot): void {
    const known = this.latest.get(snapshot.matchId);
    if (
      known === undefined ||
      known.viewer !== snapshot.viewer ||
      snapshot.version >= known.version
    )
      this.latest.set(snapshot.matchId, snapshot);
  }
}

function complete(base: MatchSnapshot, frame: DeltaFrame): MatchSnapshot {
  const last = frame.events.at(-1);
  const lobby = frame.lobby ?? {
    ...base.lobby,
    version: frame.version,
    updatedAt: last?.at ?? base.lobby.updatedAt,
  };
  let view = frame.view;
  if (
    view !== null &&
    typeof view === "object" &&
    !("rules" in view) &&
    base.view !== null &&
    typeof base.view === "object" &&
    "rules" in base.view
  ) {
    view = { ...view, rules: (base.view as { rules: unknown }).rules };
  }
  return {
    matchId: frame.matchId,
    version: frame.version,
    viewer: frame.viewer,
    lobby,
    view,
    progress: frame.progress,
    legal: frame.legal,
  };
}

import type { FamilyView } from "@maumau/engine";
import {
  isChatEventType,
  type DeltaFrame,
  type MatchFrame,
  type MatchSnapshot,
  type PrivateFrame,
  type ViewPatch,
  type WireFrame,
} from "./protocol.js";

/** Deltas kept per match while one before them is still missing. */
const MAX_HELD = 64;

/**
 * Completes the server's delta frames into MatchFrames, one connection's worth: it keeps the
 * newest snapshot of each match the connection watches (every watch answers with a full frame
 * first) and fills in what a delta leaves out (`DeltaFrame`). A delta is completed only on the
 * snapshot of the version just before it, since what it leaves out may have changed in a frame
 * between: with several server processes frames may overtake each other, so a delta that
 * jumps ahead is held until the ones before it (or a full frame) arrive. A delta whose view is a
 * patch (`viewPatch`) is completed only on the snapshot of the version just before its first
 * event; on a later one it is dropped. Either way the expander knows a version it could not
 * complete (`missing`), and the next watch makes up for it: `SocketClient` tells its feeds to
 * watch again when a frame that did not come stays missing for a moment (`STALL_MS`).
 *
 * A seat's commit comes as its private part with the public part (`PrivateFrame`): joined,
 * they are the seat's delta.
 */
export class FrameExpander {
  private readonly latest = new Map<string, MatchSnapshot>();
  private readonly held = new Map<string, DeltaFrame[]>();
  /**
   * Per match, the newest version of a frame that could not be completed on the snapshot kept:
   * held behind a gap, or a view patch of another version's view (`missing`).
   */
  private readonly unmet = new Map<string, number>();

  /**
   * The MatchFrames a wire frame makes ready, in version order: the frame itself when it is
   * full, its completion when it follows the last snapshot (and any held deltas that follow
   * on), nothing when it must wait, is older than what is known, or has no snapshot of the
   * match (as that viewer) to be completed from.
   */
  expand(frame: WireFrame): MatchFrame[] {
    const { matchId } = frame;
    if (frame.kind === "events" || frame.kind === "snapshot") {
      this.keep(frame.snapshot);
      return [frame, ...this.release(matchId)];
    }
    const base = this.latest.get(matchId);
    if (base === undefined || frame.version <= base.version) return [];
    if (base.viewer !== frame.viewer) return [];
    if (frame.kind === "private") return this.expand(joinParts(frame.shared, frame));
    const first = frame.events[0]?.version ?? frame.version;
    if (frame.version <= base.version) return [];
    if (frame.viewPatch !== undefined && first < base.version + 1) {
      this.unmetAt(matchId, frame.version);
      return [];
    }
    if (first > base.version + 1) {
      this.unmetAt(matchId, frame.version);
      const held = this.held.get(matchId) ?? [];
      held.push(frame);
      if (held.length > MAX_HELD) held.shift();
      this.held.set(matchId, held);
      return [];
    }
    return [this.complete(base, frame), ...this.release(matchId)];
  }

  /**
   * The newest version of the match that came as a frame this expander could not complete (held
   * behind a frame that did not come, or a view patch of a version it does not have), while the
   * snapshot kept is older; null when nothing is missing. A watch from the kept version
   * (`afterVersion`) makes up for it: `SocketClient` asks its feeds for one when a match stays
   * so for a moment.
   */
  missing(matchId: string): number | null {
    const version = this.unmet.get(matchId);
    if (version === undefined) return null;
    const base = this.latest.get(matchId);
    if (base === undefined || base.version >= version) {
      this.unmet.delete(matchId);
      return null;
    }
    return version;
  }

  /** The connection no longer watches the match (or, without an id, lost every room). */
  forget(matchId?: string): void {
    if (matchId === undefined) {
      this.latest.clear();
      this.held.clear();
      this.unmet.clear();
    } else {
      this.latest.delete(matchId);
      this.held.delete(matchId);
      this.unmet.delete(matchId);
    }
  }

  private unmetAt(matchId: string, version: number): void {
    this.unmet.set(matchId, Math.max(version, this.unmet.get(matchId) ?? 0));
  }

  /** Held deltas that now follow the last snapshot, completed in order; older ones dropped. */
  private release(matchId: string): MatchFrame[] {
    const out: MatchFrame[] = [];
    for (;;) {
      const held = this.held.get(matchId);
      const base = this.latest.get(matchId);
      if (held === undefined || base === undefined) return out;
      const waiting = held.filter(
        (d) =>
          d.version > base.version &&
          d.viewer === base.viewer &&
          (d.viewPatch === undefined || (d.events[0]?.version ?? d.version) > base.version),
      );
      const next = waiting.find((d) => (d.events[0]?.version ?? d.version) <= base.version + 1);
      if (waiting.length === 0) this.held.delete(matchId);
      else this.held.set(matchId, waiting);
      if (next === undefined) return out;
      waiting.splice(waiting.indexOf(next), 1);
      out.push(this.complete(base, next));
    }
  }

  private complete(base: MatchSnapshot, frame: DeltaFrame): MatchFrame {
    const snapshot = completeSnapshot(base, frame);
    this.keep(snapshot);
    return {
      kind: "events",
      matchId: frame.matchId,
      version: frame.version,
      events: frame.events,
      snapshot,
    };
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

function completeSnapshot(base: MatchSnapshot, frame: DeltaFrame): MatchSnapshot {
  // Table talk does not move the turn: its timer runs from the last other event (`updatedAt`).
  const last = frame.events.findLast((e) => !isChatEventType(e.type));
  const lobby = frame.lobby ?? {
    ...base.lobby,
    version: frame.version,
    updatedAt: last?.at ?? base.lobby.updatedAt,
  };
  const view =
    frame.viewPatch === undefined
      ? viewOf(frame.view, base.view)
      : viewOf(patched(base.view, frame.viewPatch), base.view);
  return {
    matchId: frame.matchId,
    version: frame.version,
    viewer: frame.viewer,
    lobby,
    view,
    progress: frame.progress,
    legal: frame.legal,
    machine: frame.machine,
  };
}

/**
 * A delta's view, with the rules of the match's last snapshot where the delta leaves them out.
 * A view on the wire is what the server's engine made (`FamilyView`): its `family` says which.
 */
function viewOf(wire: unknown, base: FamilyView | null): FamilyView | null {
  if (typeof wire !== "object" || wire === null) return null;
  const view = "rules" in wire || base === null ? wire : { ...wire, rules: base.rules };
  return isFamilyView(view) ? view : null;
}

const isFamilyView = (view: object): view is FamilyView =>
  "family" in view && typeof view.family === "string" && "rules" in view;

/** A view with a patch applied (`ViewPatch`); null when there is no view to patch. */
function patched(view: FamilyView | null, patch: ViewPatch): unknown {
  if (view === null) return null;
  const next: Record<string, unknown> = { ...view, ...patch.set };
  for (const key of patch.drop ?? []) delete next[key];
  return next;
}

/** Two patches as one: `first`, then `then`. */
function composed(first: ViewPatch, then: ViewPatch): ViewPatch {
  const set: Record<string, unknown> = { ...first.set, ...then.set };
  const drop = new Set(first.drop);
  for (const key of Object.keys(then.set)) drop.delete(key);
  for (const key of then.drop ?? []) {
    delete set[key];
    drop.add(key);
  }
  return drop.size === 0 ? { set } : { set, drop: [...drop] };
}

/** A seat's delta from a commit's public part and the seat's private part of the same version. */
export function joinParts(shared: DeltaFrame, own: Omit<PrivateFrame, "shared">): DeltaFrame {
  const mine = own.events === undefined ? null : new Map(own.events.map((e) => [e.version, e]));
  const { view: _view, viewPatch: _patch, ...rest } = shared;
  return {
    ...rest,
    viewer: own.viewer,
    events: mine === null ? shared.events : shared.events.map((e) => mine.get(e.version) ?? e),
    ...viewOfParts(shared, own),
    legal: own.legal,
  };
}

/** The seat's view (or view patch) from the two parts, in the three ways of `PrivateFrame`. */
function viewOfParts(
  shared: DeltaFrame,
  own: Omit<PrivateFrame, "shared">,
): Pick<DeltaFrame, "view" | "viewPatch"> {
  if (shared.viewPatch === undefined) {
    const view = shared.view ?? null;
    return {
      view:
        view === null || own.view === null || own.view === undefined
          ? view
          : { ...(view as Record<string, unknown>), ...own.view },
    };
  }
  if (own.view !== undefined) return { view: own.view };
  return {
    viewPatch:
      own.viewPatch === undefined ? shared.viewPatch : composed(shared.viewPatch, own.viewPatch),
  };
}

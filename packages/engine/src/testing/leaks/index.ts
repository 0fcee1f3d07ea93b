/**
 * @maumau/engine/testing/leaks: the checks that no view or event shows a viewer a card it may
 * not see. Tests and the soak suite use them; production code filters with `view`/`eventFor`.
 */
import type { Viewer } from "../../core/types.js";
import { classicEventLeak, classicStepLeak, classicViewLeak } from "./classic.js";
import { heulDochEventLeak, heulDochFrameLeak, heulDochViewLeak } from "./heulDoch.js";

export {
  classicEventLeak,
  classicStepLeak,
  classicViewLeak,
  heulDochEventLeak,
  heulDochFrameLeak,
  heulDochViewLeak,
};
export { FRAME_LEAKS } from "../families.js";
export { codesIn } from "./codes.js";
export { handLeak, openingEventLeak } from "./common.js";

/** A family's leak checks, as the property harness takes them. */
export interface LeakChecks {
  /** What a view shows `viewer` that it may not see, or null. */
  readonly view: (state: unknown, view: unknown, viewer: Viewer) => string | null;
  /** What a filtered event shows `viewer` that it may not see, or null. */
  readonly event: (event: unknown, viewer: Viewer) => string | null;
}

export const classicLeaks: LeakChecks = { view: classicViewLeak, event: classicEventLeak };
export const heulDochLeaks: LeakChecks = { view: heulDochViewLeak, event: heulDochEventLeak };

/**
 * A family's checks of what a server sends one viewer (its soak test): its leak checks, and
 * those that need more than one view or one filtered event.
 */
export interface FrameLeakChecks extends LeakChecks {
  /**
   * What an event sent to `viewer` names that it may not see, given the states before and
   * after it and the event as the log keeps it, or null.
   */
  readonly step: (
    event: unknown,
    viewer: Viewer,
    before: unknown,
    after: unknown,
    stored: { readonly type: string; readonly data: unknown } | undefined,
  ) => string | null;
  /** What a whole frame sent to `viewer` at `state` shows that it may not see, or null. */
  readonly frame: (frame: unknown, state: unknown, viewer: Viewer) => string | null;
}

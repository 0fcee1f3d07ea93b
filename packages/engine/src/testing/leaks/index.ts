/**
 * @maumau/engine/testing/leaks: the checks that no view or event shows a viewer a card it may
 * not see. Tests and the soak suite use them; production code filters with `view`/`eventFor`.
 */
import type { Viewer } from "../../core/types.js";
import { classicEventLeak, classicViewLeak } from "./classic.js";
import { heulDochEventLeak, heulDochViewLeak } from "./heulDoch.js";

export { classicEventLeak, classicViewLeak, heulDochEventLeak, heulDochViewLeak };
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

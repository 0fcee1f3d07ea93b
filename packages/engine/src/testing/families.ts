/**
 * The test harness's one registration of the game families, by name: what the fast row drives
 * (`FAST_ROW_FAMILIES`) and what the server's soak tests check each frame with (`FRAME_LEAKS`).
 * The only file of `src/testing` that names a family; a new family adds its parts here.
 */
import type { ClassicState } from "../classic/state.js";
import type { FamilyName } from "../families.js";
import { FastClassic } from "../fast/classic.js";
import { FastHeulDoch } from "../fast/heulDoch.js";
import type { HeulDochState } from "../heul-doch/state.js";
import { fastHeulDochSnapshotOf, fastSnapshotOf, type FastRowFamily } from "./fastBeside.js";
import { classicEventLeak, classicStepLeak, classicViewLeak } from "./leaks/classic.js";
import { heulDochEventLeak, heulDochFrameLeak, heulDochViewLeak } from "./leaks/heulDoch.js";
import type { FrameLeakChecks } from "./leaks/index.js";

/** The families whose fast path the fast row drives, by `Engine.family`. */
export const FAST_ROW_FAMILIES: Readonly<Partial<Record<string, FastRowFamily>>> = {
  classic: {
    load: (s) => FastClassic.load(s as ClassicState, { exactShuffles: true }),
    expected: (s) => fastSnapshotOf(s as ClassicState),
  },
  // a dealt Heul doch! game has no random outcome left (H-3.6): nothing to take exactly
  "heul-doch": {
    load: (s) => FastHeulDoch.load(s as HeulDochState),
    expected: (s) => fastHeulDochSnapshotOf(s as HeulDochState),
  },
};

const none = (): null => null;

/** Every family's frame checks, by name: the server reaches a family's checks through it. */
export const FRAME_LEAKS: { readonly [F in FamilyName]: FrameLeakChecks } = {
  classic: { view: classicViewLeak, event: classicEventLeak, step: classicStepLeak, frame: none },
  "heul-doch": {
    view: heulDochViewLeak,
    event: heulDochEventLeak,
    step: none,
    frame: heulDochFrameLeak,
  },
};

/**
 * @maumau/engine/testing/leaks: the checks that no view or event shows a viewer a card it may
 * not see. Tests and the soak suite use them; production code filters with `view`/`eventFor`.
 */
export { classicEventLeak, classicViewLeak } from "./classic.js";
export { heulDochEventLeak, heulDochViewLeak } from "./heulDoch.js";
export { codesIn } from "./codes.js";

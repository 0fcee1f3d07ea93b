import type { CardCode } from "../../cards/codes.js";

/**
 * Every string inside `x` that `isCode` accepts, skipping `rules` subtrees (rule sets name
 * ranks, not cards). The leak checks of every family scan views and events with it.
 */
export function codesIn(x: unknown, isCode: RegExp, out: CardCode[] = []): CardCode[] {
  if (typeof x === "string") {
    if (isCode.test(x)) out.push(x);
  } else if (Array.isArray(x)) for (const y of x) codesIn(y, isCode, out);
  else if (x && typeof x === "object")
    for (const [k, v] of Object.entries(x)) if (k !== "rules") codesIn(v, isCode, out);
  return out;
}

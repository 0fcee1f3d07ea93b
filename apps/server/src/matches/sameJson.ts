/**
 * Two values have the same JSON text, up to key order (a key whose value is undefined counts as
 * absent, as JSON.stringify drops it). Anything else JSON converts (NaN, a Date) counts as
 * different. A commit's private frames (`Match.commitFrames`) hold what a seat sees that differs
 * from the shared part: a false "different" only sends a part again, never a wrong frame.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlain(a) || !isPlain(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let defined = 0;
  for (const key in ra) {
    if (ra[key] === undefined) continue;
    defined++;
    if (!sameJson(ra[key], rb[key])) return false;
  }
  for (const key in rb) if (rb[key] !== undefined) defined--;
  return defined === 0;
}

const isPlain = (value: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

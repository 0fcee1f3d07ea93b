import { appendFileSync, mkdirSync } from "node:fs";

/**
 * The soak suite runs twice over: a short version inside `npm test` (CI), and the full counts
 * of docs/reliability.md with `pnpm test:soak` (SOAK=1).
 */
export const SOAK = process.env.SOAK === "1" || process.env.npm_lifecycle_event === "test:soak";

/** `ci` in the normal test run, `soak` in the soak run. */
export const scale = (ci: number, soak: number): number => (SOAK ? soak : ci);

const REPORT = new URL("../../.reports/soak.jsonl", import.meta.url);

/** Prints a measured figure (`soak: name: value unit`) and appends it to .reports/soak.jsonl. */
export function figure(name: string, value: number | string, unit = ""): void {
  const line = { name, value, unit, soak: SOAK, at: new Date().toISOString() };
  console.log(`soak: ${name}: ${value}${unit ? ` ${unit}` : ""}`);
  try {
    mkdirSync(new URL(".", REPORT), { recursive: true });
    appendFileSync(REPORT, `${JSON.stringify(line)}\n`);
  } catch {
    // The figure is printed above; a read-only tree only loses the file copy.
  }
}

/** A seeded generator for the soak's own choices (which variant, when to kill, …). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `task` over `items` with at most `limit` at a time. */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i]!, i);
      }
    }),
  );
  return out;
}

/**
 * Helpers of the `*.figures.ts` benchmark scripts (see BENCHMARKS.md): measure a rate for a
 * while, print one figure line `name: value unit (goal: …)` that `pnpm bench` collects.
 */
export const QUICK = process.argv.includes("--quick");

/** Seconds per measurement: short with `--quick` (the whole quick run stays under 3 min). */
export const SECONDS = QUICK ? 0.7 : 4;

/**
 * Runs `step` (which returns the units it did) until `seconds` have passed, after a warm-up
 * of a fifth of that; returns units per second.
 */
export function rate(step: () => number, seconds = SECONDS): number {
  const warm = performance.now() + seconds * 200;
  while (performance.now() < warm) step();
  let units = 0;
  const start = performance.now();
  let now = start;
  do {
    units += step();
    now = performance.now();
  } while (now - start < seconds * 1000);
  return (units * 1000) / (now - start);
}

/**
 * Two rates taken in alternating rounds, each its best round: on a shared machine a noisy
 * neighbour then hurts both sides alike, which keeps their ratio honest.
 */
export function rates(a: () => number, b: () => number, rounds = QUICK ? 2 : 4): [number, number] {
  let ra = 0;
  let rb = 0;
  for (let i = 0; i < rounds; i++) {
    ra = Math.max(ra, rate(a, SECONDS / rounds));
    rb = Math.max(rb, rate(b, SECONDS / rounds));
  }
  return [ra, rb];
}

const fmt = (value: number): string =>
  value >= 100
    ? Math.round(value).toLocaleString("en-US")
    : value >= 1
      ? value.toFixed(2)
      : value.toPrecision(3);

/** Prints one figure line: `name: value unit (goal: …)`. */
export function figure(name: string, value: number, unit: string, goal: string): void {
  console.log(`${name}: ${fmt(value)} ${unit} (goal: ${goal})`);
}

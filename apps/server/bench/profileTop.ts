/**
 * The top entries of a V8 CPU profile (`node --cpu-prof`): self time per function, and the
 * total (self + callees) of the functions with the most inclusive time, for BENCHMARKS.md.
 *
 * Usage: `node --import tsx bench/profileTop.ts FILE.cpuprofile [N]`
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";

interface Node {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
  readonly children?: readonly number[];
}

interface Profile {
  readonly nodes: readonly Node[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const [file, count] = process.argv.slice(2);
if (file === undefined) {
  console.error("usage: profileTop.ts FILE.cpuprofile [N]");
  process.exit(2);
}
const top = Number(count ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const nameOf = (n: Node): string => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url === "" ? "" : ` ${shorten(url)}:${lineNumber + 1}`;
  return `${functionName || "(anonymous)"}${where}`;
};
function shorten(url: string): string {
  const path = url.replace(/^file:\/\//, "");
  const pnpm = path.lastIndexOf("/node_modules/");
  if (pnpm >= 0) return path.slice(pnpm + "/node_modules/".length);
  return relative(process.cwd(), path);
}

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + us);
  // Each function on the stack once (recursion is not counted twice).
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = nameOf(byId.get(at)!);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  }
}

const pct = (us: number) => `${((us * 100) / total).toFixed(1).padStart(5)} %`;
console.log(`profile ${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log(`\nself time, top ${top}:`);
for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${pct(us)}  ${name}`);
}
console.log(`\ninclusive time, top ${top}:`);
for (const [name, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${pct(us)}  ${name}`);
}

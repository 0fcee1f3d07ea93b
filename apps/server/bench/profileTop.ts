/**
 * The top entries of a V8 CPU profile (`node --cpu-prof`): self time per function, and the
 * total (self + callees) of the functions with the most inclusive time, for BENCHMARKS.md.
 * The same for a sampling heap profile (`node --heap-prof`, `.heapprofile`): bytes allocated
 * per function (V8 samples an allocation about every 512 KB and scales it up).
 *
 * Usage: `node --import tsx bench/profileTop.ts FILE.cpuprofile|FILE.heapprofile [N]`
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
/** A `.heapprofile`'s tree: each node with the bytes allocated in it (not in its callees). */
interface HeapNode {
  readonly id: number;
  readonly callFrame: Node["callFrame"];
  readonly selfSize: number;
  readonly children: readonly HeapNode[];
}

const top = Number(count ?? 25);
const raw = JSON.parse(readFileSync(file, "utf8")) as Profile | { head: HeapNode };
const heap = "head" in raw;
const nodes: Node[] = [];
const parent = new Map<number, number>();
/** CPU: microseconds per node; heap: bytes. */
const selfUs = new Map<number, number>();
if ("head" in raw) {
  const walk = (n: HeapNode, up: number | undefined) => {
    nodes.push({ id: n.id, callFrame: n.callFrame });
    if (up !== undefined) parent.set(n.id, up);
    if (n.selfSize > 0) selfUs.set(n.id, n.selfSize);
    for (const c of n.children) walk(c, n.id);
  };
  walk(raw.head, undefined);
} else {
  nodes.push(...raw.nodes);
  for (const n of raw.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  raw.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (raw.timeDeltas[i] ?? 0));
  });
}
const byId = new Map(nodes.map((n) => [n.id, n]));
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
console.log(
  heap
    ? `profile ${file}: ${(total / 2 ** 20).toFixed(0)} MB allocated (sampled)`
    : `profile ${file}: ${(total / 1e6).toFixed(1)} s sampled`,
);
const what = heap ? "allocated" : "time";
console.log(`\nself ${what}, top ${top}:`);
for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${pct(us)}  ${name}`);
}
console.log(`\ninclusive ${what}, top ${top}:`);
for (const [name, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${pct(us)}  ${name}`);
}

import ELK from "elkjs/lib/elk.bundled.js";
import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api.js";
import type { ChartEdge, ChartGraph, ChartMove, ChartNode } from "./graph.js";
import { labelParts } from "./text.js";

export interface Point {
  readonly x: number;
  readonly y: number;
}
export interface Box extends Point {
  readonly width: number;
  readonly height: number;
}

/** A state placed on the page (absolute coordinates). */
export interface LaidNode extends Box {
  readonly node: ChartNode;
  readonly compound: boolean;
  readonly depth: number;
}

/** An arrow placed on the page: its polyline and where each move's label sits. */
export interface LaidEdge {
  readonly edge: ChartEdge;
  readonly points: readonly Point[];
  readonly labels: readonly (Box & {
    readonly move: ChartMove;
    readonly parts: readonly string[];
  })[];
}

/** The small dot that marks the state entered first (of the chart or of a compound state). */
export interface LaidStart {
  readonly of: string | null;
  readonly dot: Point;
  readonly points: readonly Point[];
}

export interface ChartLayout {
  readonly id: string;
  readonly width: number;
  readonly height: number;
  readonly nodes: readonly LaidNode[];
  readonly edges: readonly LaidEdge[];
  readonly starts: readonly LaidStart[];
}

/** Approximate text width of the chart's 12 px sans-serif, so layout needs no DOM. */
export const textWidth = (text: string, px = 12) => Math.ceil(text.length * px * 0.58);

/** The text of one move on an arrow: the event, then its guard's rule ids and conditions. */
export function moveText(event: string, parts: readonly string[]): string {
  return parts.length === 0 ? event : `${event} [${parts.join(", ")}]`;
}

const NODE_HEIGHT = 32;
const LABEL_HEIGHT = 16;
const START = 10;
const startId = (of: string | null) => `__start:${of ?? ""}`;

let elk: InstanceType<typeof ELK> | null = null;

/**
 * Lays the chart out with ELK's layered algorithm (offline, in-process: Node or the browser),
 * compound states drawn around their children. Deterministic for the same graph.
 */
export async function layoutChart(graph: ChartGraph): Promise<ChartLayout> {
  elk ??= new ELK();
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const toElk = (node: ChartNode): ElkNode => {
    if (node.children.length === 0)
      return {
        id: node.id,
        width: Math.max(64, textWidth(node.label, 13) + 24),
        height: NODE_HEIGHT,
      };
    const children = node.children.map((c) => toElk(byId.get(c)!));
    if (node.initial !== null)
      children.unshift({ id: startId(node.id), width: START, height: START });
    return {
      id: node.id,
      children,
      layoutOptions: { "elk.padding": `[top=${LABEL_HEIGHT + 14},left=12,bottom=12,right=12]` },
    };
  };
  const roots = graph.nodes.filter((n) => n.parent === null).map(toElk);
  if (graph.initial !== null) roots.unshift({ id: startId(null), width: START, height: START });

  const labelled = new Map<string, string[]>();
  const edges: ElkExtendedEdge[] = graph.edges.map((e) => ({
    id: e.id,
    sources: [e.source],
    targets: [e.target],
    labels: e.moves.map((m, i) => {
      const parts = labelParts(m.guards);
      labelled.set(`${e.id}:${i}`, parts);
      const text = moveText(m.label ?? m.event, parts);
      return { id: `${e.id}:${i}`, text, width: textWidth(text, 11), height: LABEL_HEIGHT };
    }),
  }));
  const startEdges: ElkExtendedEdge[] = [];
  if (graph.initial !== null)
    startEdges.push({ id: `start:`, sources: [startId(null)], targets: [graph.initial] });
  for (const n of graph.nodes)
    if (n.children.length > 0 && n.initial !== null)
      startEdges.push({ id: `start:${n.id}`, sources: [startId(n.id)], targets: [n.initial] });

  const input: ElkNode = {
    id: "__root",
    layoutOptions: {
      "elk.algorithm": "layered",
      "elk.direction": "DOWN",
      "elk.hierarchyHandling": "INCLUDE_CHILDREN",
      "elk.layered.spacing.nodeNodeBetweenLayers": "48",
      "elk.spacing.nodeNode": "32",
      "elk.spacing.edgeLabel": "4",
      "elk.edgeLabels.inline": "false",
      "elk.layered.nodePlacement.strategy": "NETWORK_SIMPLEX",
      "elk.padding": "[top=16,left=16,bottom=16,right=16]",
      // Every coordinate relative to the whole chart, not to the parent or edge container.
      "elk.json.shapeCoords": "ROOT",
      "elk.json.edgeCoords": "ROOT",
    },
    children: roots,
    edges: [...edges, ...startEdges],
  };
  const root: ElkNode = await elk.layout(input);

  const nodes: LaidNode[] = [];
  const starts = new Map<string, Point>();
  const walk = (n: ElkNode, depth: number) => {
    for (const c of n.children ?? []) {
      const x = c.x ?? 0;
      const y = c.y ?? 0;
      const node = byId.get(c.id);
      if (node === undefined) starts.set(c.id, { x: x + START / 2, y: y + START / 2 });
      else
        nodes.push({
          node,
          x,
          y,
          width: c.width ?? 0,
          height: c.height ?? 0,
          compound: node.children.length > 0,
          depth,
        });
      walk(c, depth + 1);
    }
  };
  walk(root, 0);

  const pointsOf = (e: ElkExtendedEdge): Point[] =>
    (e.sections ?? []).flatMap((s) =>
      [s.startPoint, ...(s.bendPoints ?? []), s.endPoint].map((p) => ({ x: p.x, y: p.y })),
    );
  const laidEdges: LaidEdge[] = [];
  const startsOut: LaidStart[] = [];
  const edgeById = new Map(graph.edges.map((e) => [e.id, e]));
  for (const e of root.edges ?? []) {
    const edge = edgeById.get(e.id);
    if (edge === undefined) {
      const of = e.id === "start:" ? null : e.id.slice("start:".length);
      startsOut.push({ of, dot: starts.get(startId(of)) ?? { x: 0, y: 0 }, points: pointsOf(e) });
      continue;
    }
    laidEdges.push({
      edge,
      points: pointsOf(e),
      labels: edge.moves.map((move, i) => {
        const l = e.labels?.[i];
        return {
          move,
          parts: labelled.get(`${e.id}:${i}`) ?? [],
          x: l?.x ?? 0,
          y: l?.y ?? 0,
          width: l?.width ?? 0,
          height: l?.height ?? 0,
        };
      }),
    });
  }
  return {
    id: graph.id,
    width: Math.ceil(root.width ?? 0),
    height: Math.ceil(root.height ?? 0),
    nodes,
    edges: laidEdges,
    starts: startsOut,
  };
}

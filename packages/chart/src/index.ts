/**
 * @maumau/chart: a game's statechart (the engine's `chartOf(machine)`) as a graph, laid out
 * offline with elkjs and drawn as SVG or a standalone HTML page, or written as Mermaid or DOT.
 * Used by `maumau viz` and the web client alike.
 */
export * from "./graph.js";
export * from "./html.js";
export * from "./layout.js";
export * from "./svg.js";
export * from "./text.js";

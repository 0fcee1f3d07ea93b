/** @maumau/chart: a game's statechart as a graph, laid out offline (elkjs) and drawn as SVG. */
export * from "./graph.js";
export * from "./layout.js";
export * from "./svg.js";

// `pnpm bench` runs this: the load generator (bench/load.ts) with the flags it is given.
import "./load.js";

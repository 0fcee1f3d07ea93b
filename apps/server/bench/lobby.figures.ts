// `pnpm bench` runs this: lobby calls over tRPC HTTP (bench/lobby.ts) with the flags it is given.
import "./lobby.js";

import { parentPort, workerData } from "node:worker_threads";
import { isRefusal } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { playSimulatedGame, prepareSimulation } from "./simulate.js";
import type { ThreadJob } from "./simulateInThreads.js";

// One thread of `simulateInThreads`: plays games first, first + step, … and posts each result.
const job = workerData as ThreadJob;
const port = parentPort;
if (port === null) throw new Error("simulateWorker runs as a worker thread only");
const variant = findVariant(job.variant);
if (variant === undefined) throw new Error(`unknown variant "${job.variant}"`);
const prepared = prepareSimulation({ ...job.config, variant });
if (isRefusal(prepared)) throw new Error(prepared.message.en);
for (let index = job.first; index < job.config.games; index += job.step)
  port.postMessage(playSimulatedGame(prepared, index));

import { Worker } from "node:worker_threads";
import { isRefusal, type Refusal } from "@maumau/engine";
import {
  prepareSimulation,
  simulate,
  summarise,
  type GameResult,
  type SimulationConfig,
  type SimulationReport,
} from "./simulate.js";

/** What one thread is told: the simulation (its variant by id) and which games are its own. */
export interface ThreadJob {
  readonly variant: string;
  readonly config: Omit<SimulationConfig, "variant" | "onProgress">;
  readonly first: number;
  readonly step: number;
}

/**
 * `simulate` on `threads` worker threads: thread w plays games w, w + threads, …; every game
 * is seeded by its index alone, so the report is the one `simulate` prints for the same
 * config, save for the times. One thread (or one game) runs in-process.
 */
export async function simulateInThreads(
  config: SimulationConfig,
  threads: number,
): Promise<SimulationReport | Refusal> {
  const k = Math.max(1, Math.min(threads, config.games));
  if (k === 1) return simulate(config);
  const prepared = prepareSimulation(config);
  if (isRefusal(prepared)) return prepared;
  const { variant, onProgress, ...rest } = config;
  const results: GameResult[] = [];
  const started = performance.now();
  const workers = Array.from(
    { length: k },
    (_, first) =>
      new Worker(new URL("./simulateWorker.mjs", import.meta.url), {
        workerData: { variant: variant.id, config: rest, first, step: k } satisfies ThreadJob,
      }),
  );
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            worker.on("message", (game: GameResult) => {
              results.push(game);
              onProgress?.(results.length);
            });
            worker.once("error", reject);
            worker.once("exit", (code) =>
              code === 0 ? resolve() : reject(new Error(`a simulate thread exited with ${code}`)),
            );
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return summarise(prepared, results, (performance.now() - started) / 1000);
}

import { parentPort } from "node:worker_threads";
import { search, type AnyEngine } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import type { ThinkRequest, ThinkReply } from "./BotPool.js";

/**
 * A bot worker thread: it gets a seat's view and its filtered log (never the hidden state) and
 * answers the search bot's move. One request at a time; the pool queues the rest.
 */
parentPort!.on("message", (request: ThinkRequest) => {
  let reply: ThinkReply;
  try {
    const variant = findVariant(request.variant);
    if (variant === undefined) throw new Error(`unknown variant ${request.variant}`);
    const engine = variant.engine as AnyEngine;
    const started = performance.now();
    const result = search(
      engine,
      { seat: request.seat, view: request.view, log: request.log },
      { seed: request.seed, ...request.budget },
    );
    reply = {
      id: request.id,
      ok: true,
      command: result.command,
      playouts: result.playouts,
      ms: performance.now() - started,
    };
  } catch (error) {
    reply = {
      id: request.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    };
  }
  parentPort!.postMessage(reply);
});

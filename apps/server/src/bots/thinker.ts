import type { BotLevel, Command, SearchBudget, Seat } from "@maumau/engine";
import type { Match } from "../matches/Match.js";
import type { BotPool } from "./BotPool.js";

/**
 * How a server bot's move is computed, apart from applying it: a level the engine's bot table
 * marks `offEventLoop` (`search`) thinks in the worker pool, shown only the seat's view and its
 * filtered log (`log`: the match's engine events so far, which the caller reads from the store
 * when the cached match no longer keeps them all); the others answer at once on the event loop
 * (microseconds).
 */
export type BotThinker = (
  match: Match,
  seat: Seat,
  level: BotLevel,
  log: readonly { type: string }[],
) => Promise<Command>;

export interface BotThinkerOptions {
  /** The pool, made on the first search move (no threads for servers without search bots). */
  readonly pool: () => BotPool;
  readonly budget: SearchBudget;
  readonly random: () => number;
}

export function botThinker(options: BotThinkerOptions): BotThinker {
  return async (match, seat, level, log) => {
    const engine = match.engine;
    if (!engine.bots[level].offEventLoop)
      return engine.botMove(match.state, seat, level, options.random, log);
    const reply = await options.pool().think({
      variant: match.variant.id,
      seat,
      view: engine.view(match.state, seat),
      log: log.map((e) => engine.eventFor(e, seat)),
      seed: Math.floor(options.random() * 0x100000000),
      budget: options.budget,
    });
    if (!reply.ok) throw new Error(`search bot failed: ${reply.error}`);
    return reply.command;
  };
}

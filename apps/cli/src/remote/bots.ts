import type { AnyEngine, Bot, BotLevel, FamilyView } from "@maumau/engine";

/** A bot that plays over the network: it has its seat's pushed view and legal moves, nothing else. */
export type ViewBot = Bot<FamilyView>;

/**
 * The engine's bot of this level, fed the view the server pushed to the seat (the server's
 * `viewFor` of that seat) and the legal moves it listed: the level's `fromView` in the
 * engine's bot table. Null for a level that needs more than the view (`needsLog`: let the
 * server seat it).
 */
export function viewBot(engine: AnyEngine, level: BotLevel): ViewBot | null {
  return engine.bots[level].fromView ?? null;
}

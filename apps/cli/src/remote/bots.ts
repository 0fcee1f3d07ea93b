import {
  heuristicClassicBot,
  heuristicHeulDochBot,
  randomClassicBot,
  randomHeulDochBot,
  type Bot,
  type BotLevel,
  type ClassicView,
  type Command,
  type HeulDochView,
} from "@maumau/engine";

/** A bot that plays over the network: it has its seat's pushed view and legal moves, nothing else. */
export type ViewBot = (view: unknown, legal: readonly Command[], random: () => number) => Command;

/** The levels that decide from the pushed view alone (`search` needs the seat's whole log). */
export type ViewBotLevel = Exclude<BotLevel, "search">;

const classic: Readonly<Record<ViewBotLevel, Bot<ClassicView>>> = {
  random: randomClassicBot,
  heuristic: heuristicClassicBot,
};
const heulDoch: Readonly<Record<ViewBotLevel, Bot<HeulDochView>>> = {
  random: randomHeulDochBot,
  heuristic: heuristicHeulDochBot,
};

/**
 * The engine's bot of a family and level, fed the view the server pushed to the seat (the
 * server's `viewFor` of that seat) and the legal moves it listed. Null for an unknown family,
 * and for `search`, which needs the seat's event log (let the server seat a search bot).
 */
export function viewBot(family: string, level: BotLevel): ViewBot | null {
  if (level === "search") return null;
  switch (family) {
    case "classic": {
      const bot = classic[level];
      return (view, legal, random) => bot(view as ClassicView, legal, random);
    }
    case "heul-doch": {
      const bot = heulDoch[level];
      return (view, legal, random) => bot(view as HeulDochView, legal, random);
    }
    default:
      return null;
  }
}

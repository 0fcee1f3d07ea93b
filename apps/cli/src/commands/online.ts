import type { Command } from "commander";
import { showable, type HistoryResult, type MatchSummary } from "@maumau/client";
import type { Lang } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { exitOnUsageError, langOption, runCommand, UsageError } from "../args.js";
import { CardStyle } from "../play/cards.js";
import { TEXTS } from "../play/texts.js";
import { explain, notOver, OnlineError } from "../online/errors.js";
import { readHistory, Replay, saveHistory } from "../online/replay.js";
import { replayFullScreen, replayLines } from "../online/replayUi.js";
import { seatName } from "../online/render.js";
import { chalkFor, open, watchOnline } from "../online/session.js";
import { parseLink, resolveTarget } from "../online/target.js";
import { langOf, ONLINE_TEXTS } from "../online/texts.js";

/** Runs an online command: an OnlineError is one line on stderr and exit code 1. */
export async function onlineRun(body: () => Promise<number>): Promise<number> {
  // A reader that went away (`| head`) is not an error.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
    throw e;
  });
  try {
    return await body();
  } catch (error) {
    if (!(error instanceof OnlineError)) throw error;
    process.stderr.write(`maumau: ${error.message}\n`);
    return 1;
  }
}

interface CommonFlags {
  server?: string;
  match?: string;
  lang?: Lang;
  color: boolean;
}

export function registerOnlineCommands(program: Command): void {
  const list = program
    .command("list")
    .description("List the open and running matches on a server")
    .requiredOption("--server <url>", "the server, e.g. http://localhost:3000")
    .option("--all", "include finished matches")
    .addOption(langOption())
    .option("--no-color", "print without colours")
    .action(async (flags: CommonFlags & { all?: boolean }) => {
      const lang = langOf(flags.lang);
      await runCommand("list", lang, () => onlineRun(() => listCommand(flags, lang)));
    });
  exitOnUsageError(list);

  const watch = program
    .command("watch")
    .description("Watch a match live as a spectator (no hand is shown)")
    .requiredOption("--server <url>", "the server (or the match's link)")
    .option("--match <id|link>", "the match: its id or its link")
    .addOption(langOption())
    .option("--no-color", "print without colours")
    .action(async (flags: CommonFlags) => {
      const lang = langOf(flags.lang);
      await runCommand("watch", lang, () =>
        onlineRun(() =>
          watchOnline({
            target: resolveTarget(flags.server!, flags.match),
            lang,
            chalk: chalkFor(flags.color),
          }),
        ),
      );
    });
  exitOnUsageError(watch);

  const replay = program
    .command("replay")
    .description(
      "Step through a finished match move by move, every hand open (forwards and backwards)",
    )
    .option("--server <url>", "the server (or the match's link)")
    .option("--match <id|link>", "the match: its id or its link")
    .option("--file <log.json>", "a saved log (the JSON game.history returns) instead of a server")
    .option("--save <file>", "with --server: write the match's full log to this file and exit")
    .addOption(langOption())
    .option("--no-color", "print without colours")
    .addHelpText(
      "after",
      `
On a terminal: → n Enter next, ← b back, PgDn/PgUp ±10, Home/End, q quits.
Piped: one line per move: Enter or n next, b back, a number goes to that step, end, q.

Examples:
  maumau replay --server http://localhost:3000 --match Ab3dEf --save match.json
  maumau replay --file match.json`,
    )
    .action(async (flags: CommonFlags & { file?: string; save?: string }) => {
      const lang = langOf(flags.lang);
      await runCommand("replay", lang, () => onlineRun(() => replayCommand(flags, lang)));
    });
  exitOnUsageError(replay);
}

async function listCommand(flags: CommonFlags & { all?: boolean }, lang: Lang): Promise<number> {
  const { server } = parseLink(flags.server!);
  const connection = await open(server, lang);
  const c = chalkFor(flags.color);
  const o = ONLINE_TEXTS[lang];
  try {
    const lobbies = (await connection.api.lobby.list({
      status: flags.all ? ["open", "running", "over"] : ["open", "running"],
      limit: 200,
    })) as readonly MatchSummary[];
    if (lobbies.length === 0) {
      console.log(lang === "de" ? "Keine Partien." : "No matches.");
      return 0;
    }
    const rows = lobbies.map((l) => {
      const free = l.seats.filter((s) => s.kind === "empty").length;
      return [
        l.matchId,
        l.title === null ? l.variant : `${l.variant} (${showable(l.title)})`,
        o.status(l.status),
        l.seats.map((s, i) => (s.kind === "empty" ? o.empty : seatName(l, i, o))).join(", "),
        free > 0 && l.status !== "over" ? `${server}/m/${l.matchId}?join` : "",
      ];
    });
    const head =
      lang === "de"
        ? ["Partie", "Variante", "Status", "Plätze", "Einladungslink"]
        : ["match", "variant", "status", "seats", "share link"];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) =>
      r
        .map((x, i) => x.padEnd(widths[i]!))
        .join("  ")
        .trimEnd();
    console.log(c.bold(line(head)));
    for (const r of rows) console.log(line(r));
    return 0;
  } catch (error) {
    throw explain(error, lang, { server });
  } finally {
    connection.close();
  }
}

async function replayCommand(
  flags: CommonFlags & { file?: string; save?: string },
  lang: Lang,
): Promise<number> {
  if ((flags.file === undefined) === (flags.server === undefined))
    throw new UsageError({
      en: "give either --server (with --match) or --file",
      de: "gib entweder --server (mit --match) oder --file an",
    });
  let history: HistoryResult;
  if (flags.file !== undefined) {
    if (flags.save !== undefined)
      throw new UsageError({ en: "--save goes with --server", de: "--save gehört zu --server" });
    history = readHistory(flags.file, lang);
  } else {
    const target = resolveTarget(flags.server!, flags.match);
    if (target.matchId === null)
      throw new UsageError({
        en: "name the match: --match ID (or its link)",
        de: "nenne die Partie: --match ID (oder ihren Link)",
      });
    const connection = await open(target.server, lang);
    try {
      history = (await connection.api.game.history({
        matchId: target.matchId,
      })) as HistoryResult;
    } catch (error) {
      throw explain(error, lang, target);
    } finally {
      connection.close();
    }
    if (!history.full) throw notOver(lang, target.matchId);
  }
  const replay = new Replay(history, lang);
  if (flags.save !== undefined) {
    console.log(saveHistory(flags.save, history, lang));
    return 0;
  }
  const chalk = chalkFor(flags.color);
  const variant = findVariant(replay.variant.id)!;
  const look = {
    t: TEXTS[lang],
    o: ONLINE_TEXTS[lang],
    c: chalk,
    style: new CardStyle(variant.theme, lang, chalk, true),
    variantName: variant.names[lang],
  };
  if (process.stdout.isTTY === true && process.stdin.isTTY === true)
    await replayFullScreen(replay, look, lang);
  else await replayLines(replay, { ...look, width: 200 }, lang);
  return 0;
}

import { type Command, Option } from "commander";
import { BOT_LEVELS, type BotLevel, type Lang } from "@maumau/engine";
import { variantIds } from "@maumau/registry";
import { TURN_TIMER_MAX_MS, TURN_TIMER_MIN_MS } from "@maumau/client";
import {
  botLevelArg,
  checkOptions,
  checkPlayers,
  collect,
  exitOnUsageError,
  freshSeed,
  intArg,
  fromShownSeats,
  parseOptionPairs,
  runCommand,
  UsageError,
  variantOf,
} from "../args.js";
import { playLocalMatch } from "../play/session.js";
import { ScreenIo } from "../play/screen.js";
import { terminalIo } from "../play/terminal.js";
import { chalkFor, playOnline, type CreateRequest } from "../online/session.js";
import { onlineServer, resolveTarget } from "../online/target.js";
import { langOf } from "../online/texts.js";
import { onlineRun } from "./online.js";

interface PlayFlags {
  variant: string;
  bots: number;
  seat: number;
  lang?: Lang;
  server?: string;
  match?: string;
  name?: string;
  seats?: number;
  timer?: number;
  seed?: number;
  botLevel: BotLevel;
  option?: string[];
  color: boolean;
}

const GRAMMAR = `
Input, one command per line (the same in both languages, locally and online):
  3            play card 3 of your hand, as numbered on screen
  3 red        … and wish a colour with a wish card (name in either language, or number)
  3 mau        … and say "mau"; 3 maumau says "Mau-Mau"; 3 red mau combines both
  d            draw a card, or the pending penalty (also: z, draw)
  p            pass after drawing, where the variant allows it (also: pass)
  c <colour>   choose a colour when the game asks for one
  cut <n> [keep]  cut the deck after n cards (bavarian); cut alone cuts at random
  moves        list every legal move; m <k> makes legal move k (m <k> mau says mau with it)
  ?            help      q  quit
Locally, left-out choices are asked for: a wish card asks for its colour, and a play that
leaves you one card asks 'Say "mau"? (y/n)' (German: j/n). Online nothing asks for a call:
you say "mau" yourself, or forget it and the engine applies the penalty; a card that can be
played several ways lists the inputs for each way. Playable cards are marked *, and
"Moves:" lists every input that is legal now. When standard input ends, the match ends
cleanly (exit code 0).

Online (--server): the same tables as the browser, on the same server.
  --server URL                 create a match: --variant, --bots, --bot-level, --seats (more
                               seats than bots + 1 wait for friends: share the printed link),
                               --timer, --option; it starts once every seat is taken
  --server URL --match ID      join a match by id; --match may be the web's share link
                               (http://host:3000/m/ID?join), as may --server itself
  --name NAME                  your name at the table (remembered)
  --seat N                     the seat to take when joining, numbered as the table shows
                               it (from 1; else any free one)
The seat's token is kept in $XDG_CONFIG_HOME/maumau/seats.json (else ~/.config/maumau;
mode 0600, never printed): after a lost connection or a restart, the same command with
--match comes back to the seat.

On a terminal the table is a full screen redrawn in place, locally and online (hints,
refusals and questions in the message rows under it; Ctrl-L redraws); piped, it is printed
line by line and a "> " prompt asks for each move. In the lobby the
creator may type start (bots take the free seats) or bot (one bot); after a game, Enter or n starts the
next one; when the match is over, the full screen offers r for a rematch at the same seats.
Errors (server down, no such match, no free seat, a seat token no longer valid)
are one line on stderr, exit code 1.

Colours: off with --no-color or NO_COLOR. Language: --lang, else LC_ALL/LC_MESSAGES/LANG.

Examples:
  maumau play --variant noris --bots 3
  maumau play --variant tabaluga --bots 2 --lang de --option games=1
  printf '1\\nd\\n' | maumau play --variant noris --bots 1 --seed 7
  maumau play --server http://localhost:3000 --variant heul-doch --bots 2 --name Ann
  maumau play --server http://localhost:3000 --variant noris --seats 3 --bots 1 --timer 30
  maumau play --server 'http://localhost:3000/m/Ab3dEf?join' --name Bob`;

export function registerPlayCommand(program: Command): void {
  const cmd = program
    .command("play")
    .description(
      "Play a match in the terminal: against bots in-process, or online (--server) at the same tables as the browser",
    )
    .option("--variant <id>", `the variant: ${variantIds().join(", ")}`, "noris")
    .option(
      "--bots <n>",
      "number of bots at the table (online: 0 waits for friends)",
      intArg(0, 99),
      3,
    )
    .option(
      "--seat <n>",
      "your seat, numbered as the table shows it, from 1 (local: seat 1 deals the first game; online: the seat to take when joining)",
      intArg(0, 99),
      1,
    )
    .addOption(
      new Option("--lang <lang>", "language of the table (default: from LC_ALL/LANG)").choices([
        "de",
        "en",
      ]),
    )
    .option("--server <url>", "play online on this server (or paste a match's share link here)")
    .option("--match <id|link>", "online: join this match (its id, or the web's share link)")
    .option("--name <name>", "online: your name at the table (remembered)")
    .option(
      "--seats <n>",
      "online: seats of a new match (default: bots + 1; more = wait for friends)",
      intArg(2, 16),
    )
    .option(
      "--timer <seconds>",
      `online: turn timer of a new match, ${TURN_TIMER_MIN_MS / 1000}–${TURN_TIMER_MAX_MS / 1000} s (a bot moves when it runs out)`,
      intArg(TURN_TIMER_MIN_MS / 1000, TURN_TIMER_MAX_MS / 1000),
    )
    .option("--seed <n>", "seed of the shuffles and the bots (default: random)", intArg(0))
    .option(
      "--bot-level <level>",
      `how the bots play: ${BOT_LEVELS.join(", ")}`,
      botLevelArg,
      "heuristic" as BotLevel,
    )
    .option("--option <key=value>", "a variant option, repeatable (e.g. games=1)", collect)
    .option("--no-color", "print without colours")
    .addHelpText("after", GRAMMAR)
    .action(async (flags: PlayFlags, command: Command) => {
      await runCommand("play", langOf(flags.lang), () => {
        const server = onlineServer(flags.server, flags.match);
        return server === undefined
          ? playCommand(flags)
          : playServerCommand(
              { ...flags, server },
              (name) => command.getOptionValueSource(name) === "cli",
            );
      });
    });
  exitOnUsageError(cmd);
}

/** `play --server`: create or join a match on a server and play it at the terminal. */
async function playServerCommand(
  flags: PlayFlags,
  given: (option: string) => boolean,
): Promise<number> {
  if (given("seed"))
    throw new UsageError({
      en: "--seed is for local play: online, the server shuffles",
      de: "--seed gilt für lokales Spiel: online mischt der Server",
    });
  const target = resolveTarget(flags.server!, flags.match);
  const lang = langOf(flags.lang);
  let create: CreateRequest | null = null;
  if (target.matchId === null) {
    const variant = variantOf(flags.variant);
    const seats = flags.seats ?? flags.bots + 1;
    checkPlayers(variant, seats);
    if (flags.bots >= seats)
      throw new UsageError({
        en: `--bots ${flags.bots} leaves you no seat at a table of ${seats}`,
        de: `--bots ${flags.bots} lässt dir an einem Tisch mit ${seats} Plätzen keinen Platz`,
      });
    const options = fromShownSeats(variant, parseOptionPairs(flags.option ?? []));
    checkOptions(variant, options);
    create = {
      variant,
      options,
      seats,
      bots: flags.bots,
      botLevel: flags.botLevel,
      turnTimerMs: flags.timer === undefined ? null : flags.timer * 1000,
    };
  } else if (["variant", "bots", "option", "seats", "timer", "botLevel"].some(given))
    throw new UsageError({
      en: "--variant, --bots, --bot-level, --seats, --timer and --option create a match; --match joins one",
      de: "--variant, --bots, --bot-level, --seats, --timer und --option legen eine Partie an; --match tritt einer bei",
    });
  return onlineRun(() =>
    playOnline({
      target,
      lang,
      chalk: chalkFor(flags.color),
      name: flags.name,
      seat: given("seat") ? onlineSeat(flags.seat) : undefined,
      create,
    }),
  );
}

/** Online seats are numbered as every table shows them, from 1 (the web's numbers). */
function onlineSeat(shown: number): number {
  if (shown < 1)
    throw new UsageError({
      en: "--seat counts from 1 online, as the table shows the seats",
      de: "--seat zählt online von 1 an, wie der Tisch die Plätze zeigt",
    });
  return shown - 1;
}

async function playCommand(flags: PlayFlags): Promise<number> {
  const variant = variantOf(flags.variant);
  const players = flags.bots + 1;
  checkPlayers(variant, players);
  // Seats are numbered from 1, as every table shows them (#20.10).
  if (flags.seat < 1 || flags.seat > players)
    throw new UsageError({
      en: `--seat must be a seat of the table: 1–${players}`,
      de: `--seat muss ein Platz am Tisch sein: 1–${players}`,
    });
  const options = fromShownSeats(variant, parseOptionPairs(flags.option ?? []));
  checkOptions(variant, options);
  // A reader that went away (`| head`) is not an error.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
    throw e;
  });
  // A person at a terminal plays at the full screen of online play; pipes print lines.
  const io =
    process.stdin.isTTY === true && process.stdout.isTTY === true ? new ScreenIo() : terminalIo();
  try {
    return await playLocalMatch(
      {
        variant,
        players,
        seat: flags.seat - 1,
        seed: flags.seed ?? freshSeed(),
        bots: flags.botLevel,
        options,
        lang: langOf(flags.lang),
        chalk: chalkFor(flags.color),
      },
      io,
    );
  } finally {
    io.close();
  }
}

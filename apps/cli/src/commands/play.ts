import { type Command, Option } from "commander";
import chalk, { Chalk } from "chalk";
import { BOT_LEVELS, type BotLevel, type Lang } from "@maumau/engine";
import { variantIds } from "@maumau/registry";
import {
  botLevelArg,
  checkOptions,
  checkPlayers,
  collect,
  exitOnUsageError,
  freshSeed,
  intArg,
  parseOptionPairs,
  runCommand,
  UsageError,
  variantOf,
} from "../args.js";
import { playMatch } from "../play/session.js";
import { terminalIo } from "../play/terminal.js";

interface PlayFlags {
  variant: string;
  bots: number;
  seat: number;
  lang: Lang;
  seed?: number;
  botLevel: BotLevel;
  option?: string[];
  color: boolean;
}

const GRAMMAR = `
Input, one command per line (the same in both languages):
  3            play card 3 of your hand, as numbered on screen
  3 red        … and wish a colour with a wish card (name in either language, or number)
  3 mau        … and say "mau"; 3 maumau says "Mau-Mau"; 3 red mau combines both
  d            draw a card, or the pending penalty (also: z, draw)
  p            pass after drawing, where the variant allows it (also: pass)
  c <colour>   choose a colour when the game asks for one
  cut <n> [keep]  cut the deck after n cards (bavarian); cut alone cuts at random
  moves        list every legal move; m <k> makes legal move k
  ?            help      q  quit
Left-out choices are asked for: a wish card asks for its colour, and a play that leaves
you one card asks 'Say "mau"? (y/n)' (German: j/n; the last card asks for "Mau-Mau" where
the variant wants it). Forgetting a call is allowed; the engine applies the penalty. Empty or unknown
input asks again with a hint. Playable cards are marked *, and "Moves:" lists every input
that is legal now. When standard input ends, the match ends cleanly (exit code 0).

Examples:
  maumau play --variant noris --bots 3
  maumau play --variant tabaluga --bots 2 --lang de --option games=1
  printf '1\\nd\\n' | maumau play --variant noris --bots 1 --seed 7`;

export function registerPlayCommand(program: Command): void {
  const cmd = program
    .command("play")
    .description("Play a match in the terminal against bots (in-process, no server)")
    .option("--variant <id>", `the variant: ${variantIds().join(", ")}`, "noris")
    .option("--bots <n>", "number of bots at the table", intArg(1, 99), 3)
    .option("--seat <n>", "your seat (seat 0 deals the first game)", intArg(0, 99), 0)
    .addOption(
      new Option("--lang <lang>", "language of the table").choices(["de", "en"]).default("en"),
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
    .action(async (flags: PlayFlags) => {
      await runCommand("play", () => playCommand(flags));
    });
  exitOnUsageError(cmd);
}

async function playCommand(flags: PlayFlags): Promise<number> {
  const variant = variantOf(flags.variant);
  const players = flags.bots + 1;
  checkPlayers(variant, players);
  if (flags.seat >= players)
    throw new UsageError(`--seat must be a seat of the table: 0–${players - 1}`);
  const options = parseOptionPairs(flags.option ?? []);
  checkOptions(variant, options);
  // A reader that went away (`| head`) is not an error.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
    throw e;
  });
  const io = terminalIo();
  try {
    return await playMatch(
      {
        variant,
        players,
        seat: flags.seat,
        seed: flags.seed ?? freshSeed(),
        bots: flags.botLevel,
        options,
        lang: flags.lang,
        chalk: flags.color ? chalk : new Chalk({ level: 0 }),
      },
      io,
    );
  } finally {
    io.close();
  }
}

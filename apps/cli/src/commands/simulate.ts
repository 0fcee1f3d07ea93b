import { appendFileSync } from "node:fs";
import { type Command, Option } from "commander";
import cliProgress from "cli-progress";
import {
  BOT_LEVELS,
  isRefusal,
  type AnyEngine,
  type BotLevel,
  type Lang,
  type SearchBudget,
} from "@maumau/engine";
import { variantIds } from "@maumau/registry";
import {
  argumentError,
  botLevelArg,
  botListArg,
  checkOptions,
  checkPlayers,
  collect,
  exitOnUsageError,
  freshSeed,
  intArg,
  langOption,
  parseOptionPairs,
  runCommand,
  UsageError,
  variantOf,
} from "../args.js";
import { checkReachable } from "../online/errors.js";
import { langOf } from "../online/texts.js";
import {
  simulateRemote,
  type RemoteAck,
  type RemoteGameResult,
  type RemoteSimulationReport,
} from "../remote/remoteSimulate.js";
import {
  DEFAULT_MAX_MOVES,
  SIMULATION_ENGINES,
  type SimulationEngine,
  type SimulationReport,
} from "../simulate.js";
import { simulateInThreads } from "../simulateInThreads.js";
import { SIMULATE_TEXTS } from "../simulateTexts.js";
import { onlineRun } from "./online.js";

export interface SimulateFlags {
  variant: string;
  players: number;
  games: number;
  bots: BotLevel[];
  botsLevel?: BotLevel;
  seed?: number;
  option?: string[];
  maxMoves: number;
  json?: boolean;
  server?: string[];
  concurrency: number;
  rate: number;
  timeout: number;
  reconnect?: boolean;
  acks?: string;
  searchPlayouts?: number;
  searchMs?: number;
  threads: number;
  engine: SimulationEngine;
  exactDeals?: boolean;
  lang?: Lang;
}

/** Progress on stderr, in `lang`: a bar on a terminal, a plain line now and then otherwise. */
function progressReporter(
  total: number,
  lang: Lang,
): { tick: (done: number) => void; stop: () => void } {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream: process.stderr,
        format: SIMULATE_TEXTS[lang].bar,
        etaBuffer: 200,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0);
    return { tick: (done) => bar.update(done), stop: () => bar.stop() };
  }
  let last = performance.now();
  return {
    tick: (done) => {
      const now = performance.now();
      if (now - last < 2000 || done === total) return;
      last = now;
      process.stderr.write(`${SIMULATE_TEXTS[lang].progress(done, total)}\n`);
    },
    stop: () => {},
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const num = (x: number, digits = 0, fixed = true) =>
  x.toLocaleString("en-US", {
    maximumFractionDigits: digits,
    minimumFractionDigits: fixed ? digits : 0,
  });

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r.map((cell, i) =>
        /^[\d-]/.test(cell) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!),
      ),
    )
    .map((r) => r.join("  ").trimEnd())
    .join("\n");
}

export function formatReport(r: SimulationReport): string {
  const summary = table([
    ["engine", r.engine + (r.engineNote ? ` (${r.engineNote})` : "")],
    ["games", num(r.games)],
    ["errors", num(r.errors)],
    ["stuck", num(r.stuck)],
    ["drawn/stalled", num(r.drawn)],
    ["avg moves/game", num(r.averageMoves, 1)],
    ["time", `${num(r.seconds, 2)} s`],
    ["games/s", num(r.gamesPerSecond)],
    ["moves/s", num(r.movesPerSecond)],
  ]);
  const seats = table([
    ["seat", "wins", "win rate"],
    ...r.seats.map((s) => [String(s.seat), num(s.wins, 1, false), pct(s.winRate)]),
  ]);
  const levels = table([
    ["bot", "seats", "wins", "win rate", "per seat", "95 % CI (Wilson)", "ms/move"],
    ...r.levels.map((l) => [
      l.bot,
      String(l.seats),
      num(l.wins, 1, false),
      pct(l.winRate),
      pct(l.winRatePerSeat),
      `${pct(l.ci95.low)} – ${pct(l.ci95.high)}`,
      num(l.msPerMove, 2),
    ]),
  ]);
  const options = Object.keys(r.options).length ? `, options ${JSON.stringify(r.options)}` : "";
  const search = r.search
    ? `, search ${[
        r.search.playouts === undefined ? "" : `${r.search.playouts} playouts`,
        r.search.ms === undefined ? "" : `${r.search.ms} ms`,
      ]
        .filter(Boolean)
        .join(" or ")}`
    : "";
  return [
    `${r.variant}: ${r.players} players, bots ${r.bots.join(",")}, seed ${r.seed}${options}${search}`,
    "",
    summary,
    "",
    "Wins by seat position (levels rotate: game i seats at s the level game 0 had at s + i):",
    seats,
    "",
    levels,
    "",
  ].join("\n");
}

export function formatRemoteReport(r: RemoteSimulationReport): string {
  const w = r.wire;
  const summary = table([
    ["matches", num(r.games)],
    ["finished", num(r.finished)],
    ["errors", num(r.errors)],
    ["stuck", num(r.stuck)],
    ["games in them", num(r.gamesPlayed)],
    ["moves", num(r.moves)],
    ["avg moves/match", num(r.averageMoves, 1)],
    ["time", `${num(r.seconds, 2)} s`],
    ["matches/s", num(r.gamesPerSecond, 2)],
    ["games/s", num(r.seconds > 0 ? r.gamesPlayed / r.seconds : 0, 2)],
    ["moves/s", num(r.movesPerSecond)],
  ]);
  const wire = table([
    ["disconnects", num(w.disconnects)],
    ["reconnects", num(w.reconnects)],
    ["resent commands", num(w.retries)],
    ["rate limited", num(w.rateLimited)],
    ["gaps caught up", num(w.gaps)],
    ["watches to catch up", num(w.resyncs)],
    ["duplicate frames", num(w.duplicates)],
  ]);
  const options = Object.keys(r.options).length ? `, options ${JSON.stringify(r.options)}` : "";
  return [
    `${r.variant} over ${r.servers.join(", ")}: ${r.players} players, bots ${r.bots.join(",")}, ` +
      `concurrency ${r.concurrency}${options}`,
    "",
    summary,
    "",
    wire,
    "",
  ].join("\n");
}

/** A match of `simulate --server` that failed, and why, in `lang`. */
export const remoteFailureLine = (f: RemoteGameResult, lang: Lang): string =>
  SIMULATE_TEXTS[lang].remoteFailed(f, f.why?.[lang] ?? f.error);

/** `simulate --server --json`: the report as a machine reads it (each failure's `error` in English). */
export const remoteReportJson = (r: RemoteSimulationReport): string =>
  JSON.stringify({ ...r, failures: r.failures.map(({ why: _why, ...f }) => f) }, null, 2) + "\n";

/** `--server a,b`: base URLs of running servers. */
function serverListArg(text: string, previous: string[] = []): string[] {
  const urls = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (urls.length === 0)
    throw argumentError({
      en: "name at least one server URL.",
      de: "Nenne mindestens eine Server-URL.",
    });
  for (const url of urls) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw argumentError({ en: `${url} is not a URL.`, de: `${url} ist keine URL.` });
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
      throw argumentError({
        en: `${url} is not an http(s) URL.`,
        de: `${url} ist keine http(s)-URL.`,
      });
  }
  return [...previous, ...urls.map((u) => u.replace(/\/+$/, ""))];
}

export function registerSimulateCommand(program: Command): void {
  const cmd = program
    .command("simulate")
    .description(
      "Play many bot games in-process (or against servers with --server) and report errors, " +
        "stuck games and win rates",
    )
    .option("--variant <id>", `the variant: ${variantIds().join(", ")}`, "noris")
    .option("--players <n>", "players per game", intArg(1, 1000), 4)
    .option("--games <n>", "games to play", intArg(1), 1000)
    .addOption(
      new Option(
        "--bots <levels>",
        `bot levels, comma separated, given to seats in turn (${BOT_LEVELS.join(", ")})`,
      )
        .argParser(botListArg)
        .default(["heuristic"], "heuristic"),
    )
    .option(
      "--seed <n>",
      "base seed; game i plays a seed derived from it (default: random)",
      intArg(0),
    )
    .option("--option <key=value>", "a variant option, repeatable (e.g. games=1)", collect)
    .option(
      "--max-moves <n>",
      "moves after which a game counts as stuck",
      intArg(1),
      DEFAULT_MAX_MOVES,
    )
    .option(
      "--search-playouts <n>",
      "search bots: playouts per move (deterministic under --seed)",
      intArg(1, 1_000_000),
    )
    .option("--search-ms <n>", "search bots: milliseconds per move at most", intArg(1, 60_000))
    .option(
      "--threads <k>",
      "in-process: worker threads playing games side by side (the same report, faster)",
      intArg(1, 64),
      1,
    )
    .addOption(
      new Option(
        "--engine <where>",
        "in-process: fast (the engine's fast path where the variant and every bot level have one, else decide) or decide",
      )
        .choices(SIMULATION_ENGINES)
        .default("fast"),
    )
    .option(
      "--exact-deals",
      "with --engine fast: deal every game from its seed as the engine does (slower): the same games and report as --engine decide",
    )
    .option("--json", "print the report as JSON")
    .addOption(
      new Option(
        "--bots-level <level>",
        "one bot level for every seat (as --bots <level>)",
      ).argParser(botLevelArg),
    )
    .option(
      "--server <urls>",
      "play against running servers (comma separated; seats connect to them in turn)",
      serverListArg,
    )
    .option("--concurrency <k>", "with --server: matches in flight at once", intArg(1, 256), 4)
    .option(
      "--rate <n>",
      "with --server: messages per second per connection (the server's COMMAND_RATE)",
      intArg(1, 100_000),
      20,
    )
    .option(
      "--timeout <seconds>",
      "with --server: a match with no new version for this long is stuck",
      intArg(1, 3600),
      30,
    )
    .option(
      "--reconnect",
      "with --server: after a lost connection, reconnect, catch up and resend (same command id)",
    )
    .option(
      "--acks <file>",
      "with --server: append each acknowledged command to this file as a JSON line " +
        "(matchId, seat, commandId, version), written before the next move",
    )
    .addOption(langOption())
    .addHelpText(
      "after",
      `
Each game is the first game of a fresh match, played by bots until it is over: with --engine
fast (the default) on the engine's fast path (integer moves, no events; random and heuristic
bots; Heul doch! and the classic variants but the Bavarian cut), else on the engine's apply,
every bot shown its seat's view (the report names the engine used and why not fast). The fast
path deals from its own generator; with --exact-deals it plays the games --engine decide
plays under the same seed, move for move. Games are seeded by their index, so --threads k plays the same games (k at a time, in
worker threads) and prints the same report apart from the times. Levels rotate: game i seats at seat s the level game 0 had at seat s + i, so every
level plays every position equally often. Win rates per level come with a 95 % Wilson
interval; ms/move is the mean time a level took to choose a move (machine dependent). A refused bot move counts as an error; a game still running after --max-moves moves
counts as stuck. Exit code 1 if any game erred or got stuck, 2 for a bad call.

With --server the games are played through the servers as a client would: each game is a
fresh match played to its end; every seat is its own socket.io connection with its own seat
token and watch, and its bot decides from the view and legal moves the server pushed to that
seat, nothing else. Refused commands, lost connections and timeouts are errors (with
--reconnect a lost connection is waited out: reconnect, catch up, resend with the same
command id); a match with no new version for --timeout seconds is stuck. Each server is asked
first (/healthz): one that does not answer is one line and exit code 1, before any match.

Examples:
  maumau simulate --variant noris --players 4 --games 10000 --bots random,heuristic --seed 1
  maumau simulate --variant french --games 400 --bots search,heuristic,random,random --search-playouts 200 --threads 2
  maumau simulate --server http://127.0.0.1:3000 --variant french --games 50 --players 3
  maumau simulate --server http://a:3000,http://b:3000 --variant noris --games 50 --concurrency 8`,
    )
    .action(async (flags: SimulateFlags) => {
      const lang = langOf(flags.lang);
      await runCommand("simulate", lang, () =>
        flags.server === undefined ? simulateCommand(flags, lang) : simulateRemoteRun(flags, lang),
      );
    });
  exitOnUsageError(cmd);
}

/** `--search-playouts`/`--search-ms` as a budget; neither: the engine's default. */
function searchBudget(flags: SimulateFlags): { search?: SearchBudget } {
  if (flags.searchPlayouts === undefined && flags.searchMs === undefined) return {};
  return {
    search: {
      ...(flags.searchPlayouts === undefined ? {} : { playouts: flags.searchPlayouts }),
      ...(flags.searchMs === undefined ? {} : { ms: flags.searchMs }),
    },
  };
}

async function simulateCommand(flags: SimulateFlags, lang: Lang): Promise<number> {
  const variant = variantOf(flags.variant);
  checkPlayers(variant, flags.players);
  const options = parseOptionPairs(flags.option ?? []);
  const seed = flags.seed ?? freshSeed();
  const progress = progressReporter(flags.games, lang);
  const report = await simulateInThreads(
    {
      variant,
      players: flags.players,
      games: flags.games,
      bots: flags.botsLevel ? [flags.botsLevel] : flags.bots,
      seed,
      options,
      maxMoves: flags.maxMoves,
      engine: flags.engine,
      ...(flags.exactDeals ? { exactDeals: true } : {}),
      ...searchBudget(flags),
      onProgress: progress.tick,
    },
    flags.threads,
  );
  progress.stop();
  if (isRefusal(report)) throw new UsageError(report.message);
  if (flags.json) process.stdout.write(JSON.stringify(report, null, 2) + "\n");
  else process.stdout.write(formatReport(report));
  for (const f of report.failures) process.stderr.write(`${SIMULATE_TEXTS[lang].failed(f)}\n`);
  return report.errors > 0 || report.stuck > 0 ? 1 : 0;
}

/**
 * `simulate --server` as every online command runs: a server that does not answer `/healthz`
 * is one line on stderr (`maumau: …`, in `lang`) and exit code 1, before any match.
 */
export const simulateRemoteRun = (flags: SimulateFlags, lang: Lang): Promise<number> =>
  onlineRun(() => simulateRemoteCommand(flags, lang));

async function simulateRemoteCommand(flags: SimulateFlags, lang: Lang): Promise<number> {
  const variant = variantOf(flags.variant);
  checkPlayers(variant, flags.players);
  const options = parseOptionPairs(flags.option ?? []);
  checkOptions(variant, options);
  if (flags.threads > 1)
    throw new UsageError({
      en: "--threads plays in-process; with --server use --concurrency",
      de: "--threads spielt im Prozess; mit --server nimm --concurrency",
    });
  const engine = variant.engine as AnyEngine;
  const needsLog = (flags.botsLevel ? [flags.botsLevel] : flags.bots).find(
    (level) => engine.bots[level].needsLog,
  );
  if (needsLog !== undefined)
    throw new UsageError({
      en:
        `--bots ${needsLog} plays in-process only: a client sees its seat's view, not the log ` +
        `that level reads. Seat ${needsLog} bots on the server (play --bot-level ${needsLog}).`,
      de:
        `--bots ${needsLog} spielt nur im Prozess: ein Client sieht die Sicht seines Platzes, ` +
        `nicht das Protokoll, das diese Stufe liest. Setz ${needsLog}-Bots auf dem Server ein ` +
        `(play --bot-level ${needsLog}).`,
    });
  for (const server of flags.server ?? []) await checkReachable(server, lang);
  const progress = progressReporter(flags.games, lang);
  const report = await simulateRemote({
    servers: flags.server ?? [],
    variant,
    players: flags.players,
    games: flags.games,
    bots: flags.botsLevel ? [flags.botsLevel] : flags.bots,
    options,
    concurrency: flags.concurrency,
    seed: flags.seed ?? freshSeed(),
    maxMoves: flags.maxMoves,
    stallMs: flags.timeout * 1000,
    rpcTimeoutMs: Math.min(flags.timeout * 1000, 15_000),
    rate: flags.rate,
    reconnect: flags.reconnect === true,
    onProgress: progress.tick,
    ...(flags.acks === undefined
      ? {}
      : { onAck: (ack: RemoteAck) => appendFileSync(flags.acks!, `${JSON.stringify(ack)}\n`) }),
  });
  progress.stop();
  if (flags.json) process.stdout.write(remoteReportJson(report));
  else process.stdout.write(formatRemoteReport(report));
  for (const f of report.failures) process.stderr.write(`${remoteFailureLine(f, lang)}\n`);
  return report.errors > 0 || report.stuck > 0 ? 1 : 0;
}
